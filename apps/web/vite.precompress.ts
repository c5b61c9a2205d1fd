import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; smaller ones fit in a packet anyway. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy next to every built text file, compressed once at the strongest levels, so the
 * server sends them as they are (@fastify/static `preCompressed`, apps/server/src/platform/plugins/web.ts) and spends no
 * CPU on compression per request. Uncompressed, the first load was about three times as large (docs/decisions/019). Every build uses it: the app, the chat page, the embed script and the booking page
 * (docs/decisions/033).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "clinora:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((output) => COMPRESSIBLE.test(output.fileName));
      await Promise.all(
        files.map(async (output) => {
          const content = output.type === "chunk" ? output.code : output.source;
          const buffer = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
          if (buffer.length < MIN_BYTES) return;
          const file = path.join(outDir, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(buffer, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            }),
            gzipAsync(buffer, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

