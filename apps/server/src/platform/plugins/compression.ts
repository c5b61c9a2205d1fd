import type { FastifyInstance } from "fastify";
import fastifyCompress from "@fastify/compress";
import { constants } from "node:zlib";

/** Answers smaller than this go as they are: they fit in one packet anyway. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli or gzip, as the browser accepts, on every answer above 1 KiB that is not compressed already: API JSON (the
 * booking page's free times, lists), the public pages and any file without a pre-compressed copy. The web build's
 * own .br/.gz copies still go as they are (`preCompressed` in plugins/web.ts sets Content-Encoding, which this plugin
 * leaves alone), so built files cost no CPU per request. Brotli at quality 4: most of the gain of the top levels for
 * JSON at a small fraction of their CPU (docs/decisions/033).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
