import { defineConfig } from "vite";
import { AFTER_THE_APP } from "./vite.after-app";
import { precompress } from "./vite.precompress";

/**
 * The embed script as one classic script at a fixed address (dist/widget.js), built after the app
 * (docs/decisions/016): clinics paste its URL once, so it is never fingerprinted, and it imports nothing.
 */
export default defineConfig({
  plugins: [precompress()],
  build: {
    ...AFTER_THE_APP,
    lib: { entry: "src/web-chat/widget.ts", formats: ["iife"], name: "ClinoraChat", fileName: () => "widget.js" },
  },
});
