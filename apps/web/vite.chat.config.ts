import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import { AFTER_THE_APP } from "./vite.after-app";
import { precompress } from "./vite.precompress";

/**
 * The public web chat page (docs/decisions/016), built after the app into the same dist/ but on its own: it must
 * stay small (under 30 KiB gzip) and never load the React app, which a shared build's chunk groups
 * (vite.config.ts, docs/decisions/019) would otherwise make it do.
 */
export default defineConfig({
  plugins: [precompress()],
  build: {
    ...AFTER_THE_APP,
    rolldownOptions: {
      input: { chat: fileURLToPath(new URL("./chat.html", import.meta.url)) },
    },
  },
});
