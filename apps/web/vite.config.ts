import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./vite-precompress";

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
      output: {
        // React and the router change less often than the app: in their own chunk they stay cached across deploys.
        // Every other library goes where the bundler puts it, with the pages that use it: one chunk of all of
        // node_modules made the login screen download the libraries of every page (issue 13).
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
