// @ts-check
/**
 * The house's import boundaries as an ESLint rule (`house/boundaries`), so an import that crosses one fails lint
 * where it is written:
 * - server: `platform/` is the ground the modules stand on and never imports `modules/`, `seeds/` or `app.ts`;
 *   a file outside `modules/<m>/` reaches that module only through its `index.ts`.
 * - server: the modules that talk to patients or to a language model (assistant, web chat, WhatsApp, messaging,
 *   reminders, booking page) never import `records`, nor the prontuário's table from the schema: a model must never
 *   be given an entry (docs/decisions/034).
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

/** Server modules that must never reach the prontuário (docs/product/records.md §3). */
export const RECORD_BLIND_MODULES = ["assistant", "web-chat", "whatsapp", "messaging", "reminders", "booking-page", "safety", "assistant-settings"];
/** The schema's names for the prontuário's tables. */
const RECORD_TABLES = new Set(["recordEntries"]);
const RECORD_BLIND_WHY = "the assistant, web chat, WhatsApp, reminders and the booking page never read the prontuário (docs/decisions/034).";

/**
 * The record-blind module `importer` (repository-relative) belongs to, or null.
 * @param {string} importer
 */
function recordBlindModuleOf(importer) {
  const own = /^apps\/server\/src\/modules\/([^/]+)\//.exec(importer)?.[1];
  return own && RECORD_BLIND_MODULES.includes(own) ? own : null;
}

/**
 * Why `importer` may not import `name` from `specifier`, or null: a record-blind module importing a prontuário table.
 * @param {string} importer
 * @param {string} specifier
 * @param {string} name
 */
export function recordTableViolation(importer, specifier, name) {
  const own = recordBlindModuleOf(importer);
  if (!own || !RECORD_TABLES.has(name)) return null;
  const target = targetOf(importer, specifier);
  return target && target.includes("/platform/db/schema") ? `modules/${own} must not import ${name}: ${RECORD_BLIND_WHY}` : null;
}

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
  const own = /^src\/modules\/([^/]+)\//.exec(importer)?.[1];
  if (into?.[1] === "records" || target.startsWith("src/platform/db/schema/records")) {
    if (own && own !== "records" && RECORD_BLIND_MODULES.includes(own)) return `modules/${own} must not import the prontuário: ${RECORD_BLIND_WHY}`;
  }
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
    /** @param {any} node */
    const checkNames = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      for (const spec of node.specifiers ?? []) {
        const name = spec.type === "ImportSpecifier" ? (spec.imported.name ?? spec.imported.value) : null;
        const why = name ? recordTableViolation(importer, node.source.value, name) : null;
        if (why) context.report({ node: spec, messageId: "crossed", data: { why } });
      }
    };
    return {
      ImportDeclaration: (node) => {
        check(node.source);
        checkNames(node);
      },
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
