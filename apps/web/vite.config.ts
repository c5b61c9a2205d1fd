import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./vite.precompress";

/**
 * zod, its react-hook-form resolver and the modules of @clinora/contracts that build schemas: every module of the
 * package but the few listed here, which hold plain constants and functions. Building the schemas is work done
 * when their chunk is evaluated, so a page that shows data without a form (Compromissos' list) loads them only
 * when a form opens (docs/decisions/019).
 */
const SCHEMA_MODULES =
  /[\\/]node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](?!(enums|constants|messages|cpf|phone|zoned-time|web-chat-limits|cancel-notice|date-display|index)\.ts$)/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
  build: {
    outDir: "dist",
    // dist/.vite/manifest.json: the chunk graph, read by `npm run bench:web` to size the first load.
    manifest: true,
    rolldownOptions: {
      // The app only: the public chat page is built on its own (vite.chat.config.ts), so the chunk groups below
      // never pull it into the app's bundles.
      input: { main: fileURLToPath(new URL("./index.html", import.meta.url)) },
      output: {
        // Five groups (docs/decisions/019-web-first-load.md):
        // - react: React and the router, which change less often than the app, so they stay cached across deploys;
        // - first-screen: everything else the login screen imports, and nothing more;
        // - schemas: zod and the shared schemas, which forms need and lists do not (SCHEMA_MODULES);
        // - libs: the other libraries (Radix, date-fns...), fetched once after sign-in rather than a few
        //   kilobytes per page in dozens of requests;
        // - common: the app's own shared pieces (components, lib, contracts) used by several pages.
        // Each page is then one small chunk of its own.
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 5 },
            { name: "first-screen", tags: ["$initial"], priority: 4 },
            { name: "libs", test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !SCHEMA_MODULES.test(id), priority: 3 },
            {
              name: "common",
              test: (id: string) => /[\\/](src[\\/](components|lib|hooks)|packages[\\/]contracts)[\\/]/.test(id) && !SCHEMA_MODULES.test(id),
              minShareCount: 2,
              priority: 2,
            },
            { name: "schemas", test: SCHEMA_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
});
