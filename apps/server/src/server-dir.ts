import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Set only in the server bundle (src/scripts/server-bundle.ts): the way from the bundle's folder back to
 * apps/server. Under tsx this file runs from apps/server/src and the name is undefined (docs/decisions/005).
 */
declare const BUNDLE_TO_SERVER_DIR: string | undefined;

/**
 * apps/server, found from where the running code is (source or bundle), never from the working directory: the
 * migrations and the built web app are read from here.
 */
export const serverDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  typeof BUNDLE_TO_SERVER_DIR === "string" ? BUNDLE_TO_SERVER_DIR : "..",
);
