/**
 * `npm run bench:web`: the web app's first load. Builds the app (the npm script does), then
 *
 * 1. lists the JavaScript and CSS the login page needs before it can run (scripts/initial-load.ts) and their
 *    gzip and brotli sizes;
 * 2. serves the build with the real server (apps/server/src/scripts/e2e-server.ts: a fresh embedded database with
 *    the demo data, the local stand-ins, 127.0.0.1 only);
 * 3. runs Lighthouse 12 in Debian's Chromium (mobile, simulated throttling) on the login page, on Compromissos
 *    signed in as the demo professional and on her public booking page (switched on for the bench at
 *    /agendar/bench-agenda), several times each, and prints the median run's scores and metrics.
 *
 * The app keeps its session in localStorage and sends it as X-Session-ID (docs/product/accounts-and-access.md §3), not as a cookie: for
 * Compromissos the bench signs in through the API, writes the session into the browser's localStorage for the
 * app's origin (on /api/health, so no app file is cached beforehand), and Lighthouse keeps localStorage while it
 * clears the HTTP cache.
 *
 * Options: --runs N (default 3) · --port P (default BENCH_WEB_PORT or 3200; the server's stand-ins take P+1 and
 * P+2) · --size-only (step 1 only, no server) · --write (also puts the Markdown section into
 * docs/benchmarks/latest.md, replacing the previous one) · --save-reports DIR (each run's Lighthouse report as
 * JSON, to open in the Lighthouse viewer). A benchmark, not a test: nothing here fails on a score.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import { initialLoad, kib, standalonePageLoad, type InitialLoad } from "./initial-load";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = path.resolve(webDir, "../..");
const distDir = path.join(webDir, "dist");
const serverDir = path.join(repoRoot, "apps/server");
const benchmarksFile = path.join(repoRoot, "docs/benchmarks/latest.md");
const SECTION_TITLE = "## Web app (npm run bench:web)";

// Headless, besides the flows' flags.
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/** The demo professional of the README (apps/server/src/seeds/accounts.data.ts). */
const DEMO_PROFESSIONAL = { email: "ana.souza@clinora.com.br", password: "Prof@12345" };
/** The booking page the bench switches on for the demo professional. */
const BOOKING_SLUG = "bench-agenda";

/** The targets of docs/decisions/019, printed next to the figures. */
const TARGETS = { initialJsGzipKiB: 170, performance: { login: 95, compromissos: 90, booking: 95 }, accessibility: 100 };

interface PageToMeasure {
  key: "login" | "compromissos" | "booking";
  label: string;
  path: string;
  signedIn: boolean;
}

const PAGES: PageToMeasure[] = [
  { key: "login", label: "Login (/login)", path: "/login", signedIn: false },
  { key: "compromissos", label: "Compromissos (/compromissos)", path: "/compromissos", signedIn: true },
  { key: "booking", label: `Booking page (/agendar/${BOOKING_SLUG})`, path: `/agendar/${BOOKING_SLUG}`, signedIn: false },
];

interface Session {
  session_id: string;
  user: unknown;
}

interface PageRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Accessibility audits that did not pass, by title. */
  accessibilityFailures: string[];
  /** Transfer size of all requests and of the scripts, as Lighthouse saw them. */
  transferBytes: number;
  scriptTransferBytes: number;
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster; a 2020 mid-range PC is ~1000). */
  benchmarkIndex: number;
}

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: process.env.BENCH_WEB_PORT ?? "3200" },
    "size-only": { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    "save-reports": { type: "string" },
  },
});
const runs = Math.max(1, Number(args.runs));
const port = Number(args.port);
const origin = `http://127.0.0.1:${port}`;

const log = (line = "") => process.stdout.write(`${line}\n`);

function printInitialLoad(load: InitialLoad): string[] {
  const lines = [
    "| file | bytes | gzip KiB | brotli KiB |",
    "|---|---:|---:|---:|",
    ...load.assets.map(
      (asset) => `| ${asset.file} | ${asset.bytes} | ${kib(asset.gzip)} | ${kib(asset.brotli)} |`,
    ),
    `| **JavaScript, total** | ${load.js.bytes} | **${kib(load.js.gzip)}** | ${kib(load.js.brotli)} |`,
    `| CSS, total | ${load.css.bytes} | ${kib(load.css.gzip)} | ${kib(load.css.brotli)} |`,
  ];
  return lines;
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${origin}/api/health within 120 s`);
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/scripts/e2e-server.ts"], {
    cwd: serverDir,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Switches the demo professional's booking page on at BOOKING_SLUG (the server's database is fresh and thrown away). */
async function enableBookingPage(session: Session): Promise<void> {
  const headers = { "Content-Type": "application/json", "X-Session-ID": session.session_id };
  const current = (await (await fetch(`${origin}/api/booking-page`, { headers })).json()) as Record<string, unknown>;
  // Read-only fields of the answer, not part of the input.
  const { url: _url, whatsapp_confirmation: _whatsapp, has_phone: _phone, ...input } = current;
  const response = await fetch(`${origin}/api/booking-page`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ ...input, enabled: true, slug: BOOKING_SLUG }),
  });
  if (!response.ok) throw new Error(`booking page not switched on: HTTP ${response.status} ${await response.text()}`);
}

async function signIn(): Promise<Session> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO_PROFESSIONAL),
  });
  if (!response.ok) throw new Error(`demo login failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

function numeric(result: Result, auditId: string): number {
  return result.audits[auditId]?.numericValue ?? Number.NaN;
}

function summarize(result: Result): PageRun {
  const accessibility = result.categories.accessibility;
  const accessibilityFailures = (accessibility?.auditRefs ?? [])
    .map((ref) => result.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
    .map((audit) => `${audit!.id}: ${audit!.title}`);
  const requests = (result.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const transfer = (items: Array<Record<string, unknown>>) =>
    items.reduce((total, item) => total + (typeof item.transferSize === "number" ? item.transferSize : 0), 0);
  return {
    performance: Math.round((result.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    fcp: numeric(result, "first-contentful-paint"),
    lcp: numeric(result, "largest-contentful-paint"),
    tbt: numeric(result, "total-blocking-time"),
    cls: numeric(result, "cumulative-layout-shift"),
    speedIndex: numeric(result, "speed-index"),
    accessibilityFailures,
    transferBytes: transfer(requests),
    scriptTransferBytes: transfer(requests.filter((item) => item.resourceType === "Script")),
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

/** A run that Lighthouse itself could not record (its `runtimeError`, e.g. NO_NAVSTART: "Please run Lighthouse again"). */
class LighthouseRunError extends Error {
  constructor(code: string, message: string) {
    super(`Lighthouse: ${code} ${message}`);
    this.name = "LighthouseRunError";
  }
}

/** One Lighthouse run in a fresh Chromium (new temporary profile, empty cache). */
async function measurePage(page: PageToMeasure, session: Session | null, run: number): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "error" });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    // The tab Chromium opened: Lighthouse needs the page in the foreground to see it paint.
    const [tab = await browser.newPage()] = await browser.pages();
    if (page.signedIn) {
      if (!session) throw new Error("no session for a signed-in page");
      // The keys of lib/session.ts (docs/product/accounts-and-access.md §3), written on a page of the origin that loads none of the app.
      await tab.goto(`${origin}/api/health`);
      await tab.evaluate(
        (sessionId, user) => {
          localStorage.setItem("session_id", sessionId);
          localStorage.setItem("user", user);
        },
        session.session_id,
        JSON.stringify(session.user),
      );
    }
    const flags: Flags = {
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility"],
      formFactor: "mobile",
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      throttlingMethod: "simulate",
      locale: "en-US",
    };
    const runner = await lighthouse(`${origin}${page.path}`, flags, undefined, tab);
    if (!runner) throw new Error(`Lighthouse returned no result for ${page.path}`);
    const { lhr } = runner;
    if (lhr.runtimeError) throw new LighthouseRunError(lhr.runtimeError.code, lhr.runtimeError.message);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    // A signed-in page that shows the login screen instead would be measured as the wrong page.
    if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}`);
    if (args["save-reports"]) {
      mkdirSync(args["save-reports"], { recursive: true });
      writeFileSync(path.join(args["save-reports"], `${page.key}-${run}.json`), JSON.stringify(lhr));
    }
    return summarize(lhr);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

function median(pageRuns: PageRun[]): PageRun {
  const sorted = [...pageRuns].sort((a, b) => a.performance - b.performance || a.lcp - b.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageRun;
}

const ms = (value: number) => `${Math.round(value)} ms`;

function writeSection(section: string): void {
  const current = existsSync(benchmarksFile) ? readFileSync(benchmarksFile, "utf8") : "";
  const start = current.indexOf(SECTION_TITLE);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf("\n## ", start + SECTION_TITLE.length);
    next = `${current.slice(0, start)}${section}${after === -1 ? "" : `\n${current.slice(after + 1)}`}`;
  }
  writeFileSync(benchmarksFile, next.endsWith("\n") ? next : `${next}\n`);
}

async function main(): Promise<void> {
  if (!existsSync(path.join(distDir, "index.html"))) throw new Error("No build: run `npm run build -w @clinora/web` first");

  const load = initialLoad(distDir);
  const out: string[] = [
    SECTION_TITLE,
    "",
    `Run at ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}.`,
    "",
    "### Initial load of the login page",
    "",
    "The entry script of dist/index.html and every chunk it imports statically (Vite's manifest), as built; pages behind the router's lazy imports are not part of it. Sizes per file, compressed one by one.",
    "",
    ...printInitialLoad(load),
    "",
    `Initial JavaScript: **${kib(load.js.gzip)} KiB gzip** (${kib(load.js.brotli)} KiB brotli, ${kib(load.js.bytes)} KiB raw); target ≤ ${TARGETS.initialJsGzipKiB} KiB gzip.`,
  ];
  if (existsSync(path.join(distDir, "booking.html"))) {
    // The public booking page (docs/decisions/028): its own small script, no React; its build fails above 30 KiB raw.
    const booking = standalonePageLoad(distDir, "booking.html");
    out.push(
      "",
      "### Public booking page (/agendar/<slug>)",
      "",
      ...printInitialLoad(booking),
      "",
      `Booking page JavaScript: **${kib(booking.js.bytes)} KiB raw** (${kib(booking.js.gzip)} KiB gzip); limit ≤ 30 KiB (checked by its build, vite.booking.config.ts).`,
    );
  }
  log(out.join("\n"));
  if (args["size-only"]) return;

  const server = startServer();
  const results: Array<{ page: PageToMeasure; runs: PageRun[] }> = [];
  try {
    await waitForHealth(server);
    const session = await signIn();
    await enableBookingPage(session);
    for (const page of PAGES) {
      const pageRuns: PageRun[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const result = await measurePage(page, session, run).catch((error: unknown) => {
          // Lighthouse's own trace errors (NO_NAVSTART...) ask for another run; the page's errors end the bench.
          if (!(error instanceof LighthouseRunError)) throw error;
          log(`${page.label} run ${run}/${runs}: ${error.message}; measured again`);
          return measurePage(page, session, run);
        });
        log(`${page.label} run ${run}/${runs}: performance ${result.performance}, accessibility ${result.accessibility}, LCP ${ms(result.lcp)}, TBT ${ms(result.tbt)}, CPU benchmark index ${Math.round(result.benchmarkIndex)}`);
        pageRuns.push(result);
      }
      results.push({ page, runs: pageRuns });
    }
  } finally {
    await stopServer(server);
  }

  const lighthouseVersion = (JSON.parse(readFileSync(path.join(repoRoot, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;
  const section: string[] = [
    "",
    "### Lighthouse",
    "",
    `Lighthouse ${lighthouseVersion}, mobile form factor, simulated throttling (Lighthouse's default: 150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown), Debian Chromium headless; the built app served by the real server (embedded database, demo data) on 127.0.0.1. ${runs} run(s) per page in a fresh browser each; the median run by performance score is shown.`,
    "",
    "| page | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | transferred (scripts) | all runs: performance (CPU benchmark index) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(({ page, runs: pageRuns }) => {
      const m = median(pageRuns);
      return `| ${page.label} | ${m.performance} | ${m.accessibility} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndex)} | ${kib(m.transferBytes)} KiB (${kib(m.scriptTransferBytes)} KiB) | ${pageRuns.map((r) => `${r.performance} (${Math.round(r.benchmarkIndex)})`).join(", ")} |`;
    }),
    "",
    `Targets: performance ≥ ${TARGETS.performance.login} on login, ≥ ${TARGETS.performance.booking} on the booking page and ≥ ${TARGETS.performance.compromissos} on Compromissos; accessibility ${TARGETS.accessibility} on all three. Lighthouse multiplies the main-thread time it observes by 4, so on a machine busy with other work (a low CPU benchmark index: Lighthouse's reference is a mid-range PC at about 1000) TBT and performance drop with it; accessibility does not. CI does not gate on these numbers.`,
  ];
  const failures = results.flatMap(({ page, runs: pageRuns }) =>
    [...new Set(pageRuns.flatMap((r) => r.accessibilityFailures))].map((failure) => `- ${page.label}: ${failure}`),
  );
  section.push("", failures.length ? ["Accessibility audits that failed:", ...failures].join("\n") : "No accessibility audit failed.");
  log(section.join("\n"));

  if (args.write) {
    writeSection(`${[...out, ...section].join("\n")}\n`);
    log(`\nWritten to ${path.relative(repoRoot, benchmarksFile)}.`);
  }
}

await main();
