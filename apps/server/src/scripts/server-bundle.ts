/**
 * The server bundle `npm start` runs (docs/decisions/005): src/server.ts with packages/contracts and the pure
 * JavaScript dependencies in one ES module, so Node starts it without tsx transforming TypeScript on load.
 */
import path from "node:path";
import { build } from "esbuild";
import { serverDir } from "../server-dir";

/**
 * Left out of the bundle and loaded from node_modules as they are: each has native or WebAssembly parts or reads
 * files next to its own code (argon2's .node binary, PGlite's WebAssembly and data files, the API docs' UI
 * assets, the OpenAPI plugin's package.json, pdfkit's standard fonts reached through its package imports).
 * pg-native is pg's optional native driver, never installed here: pg requires it only when `pg.native` is read.
 */
export const SERVER_BUNDLE_EXTERNALS = [
  "@node-rs/argon2",
  "@electric-sql/pglite",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "pg-native",
  "pdfkit",
];

/** Where `npm run build -w @clinora/server` writes the bundle, and where `npm start` runs it from. */
export const SERVER_BUNDLE_DIR = path.join(serverDir, "dist");

/**
 * Bundles the server into `outDir`/server.js (with its source map) and returns that file. `outDir` must lie inside
 * the repository: the external packages are found in the node_modules folders above it.
 */
export async function buildServerBundle(outDir: string = SERVER_BUNDLE_DIR): Promise<string> {
  const outfile = path.join(outDir, "server.js");
  await build({
    entryPoints: [path.join(serverDir, "src/server.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    external: SERVER_BUNDLE_EXTERNALS,
    // The bundle finds apps/server (migrations, the built web app) from its own location (src/server-dir.ts).
    define: { BUNDLE_TO_SERVER_DIR: JSON.stringify(path.relative(outDir, serverDir)) },
    // CommonJS dependencies call require() for Node's own modules, which an ES module does not have.
    banner: { js: 'import { createRequire as __bundleCreateRequire } from "node:module";\nconst require = __bundleCreateRequire(import.meta.url);' },
    logLevel: "warning",
  });
  return outfile;
}
