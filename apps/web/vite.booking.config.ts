import { fileURLToPath, URL } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./vite.precompress";

/** The most JavaScript the booking page may load (docs/decisions/028): the build fails above it. */
export const BOOKING_PAGE_JS_MAX_BYTES = 30 * 1024;

/** Fails the build when the page's scripts, together, pass the limit (raw bytes, before compression). */
function jsBudget(): Plugin {
  return {
    name: "clinora:booking-js-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const bytes = Object.values(bundle)
        .filter((output) => output.type === "chunk")
        .reduce((sum, chunk) => sum + Buffer.byteLength(chunk.type === "chunk" ? chunk.code : ""), 0);
      if (bytes > BOOKING_PAGE_JS_MAX_BYTES) this.error(`The booking page loads ${bytes} bytes of JavaScript, over the ${BOOKING_PAGE_JS_MAX_BYTES} allowed (docs/decisions/028).`);
      this.info(`booking page JavaScript: ${bytes} bytes (limit ${BOOKING_PAGE_JS_MAX_BYTES})`);
    },
  };
}

/**
 * The public booking page (docs/decisions/028), built after the app into the same dist/ but on its own, like the web
 * chat page: it must stay small (at most 30 KiB of JavaScript, checked here) and never load the React app.
 */
export default defineConfig({
  plugins: [jsBudget(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: { booking: fileURLToPath(new URL("./booking.html", import.meta.url)) },
    },
  },
});
