// @ts-check
/**
 * The house's import boundaries as an ESLint rule (`house/boundaries`), so an import that crosses one fails lint
 * where it is written:
 * - server: `platform/` is the ground the modules stand on and never imports `modules/`, `seeds/` or `app.ts`;
 *   a file outside `modules/<m>/` reaches that module only through its `index.ts`.
 * - web: a feature never imports another feature; `components/`, `hooks/` and `lib/` import no feature and no `app/`.
 *
 * Local rather than eslint-plugin-import-x or eslint-plugin-boundaries: the house needs two path checks, and a
 * dependency for them is another thing to keep in step with ESLint's major versions.
 */
import path from "node:path";

const SERVER = "apps/server/";
const WEB_SRC = "apps/web/src/";

/**
 * `file` relative to the repository (forward slashes), found by its `apps/<app>/` part; null outside the apps.
 * @param {string} file
 * @returns {string | null}
 */
function fromRepo(file) {
  const normal = file.split(path.sep).join("/");
  const at = Math.max(normal.lastIndexOf(`/${SERVER}`), normal.lastIndexOf(`/${WEB_SRC}`));
  if (at >= 0) return normal.slice(at + 1);
  return normal.startsWith(SERVER) || normal.startsWith(WEB_SRC) ? normal : null;
}

/**
 * Where an import specifier points, relative to the repository, without extension; null for a package.
 * `@/…` is the web's alias for apps/web/src.
 * @param {string} importer
 * @param {string} specifier
 * @returns {string | null}
 */
function targetOf(importer, specifier) {
  if (specifier.startsWith("@/")) return WEB_SRC + stripExtension(specifier.slice(2));
  if (!specifier.startsWith(".")) return null;
  return stripExtension(path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier)));
}

const stripExtension = (/** @type {string} */ p) => p.replace(/\.(?:[cm]?[jt]sx?)$/, "").replace(/\/$/, "");

const TEST_FILE = /\.test\.tsx?$/;

/**
 * Why `importer` (repository-relative, forward slashes) may not import `specifier`, or null when it may.
 * @param {string} importer
 * @param {string} specifier
 * @returns {string | null}
 */
export function boundaryViolation(importer, specifier) {
  const target = targetOf(importer, specifier);
  if (!target) return null;
  if (importer.startsWith(SERVER)) return serverViolation(importer.slice(SERVER.length), target.startsWith(SERVER) ? target.slice(SERVER.length) : null);
  if (importer.startsWith(WEB_SRC)) return webViolation(importer.slice(WEB_SRC.length), target.startsWith(WEB_SRC) ? target.slice(WEB_SRC.length) : null);
  return null;
}

/**
 * Paths relative to apps/server.
 * @param {string} importer
 * @param {string | null} target
 * @returns {string | null}
 */
function serverViolation(importer, target) {
  if (target === null) return null;
  // A test sits on top of what it tests: a platform test may build the whole app.
  if (importer.startsWith("src/platform/") && !TEST_FILE.test(importer)) {
    if (target.startsWith("src/modules/") || target === "src/modules") return "platform/ must not import modules/: define the small interface platform needs and let app.ts pass the module's service in.";
    if (target.startsWith("src/seeds/") || target === "src/seeds") return "platform/ must not import seeds/.";
    if (target === "src/app") return "platform/ must not import app.ts: app.ts composes platform, not the other way round.";
  }
  const into = /^src\/modules\/([^/]+)(?:\/(.+))?$/.exec(target);
  if (into) {
    const [, module, rest] = into;
    const inside = importer.startsWith(`src/modules/${module}/`);
    if (!inside && rest !== undefined && rest !== "index") {
      return `modules/${module} is reached only through its index ("…/modules/${module}"), not ${rest}: its other files are private.`;
    }
  }
  return null;
}

/**
 * Paths relative to apps/web/src.
 * @param {string} importer
 * @param {string | null} target
 * @returns {string | null}
 */
function webViolation(importer, target) {
  if (target === null) return null;
  const targetFeature = /^features\/([^/]+)/.exec(target)?.[1];
  const ownFeature = /^features\/([^/]+)\//.exec(importer)?.[1];
  if (ownFeature && targetFeature && targetFeature !== ownFeature) {
    return `features/${ownFeature} must not import features/${targetFeature}: a screen under app/ composes features; what both need belongs in components/, hooks/ or lib/.`;
  }
  const shared = /^(components|hooks|lib)\//.exec(importer)?.[1];
  if (shared && (targetFeature || target === "features")) return `${shared}/ must not import features/: shared code knows no domain.`;
  if (shared && (target === "app" || target.startsWith("app/"))) return `${shared}/ must not import app/: shared code knows no screen.`;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const boundaries = {
  meta: {
    type: "problem",
    docs: { description: "Imports stay inside the house's boundaries (platform below modules, modules through their index, features apart)." },
    schema: [],
    messages: { crossed: "house/boundaries: {{why}}" },
  },
  create(context) {
    const importer = fromRepo(context.filename);
    if (!importer) return {};
    /** @param {any} source */
    const check = (source) => {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const why = boundaryViolation(importer, source.value);
      if (why) context.report({ node: source, messageId: "crossed", data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `typeof import("…")` in a type: its source, or in older typescript-eslint versions its argument's literal.
      /** @param {any} node */
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

export default { meta: { name: "house" }, rules: { boundaries } };
