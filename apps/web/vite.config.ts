import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; smaller ones fit in a packet anyway. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy next to every built text file, compressed once at the strongest levels, so the
 * server sends them as they are (@fastify/static `preCompressed`, apps/server/src/platform/plugins/web.ts) and spends no
 * CPU on compression per request. Uncompressed, the first load was about three times as large (docs/decisions/019).
 */
function precompress(): Plugin {
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

/**
 * zod, its react-hook-form resolver and the modules of @clinora/contracts that build schemas: every module of the
 * package but the few listed here, which hold plain constants and functions. Building the schemas is work done
 * when their chunk is evaluated, so a page that shows data without a form (Compromissos' list) loads them only
 * when a form opens (docs/decisions/019).
 */
const SCHEMA_MODULES =
  /[\\/]node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](?!(enums|constants|messages|cpf|phone|zoned-time|web-chat-limits|index)\.ts$)/;

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
