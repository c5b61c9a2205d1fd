/**
 * `npm run bench:free-times` (also run by `npm run bench`): the booking page's free times (30 days ahead,
 * GET /api/public/booking/:slug/times) against their floor (bench-free-times-floor.ts: node:http, one indexed query,
 * the same slots computed from the same rows), in server CPU milliseconds per request, at 16 keep-alive connections.
 * The goal (docs/decisions/039): the product's free times cost at most 1.5× the floor.
 *
 * Loads a small dataset into PostgreSQL (BENCH_FREE_TIMES_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/clinora_bench_free_times, dropped and recreated): 20 professionals with the full
 * bench's agenda shape (every day 08:00-20:00, 50 minutes, ten appointments a day over 200 days centred on today),
 * one of them with her page on. Starts the server as `npm start` does and the floor with the same Node flags, checks
 * they give the same days and times, then measures them in alternating rounds; the ratio is the median of the
 * rounds' ratios. Prints the machine's load average before and after: a busy machine moves both, less their ratio.
 * Traffic goes only to 127.0.0.1. About a minute on a 2-core machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { todayIn } from "@clinora/contracts/zoned-time";
import { openDatabase } from "../platform/db/client";
import { serverDir } from "../server-dir";
import { freePort, percentile, schedstatOf, stop } from "./bench-support";
import { buildServerBundle } from "./server-bundle";

const url = process.env.BENCH_FREE_TIMES_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/clinora_bench_free_times";
const ZONE = "America/Sao_Paulo";
const PROFESSIONALS = 20;
const APPOINTMENTS_EACH = 2000;
const SLUG = "bench-free-times";
const CONNECTIONS = 16;
const ROUNDS = 5;
const WARMUP = 200;
const REQUESTS_PER_ROUND = 2000;
const GOAL = 1.5;
/** The professional with the page: the same id the floor is told. */
const PROFESSIONAL_ID = "00000000-0000-4000-8000-000000000001";
const PAGE = { professionalId: PROFESSIONAL_ID, timeZone: ZONE, days: [0, 1, 2, 3, 4, 5, 6], start: "08:00", end: "20:00", duration: 50, daysAhead: 30, minNoticeHours: 2 };

const log = (line = "") => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((n) => n.toFixed(2)).join(", ");

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
  const name = new URL(url).pathname.slice(1);
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = todayIn(ZONE, new Date());
    // Professional p's id ends in p (the first is PROFESSIONAL_ID); patient ids in 1 + the professional's number.
    const pro = (expr: string) => `('00000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;
    const pat = (expr: string) => `('00000000-0000-4000-9000-' || lpad((${expr})::text, 12, '0'))::uuid`;
    await client.query(
      `insert into professionals (id, full_name, specialty, appointment_duration, business_days, business_start, business_end, timezone)
       select ${pro("g")}, 'Profissional ' || g, 'Psicologia', 50, '{0,1,2,3,4,5,6}', '08:00', '20:00', $1 from generate_series(1, ${PROFESSIONALS}) g`,
      [ZONE],
    );
    await client.query(
      `insert into patients (id, professional_id, name, phone, search_text)
       select ${pat("g")}, ${pro("g")}, 'Paciente ' || g, '+5511900000' || lpad(g::text, 3, '0'), 'paciente ' || g from generate_series(1, ${PROFESSIONALS}) g`,
    );
    await client.query(
      `insert into appointments (professional_id, patient_id, appointment_date, appointment_time, duration, appointment_type, status, starts_at, ends_at)
       select ${pro("p")}, ${pat("p")}, d, t, 50, 'Consulta',
              (case when d < $1::date then 'completed' else (case when i % 7 = 0 then 'cancelled' when i % 2 = 0 then 'confirmed' else 'pending' end) end)::appointment_status,
              (d + t) at time zone '${ZONE}', (d + t + interval '50 minutes') at time zone '${ZONE}'
       from generate_series(1, ${PROFESSIONALS}) p, generate_series(0, ${APPOINTMENTS_EACH - 1}) i,
       lateral (select ($1::date - 100 + i / 10) as d, make_time(8 + i % 10, 0, 0) as t) x`,
      [today],
    );
    await client.query(
      `insert into booking_pages (professional_id, enabled, slug, min_notice_hours, days_ahead, appointment_types)
       values ($1, true, $2, $3, $4, $5::jsonb)`,
      [PROFESSIONAL_ID, SLUG, PAGE.minNoticeHours, PAGE.daysAhead, JSON.stringify([{ name: "Consulta", duration: PAGE.duration }])],
    );
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

/** The server's Node flags, as `npm start` runs it. */
function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");
  return start.slice(1, -1);
}

function start(script: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...startFlags(), ...script], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: url, HOST: "127.0.0.1", DATABASE_POOL_MAX: String(CONNECTIONS), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

async function waitFor(child: ChildProcess, port: number, pathname: string) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${pathname}: the process exited`);
    const answer = await get(port, pathname).catch(() => null);
    if (answer?.status === 200) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${pathname}: no answer`);
}

interface Target {
  name: string;
  child: ChildProcess;
  port: number;
  path: string;
}

/** `count` requests over CONNECTIONS connections: the server's CPU ms per request (every thread), latencies. */
async function round(target: Target, count: number) {
  const ran = () => schedstatOf(target.child.pid!)?.ran ?? NaN;
  const latencies: number[] = [];
  let sent = 0;
  const cpu0 = ran();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < count) {
        sent++;
        const s0 = performance.now();
        const answer = await get(target.port, target.path);
        if (answer.status !== 200) throw new Error(`${target.name}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
        latencies.push(performance.now() - s0);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { cpuMs: (ran() - cpu0) / 1e6 / count, p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: count / seconds };
}

async function main() {
  log(`# Free times benchmark — ${new Date().toISOString()}`);
  log();
  log("Made by `npm run bench:free-times` (apps/server/src/scripts/bench-free-times.ts); the choices: docs/decisions/039.");
  log();
  log(`Load average before (1, 5, 15 min): ${load()}.`);
  await prepareDatabase();
  await buildServerBundle();
  const serverPort = await freePort();
  const floorPort = await freePort();
  const server = start(["dist/server.js"], { PORT: String(serverPort), RATE_LIMIT_PER_MINUTE: "100000000", BOOKING_PAGE_READS_PER_MINUTE: "100000000" });
  const floor = start(["--import", "tsx", "src/scripts/bench-free-times-floor.ts"], { PORT: String(floorPort), FLOOR_PAGE: JSON.stringify(PAGE) });
  try {
    const targets: Target[] = [
      { name: "product: GET /api/public/booking/:slug/times (30 days)", child: server, port: serverPort, path: `/api/public/booking/${SLUG}/times?type=0` },
      { name: "floor: node:http + one indexed query + the same slots", child: floor, port: floorPort, path: "/" },
    ];
    await waitFor(server, serverPort, "/api/health");
    const product = JSON.parse(await waitFor(server, serverPort, targets[0]!.path)) as { days: unknown[] };
    const bare = JSON.parse(await waitFor(floor, floorPort, "/")) as { days: unknown[] };
    if (JSON.stringify(product.days) !== JSON.stringify(bare.days)) throw new Error("the floor's days and times differ from the product's");
    log(`Dataset: ${PROFESSIONALS} professionals, ${PROFESSIONALS * APPOINTMENTS_EACH} appointments; the page offers ${product.days.length} days with free times (the same from both).`);
    log(`Load: ${CONNECTIONS} keep-alive connections, ${WARMUP} warm-up then ${REQUESTS_PER_ROUND} requests per round, ${ROUNDS} alternating rounds each.`);
    log();
    for (const target of targets) await round(target, WARMUP);
    const results = targets.map(() => [] as Awaited<ReturnType<typeof round>>[]);
    for (let r = 0; r < ROUNDS; r++) for (const [i, target] of targets.entries()) results[i]!.push(await round(target, REQUESTS_PER_ROUND));
    log("| what | server CPU ms/req (median of rounds) | rounds | p50 ms | p95 ms | req/s |");
    log("|---|---|---|---|---|---|");
    const median = (values: number[]) => percentile(values, 50);
    for (const [i, target] of targets.entries()) {
      const rows = results[i]!;
      const cpu = rows.map((x) => x.cpuMs);
      log(`| ${target.name} | ${median(cpu).toFixed(3)} | ${cpu.map((x) => x.toFixed(3)).join(", ")} | ${median(rows.map((x) => x.p50)).toFixed(1)} | ${median(rows.map((x) => x.p95)).toFixed(1)} | ${median(rows.map((x) => x.rps)).toFixed(0)} |`);
    }
    const ratios = results[0]!.map((x, r) => x.cpuMs / results[1]![r]!.cpuMs);
    const ratio = median(ratios);
    log();
    log(`Ratio product ÷ floor (median of the rounds' ratios): ${ratio.toFixed(2)}× (rounds: ${ratios.map((x) => x.toFixed(2)).join(", ")}).`);
    log(`Goal ≤ ${GOAL}×: ${ratio <= GOAL ? "met" : "NOT met"}.`);
    log(`Load average after (1, 5, 15 min): ${load()}.`);
  } finally {
    await stop(server);
    await stop(floor);
    agent.destroy();
  }
}

await main();
