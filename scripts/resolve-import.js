// @ts-check
/**
 * Where an import points, resolved as the type checker resolves it: with the tsconfig of the importing file's workspace
 * (its `paths`, such as the web's `@/`, and the `@clinora/*` workspace packages through their exports). The import
 * circle check (import-cycles.ts) and the boundaries rule (eslint/house-boundaries.js) both call it, so the two can
 * never disagree about which file an import reaches.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "..");

/** The workspaces' package names (`@clinora/server` …) and their folders, from the root package.json. */
const PACKAGE_FOLDERS = new Map(
  /** @type {string[]} */ (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).workspaces ?? []).flatMap((folder) => {
    const manifest = path.join(REPO_ROOT, folder, "package.json");
    return existsSync(manifest) ? [[/** @type {string} */ (JSON.parse(readFileSync(manifest, "utf8")).name), path.join(REPO_ROOT, folder)]] : [];
  }),
);

/** @type {Map<string, { options: ts.CompilerOptions; cache: ts.ModuleResolutionCache } | null>} */
const workspaces = new Map();

/**
 * The compiler options and resolution cache of the workspace (the nearest folder with a tsconfig.json) holding `file`.
 * @param {string} file absolute
 */
function workspaceOf(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const known = workspaces.get(dir);
    if (known !== undefined) return known;
    const configPath = path.join(dir, "tsconfig.json");
    if (existsSync(configPath)) {
      const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
        },
      });
      const entry = parsed ? { options: parsed.options, cache: ts.createModuleResolutionCache(dir, (name) => name, parsed.options) } : null;
      workspaces.set(dir, entry);
      return entry;
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The absolute path of the file `specifier` reaches from `importer` (absolute), or null for an npm package or a node
 * builtin. A file not written yet (an import being typed, a rule's test) is placed where the same relative path or
 * tsconfig `paths` entry would put it, without extension; a workspace package that exports nothing under that name
 * (an app: `@clinora/server`) in its folder.
 * @param {string} importer
 * @param {string} specifier
 * @returns {string | null}
 */
export function resolveImport(importer, specifier) {
  const workspace = workspaceOf(importer);
  if (workspace) {
    const resolved = ts.resolveModuleName(specifier, importer, workspace.options, ts.sys, workspace.cache).resolvedModule;
    if (resolved) {
      const file = existsSync(resolved.resolvedFileName) ? realpathSync(resolved.resolvedFileName) : resolved.resolvedFileName;
      return file.split(path.sep).includes("node_modules") ? null : file;
    }
  }
  if (specifier.startsWith(".")) return path.resolve(path.dirname(importer), specifier);
  const options = workspace?.options;
  const base = options?.pathsBasePath ?? options?.baseUrl;
  for (const [pattern, targets] of Object.entries(options?.paths ?? {})) {
    const [prefix = "", suffix = ""] = pattern.split("*");
    const first = targets[0];
    if (typeof base !== "string" || first === undefined || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    return path.resolve(base, first.replace("*", specifier.slice(prefix.length, specifier.length - suffix.length)));
  }
  for (const [name, folder] of PACKAGE_FOLDERS) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return path.join(folder, specifier.slice(name.length));
  }
  return null;
}
