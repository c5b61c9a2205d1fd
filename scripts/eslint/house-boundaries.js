// @ts-check
/**
 * The house's import boundaries as an ESLint rule (`house/boundaries`), so an import that crosses one fails lint
 * where it is written:
 * - server: `platform/` is the ground the modules stand on and never imports `modules/`, `seeds/` or `app.ts`;
 *   a file outside `modules/<m>/` reaches that module only through its `index.ts`.
 * - server: the modules that talk to patients or to a language model (assistant, web chat, WhatsApp, messaging,
 *   reminders, booking page) never import `records`, nor the prontuário's table from the schema: a model must never
 *   be given an entry (docs/decisions/034).
 * - server: a module never imports `app.ts`, `seeds/`, `scripts/` or `tables.ts` (every table, for the composition
 *   level); `platform/` none of them either.
 * - server: a table is reached only through its owner (docs/decisions/029): a module imports its own
 *   `<m>.schema.ts`, and another module's only from a schema file (a foreign key) or from a file on TABLE_CROSSINGS.
 * - web: a feature never imports another feature nor `app/`; `components/`, `hooks/` and `lib/` import no feature
 *   and no `app/`. Nothing of the web imports the server, and `packages/*` import no app.
 *
 * Imports are resolved by resolveImport (../resolve-import.js), as the type checker and the import circle check
 * resolve them: relative paths, each workspace's tsconfig `paths` (`@/`) and the `@clinora/*` workspace packages.
 *
 * Local rather than eslint-plugin-import-x or eslint-plugin-boundaries: the house needs two path checks, and a
 * dependency for them is another thing to keep in step with ESLint's major versions.
 */
import path from "node:path";
import { REPO_ROOT, resolveImport } from "../resolve-import.js";

const SERVER = "apps/server/";
const WEB = "apps/web/";
const WEB_SRC = "apps/web/src/";
const PACKAGES = "packages/";
const CHECKED = /^(?:apps|packages)\/[^/]+\//;

/**
 * `file` relative to the repository (forward slashes), null outside the apps and packages. A path outside this
 * checkout (a rule's test) is placed by its last `apps/<app>/` or `packages/<package>/` part.
 * @param {string} file
 * @returns {string | null}
 */
function fromRepo(file) {
  const normal = file.split(path.sep).join("/");
  const root = REPO_ROOT.split(path.sep).join("/") + "/";
  const inRepo = normal.startsWith(root) ? normal.slice(root.length) : null;
  if (inRepo !== null) return CHECKED.test(inRepo) ? inRepo : null;
  if (CHECKED.test(normal)) return normal;
  const at = Math.max(normal.lastIndexOf("/apps/"), normal.lastIndexOf("/packages/"));
  return at >= 0 && CHECKED.test(normal.slice(at + 1)) ? normal.slice(at + 1) : null;
}

/**
 * Where an import specifier points, relative to the repository, without extension; null for an npm package.
 * @param {string} importer relative to the repository
 * @param {string} specifier
 * @returns {string | null}
 */
function targetOf(importer, specifier) {
  const resolved = resolveImport(path.join(REPO_ROOT, importer), specifier);
  if (!resolved) return null;
  const relative = path.relative(REPO_ROOT, resolved).split(path.sep).join("/");
  return relative.startsWith("../") ? null : stripExtension(relative);
}

const stripExtension = (/** @type {string} */ p) => p.replace(/\.(?:d\.ts|[cm]?[jt]sx?)$/, "").replace(/\/$/, "");

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
  return target && (target === `${SERVER}src/tables` || /\.schema$/.test(target)) ? `modules/${own} must not import ${name}: ${RECORD_BLIND_WHY}` : null;
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
  if (importer.startsWith(PACKAGES) && target.startsWith("apps/")) {
    return `${importer.split("/").slice(0, 2).join("/")} must not import the apps: a package is below every app, which imports it.`;
  }
  if (importer.startsWith(WEB) && (target.startsWith(SERVER) || `${target}/` === SERVER)) {
    return "the web must not import the server: it talks to it over HTTP, with the shapes of @clinora/contracts.";
  }
  if (importer.startsWith(SERVER)) return serverViolation(importer.slice(SERVER.length), target.startsWith(SERVER) ? target.slice(SERVER.length) : null);
  if (importer.startsWith(WEB_SRC)) return webViolation(importer.slice(WEB_SRC.length), target.startsWith(WEB_SRC) ? target.slice(WEB_SRC.length) : null);
  return null;
}

const SCHEMA_FILE = /(?:^|\/)[^/]+\.schema$/;

/**
 * The files above the house, which compose it: what `target` (relative to apps/server) is of them, or null.
 * @param {string} target
 */
function aboveTheHouse(target) {
  if (target === "src/app") return "app.ts: app.ts composes the house, not the other way round";
  if (target === "src/tables") return "tables.ts: every table is for seeds, scripts and tests; a module imports its own tables and reaches other data through the owner's index";
  for (const folder of ["seeds", "scripts"]) if (target === `src/${folder}` || target.startsWith(`src/${folder}/`)) return `${folder}/: it sits above the house and imports it, not the other way round`;
  return null;
}

/**
 * The deliberate statements across owners (docs/decisions/029 "Tables and their owners"): a file of one module that
 * imports another module's tables, the owners it reads, and why one statement across them is the right design.
 * Anything else reaches another module's data through that module's index.ts. Paths are under src/modules/.
 * @type {ReadonlyArray<{ file: string; owners: readonly string[]; why: string }>}
 */
export const TABLE_CROSSINGS = [
  {
    file: "messaging/message.repository.ts",
    owners: ["whatsapp", "patients", "assistant-settings"],
    why: "inbound routing: one statement takes a WhatsApp message from the number it reached to the professional, her patient by phone and her assistant switch",
  },
  { file: "messaging/conversation.repository.ts", owners: ["whatsapp"], why: "inbound routing: the sending number of a conversation's practice" },
  {
    file: "assistant/assistant-practice.repository.ts",
    owners: ["ai-settings", "assistant-settings", "professionals"],
    why: "every assistant reply: one statement reads the professional with the platform's assistant settings and her own (docs/decisions/036)",
  },
  { file: "messaging/whatsapp-traffic.repository.ts", owners: ["patients"], why: "the dashboards' counts: the WhatsApp traffic list names each conversation's patient in the same page read" },
  { file: "whatsapp/whatsapp-metrics.repository.ts", owners: ["messaging"], why: "the dashboards' counts: the WhatsApp health figures count messages and system events in one read" },
  {
    file: "privacy/privacy.repository.ts",
    owners: ["appointments", "audit", "patients", "professionals", "tasks", "users"],
    why: "the privacy export and anonymisation: one transaction reads and clears a data subject's rows in every table that holds them",
  },
  {
    file: "professionals/professional.repository.ts",
    owners: ["appointments", "audit", "booking-page", "messaging", "patients", "tasks", "users"],
    why: "the professional's cascade: counting and deleting a practice with all its data in one transaction",
  },
  {
    file: "auth/session.repository.ts",
    owners: ["users", "professionals"],
    why: "every request's session lookup: one statement reads the session, its user and her practice's hours",
  },
  { file: "appointments/appointment.repository.ts", owners: ["patients", "reminders"], why: "the Compromissos list, the day's agenda and an appointment's page: one prepared read names each appointment's patient and its reminder's outcome (and a booking checks its patient is the professional's in its own transaction); patients and reminders sit above appointments, which cannot call back through their index" },
  { file: "payments/payments.repository.ts", owners: ["appointments", "patients"], why: "Financeiro's lists: the charges (up to 500, and the receipts due) name their patient and session date, the patient prices sort by the patient's name, and the Pix setting finds the open charges of sessions not yet ended, each in one read" },
  { file: "records/record.repository.ts", owners: ["appointments", "patients"], why: "Sessões sem evolução: one read pages and counts the concluded appointments of patients not anonymised that have no entry of the prontuário" },
  {
    file: "google-calendar/calendar-events.ts",
    owners: ["appointments", "patients", "professionals"],
    why: "what a calendar event shows: appointments call the calendar on every change, so the calendar cannot call back through appointments' index",
  },
  {
    file: "google-calendar/google-calendar.repository.ts",
    owners: ["appointments", "auth"],
    why: "calendar sync: which appointments' events are out of date, and the session an OAuth state belongs to; appointments and auth sit above the calendar",
  },
];

/**
 * Why `importer` (relative to apps/server) may not import the table file `file` of `module`, or null when it may:
 * another schema file (a foreign key), the composition level (seeds, scripts, tests, tables.ts), or a named crossing.
 * @param {string} importer
 * @param {string} module
 * @param {string} file
 */
function tableViolation(importer, module, file) {
  if (/\.schema\.ts$/.test(importer) || TEST_FILE.test(importer)) return null;
  if (importer === "src/tables.ts" || /^(?:test|src\/seeds|src\/scripts)\//.test(importer)) return null;
  const named = (/** @type {{ file: string; owners: readonly string[] }} */ crossing) => `src/modules/${crossing.file}` === importer && crossing.owners.includes(module);
  if (TABLE_CROSSINGS.some(named)) return null;
  const own = /^src\/modules\/([^/]+)\//.exec(importer)?.[1];
  const who = own ? `modules/${own}` : importer;
  return `${who} must not import the tables of modules/${module} (${file}): a table is reached through its owner's index; a deliberate crossing is named in TABLE_CROSSINGS with its reason in docs/decisions/029.`;
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
  const test = TEST_FILE.test(importer);
  if (importer.startsWith("src/platform/") && !test) {
    if (target.startsWith("src/modules/") || target === "src/modules") return "platform/ must not import modules/: define the small interface platform needs and let app.ts pass the module's service in.";
    const above = aboveTheHouse(target);
    if (above) return `platform/ must not import ${above}.`;
  }
  const into = /^src\/modules\/([^/]+)(?:\/(.+))?$/.exec(target);
  const own = /^src\/modules\/([^/]+)\//.exec(importer)?.[1];
  if (own && !test) {
    const above = aboveTheHouse(target);
    if (above) return `modules/${own} must not import ${above}.`;
  }
  if (into?.[1] === "records") {
    if (own && own !== "records" && RECORD_BLIND_MODULES.includes(own)) return `modules/${own} must not import the prontuário: ${RECORD_BLIND_WHY}`;
  }
  if (into) {
    const [, module, rest] = into;
    const inside = importer.startsWith(`src/modules/${module}/`);
    if (module && !inside && rest !== undefined && SCHEMA_FILE.test(rest)) return tableViolation(importer, module, rest);
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
  if (ownFeature && (target === "app" || target.startsWith("app/"))) return `features/${ownFeature} must not import app/: app/ composes the features, not the other way round.`;
  const shared = /^(components|hooks|lib)\//.exec(importer)?.[1];
  if (shared && (targetFeature || target === "features")) return `${shared}/ must not import features/: shared code knows no domain.`;
  if (shared && (target === "app" || target.startsWith("app/"))) return `${shared}/ must not import app/: shared code knows no screen.`;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const boundaries = {
  meta: {
    type: "problem",
    docs: { description: "Imports stay inside the house's boundaries (platform below modules, modules through their index, tables through their owner, features apart, apps above packages)." },
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
