/**
 * `npm run bench`: loads a large dataset into PostgreSQL (500 professionals, 200 000 patients, 1 000 000
 * appointments with the reminders of the past ones, 200 000 tasks), starts the real server against it in a child
 * process, and measures the latency of one professional's busiest routes at 32 concurrent connections, next to a
 * trivial route.
 * Prints p50/p95/p99 and throughput per route, then the query plans (EXPLAIN ANALYZE) of each route's SQL.
 *
 * Traffic goes only to 127.0.0.1. Each route gets a bounded number of requests and a time cap.
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/clinora_bench) is dropped and recreated
 * unless BENCH_REUSE=1 and it already holds the dataset. BENCH_ROUTES (comma-separated words) measures only the
 * routes whose names contain one of them; BENCH_NODE_ARGS passes flags to the server's Node (e.g. --cpu-prof).
 * BENCH_PROCESSES (default 1) runs the PostgreSQL server with SERVER_PROCESSES of that many, the connection pool
 * (BENCH_POOL_MAX, default 32) divided between them; the server's CPU is then the primary's and its processes'.
 *
 * GET /api/health is measured in alternating rounds with a bare node:http server (bench-bare.ts) answering the
 * same JSON after the same `select 1` through a pg pool of the same size; the ratio of their server CPU per
 * request is printed. Each row has the server's event-loop delay p99 (bench-loop-probe.mjs, loaded with
 * --import). The server runs at its default log level unless BENCH_LOG_LEVEL is set.
 *
 * Then the embedded database: one clinic (5 000 patients, 50 000 appointments, 5 000 tasks) loaded into a
 * fresh PGlite folder, the same routes at 8 connections. BENCH_ROUTES words starting with "PGlite" select them.
 * BENCH_PGLITE_DIR names a folder to load the clinic into and keep; a later run with the same folder reuses it.
 *
 * `npm run bench -- --soak` (or BENCH_SOAK=1) runs only the soak instead (bench-soak.ts): 10 minutes of mixed load
 * on PostgreSQL, the server's memory, event-loop delay and errors per minute, and whether its memory keeps growing.
 *
 * Then the WhatsApp webhook (bench-webhook.ts, selected by BENCH_ROUTES=webhook): signed inbound messages at a
 * steady 200/s for 30 s, open loop, with the server's job worker answering them through a fake LLM and a fake
 * Twilio started here; prints the acknowledgement latency and how long the worker took to drain the replies.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { todayIn, addDays } from "@clinora/contracts/zoned-time";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase, type Database } from "../platform/db/client";
import { hashPassword } from "../platform/lib/password";
import { soakPhase } from "./bench-soak";
import { schedstatOf, stop } from "./bench-support";
import { startWebhookFakes, WEBHOOK_PHASE_NAME, webhookPhase, type WebhookFakes } from "./bench-webhook";
import { buildServerBundle } from "./server-bundle";

const PROFESSIONALS = 500;
const PATIENTS_EACH = 400; // 200 000
const APPOINTMENTS_EACH = 2000; // 1 000 000
const TASKS_EACH = 400; // 200 000
const CONCURRENCY = 32;
const REQUESTS_PER_ROUTE = 4000;
const WARMUP_PER_ROUTE = 300;
const TIME_CAP_MS = 60_000;
const PORT = Number(process.env.BENCH_PORT ?? 3900);
/** The bare node:http + pg server and the PGlite server listen next to the product's port. */
const BARE_PORT = PORT + 1;
const PGLITE_PORT = PORT + 2;
const BARE_NAME = "bare node:http + pg: select 1";
const PGLITE_PREFIX = "PGlite: ";
/**
 * The trivial route and the bare server are measured in turn this many times. A shared machine slows single rounds
 * now and then, by up to twice, so the comparison is the median of many short alternating rounds (their CPU is read
 * in nanoseconds, `schedstatOf`).
 */
const HEALTH_ROUNDS = 21;
const HEALTH_REQUESTS_PER_ROUND = 5_000;
/** Then both at once (`sideBySide`), in this many rounds of this many seconds. */
const SIDE_BY_SIDE_ROUNDS = 5;
const SIDE_BY_SIDE_SECONDS = 3;
/** The embedded database's dataset and load (docs/decisions/020): one clinic, 8 connections. */
const CLINIC = { patients: 5000, appointments: 50_000, tasks: 5000, concurrency: 8, requests: 2000 };
const PASSWORD = "Bench@12345";
/** Written into BENCH_PGLITE_DIR once the clinic is loaded, so a later run can reuse the folder. */
const LOADED_MARK = "clinora-bench-loaded";
const ZONE = "America/Sao_Paulo";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/clinora_bench";

const log = (line = "") => process.stdout.write(`${line}\n`);

async function recreateDatabase() {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  if (process.env.BENCH_REUSE === "1") {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const loaded = await c
        .query("select (select count(*)::int from appointments) as n, exists (select 1 from appointment_reminders) as reminders")
        .catch(() => ({ rows: [{ n: 0, reminders: false }] }));
      await c.end();
      if (loaded.rows[0].n >= PROFESSIONALS * APPOINTMENTS_EACH && loaded.rows[0].reminders) {
        await admin.end();
        return false;
      }
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return true;
}

/** The dataset, generated inside PostgreSQL with generate_series (ids derived from md5 so rows can refer to each other). */
async function load(client: pg.Client, passwordHash: string) {
  const today = todayIn(ZONE, new Date());
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await client.query(sql, params);
    log(`  ${label.padEnd(28)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  // md5 of a key, shaped as a version-4 UUID so it passes the API's UUID checks.
  const v4 = (key: string) => `(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from md5(${key}) h)`;
  const pro = (expr: string) => v4(`'pro' || (${expr})`);
  const pat = (expr: string) => v4(`'pat' || (${expr})`);

  await step(
    "professionals",
    `insert into professionals (id, full_name, specialty, clinic_city, clinic_state, appointment_duration, business_days, business_start, business_end)
     select ${pro("g")}, 'Profissional ' || g, (array['Psicologia','Cardiologia','Odontologia','Fisioterapia','Nutrição','Dermatologia','Pediatria','Psiquiatria'])[1 + g % 8],
            (array['São Paulo','Rio de Janeiro','Belo Horizonte','Curitiba','Recife'])[1 + g % 5], 'SP', 50, '{0,1,2,3,4,5,6}', '08:00', '20:00'
     from generate_series(1, ${PROFESSIONALS}) g`,
  );
  await step(
    "users",
    `insert into users (email, password_hash, role, status, professional_id, full_name)
     select 'prof' || g || '@bench.clinora', $1, 'professional', 'active', ${pro("g")}, 'Profissional ' || g from generate_series(1, ${PROFESSIONALS}) g`,
    [passwordHash],
  );
  await step(
    "patients",
    `insert into patients (id, professional_id, name, phone, email, cpf, search_text)
     select ${pat("g")}, ${pro("1 + (g - 1) / " + PATIENTS_EACH)}, n.name, '+55119' || lpad((g % 100000000)::text, 8, '0'),
            'paciente' || g || '@exemplo.com', lpad(g::text, 11, '0'),
            translate(lower(n.name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') || ' paciente' || g || '@exemplo.com 55119' || lpad((g % 100000000)::text, 8, '0') || ' ' || lpad(g::text, 11, '0')
     from generate_series(1, ${PROFESSIONALS * PATIENTS_EACH}) g,
     lateral (select (array['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João','Larissa','Mateus','Natália','Otávio','Paula','Rafael','Sofia','Thiago','Vitória','Yuri'])[1 + g % 20]
                  || ' ' || (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[1 + (g / 20) % 20] as name) n`,
  );
  // 2000 appointments per professional: 10 a day (08:00-17:00, 50 min) over 200 days centred on today.
  await step(
    "appointments",
    `insert into appointments (professional_id, patient_id, appointment_date, appointment_time, duration, appointment_type, status, starts_at, ends_at)
     select ${pro("p")}, ${pat("(p - 1) * " + PATIENTS_EACH + " + 1 + i % " + PATIENTS_EACH)}, d, t, 50, 'Consulta',
            (case when d < $1::date then (case when i % 7 = 0 then 'cancelled' else 'completed' end) else (case when i % 2 = 0 then 'confirmed' else 'pending' end) end)::appointment_status,
            (d + t) at time zone '${ZONE}', (d + t + interval '50 minutes') at time zone '${ZONE}'
     from generate_series(1, ${PROFESSIONALS}) p, generate_series(0, ${APPOINTMENTS_EACH - 1}) i,
     lateral (select ($1::date - 100 + i / 10) as d, make_time(8 + i % 10, 0, 0) as t) x`,
    [today],
  );
  await step(
    "tasks",
    `insert into tasks (professional_id, patient_id, title, status, priority, due_date)
     select ${pro("p")}, case when i % 3 = 0 then ${pat("(p - 1) * " + PATIENTS_EACH + " + 1 + i")} end, 'Tarefa ' || i,
            (array['todo','in_progress','done'])[1 + i % 3]::task_status, (array['low','medium','high','urgent'])[1 + i % 4]::task_priority,
            case when i % 5 = 0 then null else $1::date - 30 + i % 90 end
     from generate_series(1, ${PROFESSIONALS}) p, generate_series(0, ${TASKS_EACH - 1}) i`,
    [today],
  );
  // The reminders the job sent (or skipped) for every appointment up to tomorrow that was not cancelled, 24 h
  // before it: the list joins them. An empty table also gave PostgreSQL a plan no clinic with reminders would get.
  await step(
    "appointment reminders",
    `insert into appointment_reminders (professional_id, appointment_id, starts_at, lead_hours, outcome, reason, mode, created_at, updated_at)
     select professional_id, id, starts_at, 24, case when n % 10 = 0 then 'skipped' else 'sent' end, case when n % 10 = 0 then 'no_phone' end,
            case when n % 10 = 0 then null else 'template' end, starts_at - interval '24 hours', starts_at - interval '24 hours'
     from (select a.*, row_number() over () as n from appointments a where appointment_date <= $1::date + 1 and status <> 'cancelled') a`,
    [today],
  );
  await step("vacuum analyze", "vacuum analyze");
}

interface Route {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  auth: boolean;
  /** Connections for this route when not CONCURRENCY. */
  concurrency?: number;
  /** Measured on PostgreSQL only (its data is set up there alone). */
  postgresOnly?: boolean;
}

/** The public booking page of the professional whose session the bench uses (docs/decisions/028). */
const BOOKING_SLUG = "bench-prof1";

function routes(today: string): Route[] {
  const monthStart = `${today.slice(0, 8)}01`;
  return [
    { name: "trivial: GET /api/health", method: "GET", path: "/api/health", auth: false },
    { name: "appointment list (month)", method: "GET", path: `/api/appointments?per_page=100&date_from=${monthStart}&date_to=${addDays(monthStart, 30)}`, auth: true },
    { name: "patient search", method: "GET", path: "/api/patients/search?q=sofia%20lima&limit=10", auth: true },
    { name: "today list", method: "GET", path: "/api/appointments/today/list", auth: true },
    { name: "availability", method: "POST", path: "/api/appointments/availability", body: { date: addDays(today, 7), duration: 50 }, auth: true },
    { name: "task list", method: "GET", path: "/api/tasks?per_page=100", auth: true },
    // docs/decisions/028: the next free times a patient sees on the public booking page (30 days ahead), 16 connections.
    { name: "booking page free times (public, 16 connections)", method: "GET", path: `/api/public/booking/${BOOKING_SLUG}/times?type=0`, auth: false, concurrency: 16, postgresOnly: true },
  ];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function call(route: Route, session: string, port = PORT): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = route.body ? JSON.stringify(route.body) : undefined;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: route.method,
        path: route.path,
        agent,
        headers: {
          ...(route.auth ? { "x-session-id": session } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/**
 * A keep-alive HTTP/1.1 connection for the measured loop: it writes a request prepared once and reads only the
 * status line and Content-Length of each answer, so the load generator, which shares the machine with the server
 * and PostgreSQL, spends as little CPU as it can (Node's http client costs several times more per request).
 */
class LoadConnection {
  private readonly socket: net.Socket;
  /** The bytes of the answer until its head is complete; then only counted (a list page spans several reads). */
  private head: Buffer = Buffer.alloc(0);
  private received = 0;
  /** The answer's length in bytes once its head is read, -1 before. */
  private expected = -1;
  private status = 0;
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;

  constructor(port: number) {
    this.socket = net.connect({ host: "127.0.0.1", port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.onData(chunk));
    this.socket.on("error", (error) => this.waiting?.reject(error));
  }

  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    this.received += chunk.length;
    if (this.expected < 0) {
      this.head = this.head.length ? Buffer.concat([this.head, chunk]) : chunk;
      const headerEnd = this.head.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const head = this.head.toString("latin1", 0, headerEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) return this.waiting?.reject(new Error(`answer without Content-Length: ${head}`));
      this.expected = headerEnd + 4 + Number(length[1]);
      this.status = Number(head.slice(9, 12));
      this.head = Buffer.alloc(0);
    }
    if (this.received < this.expected) return;
    if (this.received > this.expected) return this.waiting?.reject(new Error("more bytes than one answer"));
    this.received = 0;
    this.expected = -1;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(this.status);
  }
}

/**
 * Sends `request` over `connection` again and again while `more()` says so, each answer as soon as the last one
 * came; an answer other than 200 stops the run. `answered` gets each answer's time in milliseconds.
 */
async function keepSending(connection: LoadConnection, request: Buffer, name: string, more: () => boolean, answered: (ms: number) => void) {
  while (more()) {
    const t0 = performance.now();
    const status = await connection.send(request);
    if (status !== 200) throw new Error(`${name}: HTTP ${status}`);
    answered(performance.now() - t0);
  }
}

/** The bytes of one request of `route`, built once. */
function requestBytes(route: Route, session: string, port: number): Buffer {
  const payload = route.body ? JSON.stringify(route.body) : "";
  const headers = [
    `${route.method} ${route.path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    ...(route.auth ? [`x-session-id: ${session}`] : []),
    ...(payload ? ["content-type: application/json", `content-length: ${Buffer.byteLength(payload)}`] : []),
  ];
  return Buffer.from(`${headers.join("\r\n")}\r\n\r\n${payload}`);
}

/** A process as /proc shows it: pid, command name, parent pid, and the fields of its stat line after the name. */
interface ProcessStat {
  pid: number;
  comm: string;
  ppid: number;
  fields: string[];
}

/** The processes `pick` selects, read from /proc (Linux); none elsewhere. A process that ends meanwhile is skipped. */
function processesWhere(pick: (process: ProcessStat) => boolean): ProcessStat[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const picked: ProcessStat[] = [];
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      const entry = { pid: Number(pid), comm: stat.slice(stat.indexOf("(") + 1, close), ppid: Number(fields[1]), fields };
      if (pick(entry)) picked.push(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return picked;
}

/**
 * CPU seconds (user + system) used so far by each process `pick` selects, by pid: its threads' run time in
 * nanoseconds (`schedstatOf`), or utime + stime in ticks of 10 ms where the kernel gives no schedstat. The ticks were
 * too coarse for a health round: 12 000 requests of 0.06 ms are only 72 of them.
 */
function cpuSeconds(pick: (process: ProcessStat) => boolean): Map<number, number> {
  return new Map(
    processesWhere(pick).map((p) => {
      const sched = schedstatOf(p.pid);
      return [p.pid, sched ? sched.ran / 1e9 : (Number(p.fields[11]) + Number(p.fields[12])) / 100];
    }),
  );
}

/** The server's process, and its server processes under SERVER_PROCESSES. */
const ofServer = (serverPid: number) => (p: ProcessStat) => p.pid === serverPid || p.ppid === serverPid;

/**
 * CPU seconds the processes of `after` used since `before`. A process that ended in between is left out (its
 * last seconds are lost with it) rather than subtracted, as a plain difference of sums would: a PostgreSQL backend
 * closing during a route made its CPU negative.
 */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** CPU used by the server (with its server processes under SERVER_PROCESSES), by PostgreSQL and by this load generator. */
function cpuSnapshot(serverPid: number) {
  const own = process.cpuUsage();
  return {
    server: cpuSeconds(ofServer(serverPid)),
    postgres: cpuSeconds((p) => p.comm === "postgres"),
    client: new Map([[process.pid, (own.user + own.system) / 1e6]]),
  };
}

/** Starts counting the CPU of the server, PostgreSQL and this process; the function returned gives the seconds since. */
function cpuFromNow(serverPid: number) {
  const before = cpuSnapshot(serverPid);
  return () => {
    const after = cpuSnapshot(serverPid);
    return { server: cpuSince(before.server, after.server), postgres: cpuSince(before.postgres, after.postgres), client: cpuSince(before.client, after.client) };
  };
}

/** Nanoseconds the server's processes have run and waited in a run queue (`schedstatOf`); null without schedstat. */
function schedSnapshot(serverPid: number): { ran: number; waited: number } | null {
  let ran = 0;
  let waited = 0;
  for (const { pid } of processesWhere(ofServer(serverPid))) {
    const sched = schedstatOf(pid);
    ran += sched?.ran ?? 0;
    waited += sched?.waited ?? 0;
  }
  return ran > 0 ? { ran, waited } : null;
}

/** A process under load: its pid (for its CPU) and port; `probe` when it was started with bench-loop-probe.mjs. */
interface Target {
  pid: number;
  port: number;
  probe?: ChildProcess;
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** Resets the target's event-loop delay histogram (bench-loop-probe.mjs); `read` returns what it saw since. */
function loopDelay(target: Target): { read(): Promise<LoopDelay | null> } {
  const child = target.probe;
  if (!child?.connected) return { read: async () => null };
  child.send("loop:reset");
  return {
    read: () =>
      new Promise((resolve) => {
        const onMessage = (message: { loop?: LoopDelay }) => {
          if (!message.loop) return;
          child.off("message", onMessage);
          resolve(message.loop);
        };
        child.on("message", onMessage);
        child.send("loop:read");
      }),
  };
}

async function measure(route: Route, session: string, target: Target, concurrency = CONCURRENCY, requests = REQUESTS_PER_ROUTE) {
  const first = await call(route, session, target.port);
  if (first.status !== 200) throw new Error(`${route.name}: HTTP ${first.status} ${first.body.slice(0, 200)}`);
  const request = requestBytes(route, session, target.port);
  const connections = Array.from({ length: concurrency }, () => new LoadConnection(target.port));
  const run = async (count: number, record: number[] | null) => {
    let sent = 0;
    const deadline = performance.now() + TIME_CAP_MS;
    // Counts a request as sent when it may go, so the connections together send `count`.
    const more = () => {
      if (sent >= count || performance.now() >= deadline) return false;
      sent++;
      return true;
    };
    await Promise.all(connections.map((connection) => keepSending(connection, request, route.name, more, (ms) => record?.push(ms))));
  };
  await run(WARMUP_PER_ROUTE, null);
  const samples: number[] = [];
  const cpu0 = cpuSnapshot(target.pid);
  const sched0 = schedSnapshot(target.pid);
  const loop = loopDelay(target);
  const t0 = performance.now();
  await run(requests, samples);
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = cpuSnapshot(target.pid);
  const sched1 = schedSnapshot(target.pid);
  const delay = await loop.read();
  for (const connection of connections) connection.close();
  const perRequest = (key: keyof typeof cpu0) => (cpuSince(cpu0[key], cpu1[key]) * 1000) / samples.length;
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
  return {
    n: samples.length,
    concurrency,
    mean: samples.reduce((sum, ms) => sum + ms, 0) / samples.length,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rps: samples.length / seconds,
    cpu: { server: perRequest("server"), postgres: perRequest("postgres"), client: perRequest("client") },
    /** The share of the server's runnable time it spent waiting for a CPU. */
    waitShare: sched0 && sched1 ? (sched1.waited - sched0.waited) / (sched1.ran - sched0.ran + sched1.waited - sched0.waited) : null,
    loop: delay,
  };
}

async function waitForServer(child: ChildProcess, port = PORT) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await call({ name: "health", method: "GET", path: "/api/health", auth: false }, "", port)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** How the query plans are taken: an in-process database whose driver logs SQL, and a way to EXPLAIN a statement. */
interface PlanSource {
  open(logQuery: (query: string, params: unknown[]) => void): Promise<Database>;
  explain(database: Database, query: string, params: unknown[]): Promise<string[]>;
  config: Record<string, string>;
}

const EXPLAIN = "explain (analyze, buffers, costs off, timing on)";

/** PostgreSQL: the bench database through the product's pool, EXPLAIN on a connection of its own. */
function postgresPlans(): PlanSource {
  return {
    open: (logQuery) => openDatabase({ kind: "postgres", url, logQuery }),
    explain: async (_, query, params) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(`${EXPLAIN} ${query}`, params)).rows.map((row) => row["QUERY PLAN"] as string);
      } finally {
        await client.end();
      }
    },
    config: { DATABASE_URL: url },
  };
}

/** PGlite: the clinic's data folder opened in this process (the server has stopped), EXPLAIN on the same engine. */
function pglitePlans(dataDir: string): PlanSource {
  return {
    open: (logQuery) => openDatabase({ kind: "pglite", dataDir, logQuery }),
    explain: async (database, query, params) =>
      (await database.pglite!.query<{ "QUERY PLAN": string }>(`${EXPLAIN} ${query}`, params)).rows.map((row) => row["QUERY PLAN"]),
    config: { DATABASE_URL: "", DATA_DIR: dataDir },
  };
}

/** Runs each route once through an in-process app whose driver logs SQL, then EXPLAINs what it ran. */
async function queryPlans(list: Route[], session: string, source: PlanSource) {
  const captured: { query: string; params: unknown[] }[] = [];
  const database = await source.open((query, params) => captured.push({ query, params }));
  const app = await buildApp({ config: loadConfig({ ...source.config, LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent" }), database });
  try {
    for (const route of list.filter((r) => r.auth)) {
      captured.length = 0;
      await app.inject({ method: route.method, url: route.path, payload: route.body as object | undefined, headers: { "x-session-id": session } });
      log(`### ${route.name}`);
      for (const q of [...captured]) {
        if (/sessions|users/.test(q.query) && /token_hash|last_seen_at/.test(q.query)) continue; // the session lookup, same for all
        if (/rate_limit_hits/.test(q.query)) continue; // the rate limits' sync, on its own timer (docs/decisions/021)
        const plan = await source.explain(database, q.query, q.params);
        log("```");
        log(q.query.length > 400 ? `${q.query.slice(0, 400)}…` : q.query);
        log("--");
        for (const line of plan) log(line);
        log("```");
      }
      log();
    }
  } finally {
    await app.close();
    await database.close();
  }
}

/** The server's Node flags and script, exactly as `npm start` runs it (the bench adds only what it says). */
function startCommand(): { flags: string[]; script: string } {
  const start = (JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");
  if (start[0] !== "node") throw new Error(`unexpected start script: ${start.join(" ")}`);
  return { flags: start.slice(1, -1), script: start[start.length - 1]! };
}

/**
 * Starts the server as `npm start` does, plus BENCH_NODE_ARGS and the event-loop probe (bench-loop-probe.mjs,
 * read over an IPC channel), with `env` on top of the bench's environment.
 */
function startServer(env: Record<string, string | undefined>, port: number): ChildProcess {
  const { flags, script } = startCommand();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const probe = path.join(serverDir, "src/scripts/bench-loop-probe.mjs");
  return spawn(process.execPath, [...nodeArgs, ...flags, "--import", pathToFileURL(probe).href, script], {
    cwd: serverDir,
    // The server's own log level unless BENCH_LOG_LEVEL says otherwise: its request logging is part of the cost.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: process.env.BENCH_LOG_LEVEL, RATE_LIMIT_PER_MINUTE: "100000000", BOOKING_PAGE_READS_PER_MINUTE: "100000000", ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

/** The bare node:http + pg server (bench-bare.ts) with the server's Node flags, on the same database and pool size. */
function startBare(port: number): ChildProcess {
  const { flags } = startCommand();
  return spawn(process.execPath, [...flags.filter((f) => f !== "--import" && f !== "tsx"), "--import", "tsx", "src/scripts/bench-bare.ts"], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", DATABASE_POOL_MAX: poolMax },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const poolMax = process.env.BENCH_POOL_MAX ?? "32";
/** SERVER_PROCESSES of the PostgreSQL server (BENCH_PROCESSES); each gets its share of the pool. */
const processes = Number(process.env.BENCH_PROCESSES ?? 1);
const poolPerProcess = String(Math.ceil(Number(poolMax) / processes));

async function main() {
  if (process.argv.includes("--soak") || process.env.BENCH_SOAK === "1") {
    await buildServerBundle();
    await soakPhase({ port: PORT, startServer, waitForServer, stop, log });
    agent.destroy();
    return;
  }
  log(`# Benchmark — ${new Date().toISOString()}`);
  log();
  log("Made by `npm run bench` (apps/server/src/scripts/bench.ts); what the figures mean and what was done about them: docs/decisions/012-request-path-under-load.md.");
  log();

  const only = (process.env.BENCH_ROUTES ?? "").split(",").filter(Boolean);
  const selected = (name: string) => !only.length || only.some((word) => name.includes(word));
  const today = todayIn(ZONE, new Date());
  const list = routes(today).filter((r) => selected(r.name));
  // The PGlite rows are chosen by words that start with "PGlite" ("PGlite" for all of them, "PGlite: task" for one).
  const embedded = routes(today)
    .filter((r) => !r.postgresOnly)
    .map((r) => ({ ...r, name: `${PGLITE_PREFIX}${r.name}` }))
    .filter((r) => !only.length || only.some((word) => word.startsWith(PGLITE_PREFIX.trim().slice(0, -1)) && r.name.includes(word)));
  const webhook = selected(WEBHOOK_PHASE_NAME);

  // `npm start` runs the bundle it has just built (docs/decisions/005): so does the bench.
  await buildServerBundle();
  if (list.length || webhook) await postgresPhases(list, webhook);
  if (embedded.length) await pglitePhase(embedded);
  agent.destroy();
}

async function postgresPhases(list: Route[], webhook: boolean) {
  log(`Dataset: ${PROFESSIONALS} professionals, ${PROFESSIONALS * PATIENTS_EACH} patients, ${PROFESSIONALS * APPOINTMENTS_EACH} appointments (with the reminders of those up to tomorrow), ${PROFESSIONALS * TASKS_EACH} tasks (PostgreSQL).`);
  log(`Load: ${CONCURRENCY} concurrent keep-alive connections, ${WARMUP_PER_ROUTE} warm-up then ${REQUESTS_PER_ROUTE} measured requests per route (${HEALTH_REQUESTS_PER_ROUND} in each of the health rounds), one professional's session.`);
  log(
    processes > 1
      ? `Server: ${processes} processes (SERVER_PROCESSES), ${poolPerProcess} PostgreSQL connections each; server CPU is theirs and their primary's; event-loop delay is not read.`
      : `Server: 1 process, ${poolMax} PostgreSQL connections.`,
  );
  log();

  const fresh = await recreateDatabase();
  const database = await openDatabase({ kind: "postgres", url });
  await database.migrate();
  await database.close();
  if (fresh) {
    log("Loading:");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await load(client, await hashPassword(PASSWORD));
    await client.end();
    log();
  }
  if (list.some((r) => r.path.includes(BOOKING_SLUG))) await openBookingPage(url);

  // The webhook phase's fake Twilio and fake LLM, in this process; the server is pointed at them.
  const fakes: WebhookFakes | null = webhook ? await startWebhookFakes(`http://127.0.0.1:${PORT}`) : null;
  const child = startServer({ ...fakes?.env, DATABASE_URL: url, DATABASE_POOL_MAX: poolPerProcess, SERVER_PROCESSES: String(processes) }, PORT);
  // Under SERVER_PROCESSES the first process answers before the others listen; the primary says when all do.
  const ready = new Promise<void>((resolve, reject) => {
    child.on("message", (message) => message === "ready" && resolve());
    child.once("exit", () => reject(new Error("server exited")));
  });
  // The floor for the trivial route, started only when it is measured.
  const bare = list.some((r) => r.path === "/api/health") ? startBare(BARE_PORT) : null;
  try {
    await waitForServer(child);
    await ready;
    if (bare) await waitForServer(bare, BARE_PORT);
    // The probe sits in the primary, which serves no request when there are several processes.
    const server: Target = { pid: child.pid!, port: PORT, probe: processes > 1 ? undefined : child };
    if (list.length) await routePhases(list, server, bare ? { pid: bare.pid!, port: BARE_PORT } : null);
    if (fakes) await webhookPhase({ databaseUrl: url, port: PORT, fakes, cpuFromNow: () => cpuFromNow(child.pid!), log });
    if (list.some((r) => r.auth)) {
      log("## Query plans");
      log();
      await queryPlans(list, await login(), postgresPlans());
    }
  } finally {
    await stop(child);
    if (bare) await stop(bare);
    await fakes?.close();
  }
}

/** Turns on the booking page of the professional the bench signs in as (its consultation type: 50 minutes). */
async function openBookingPage(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into booking_pages (professional_id, enabled, slug, min_notice_hours, days_ahead, appointment_types)
       select professional_id, true, $1, 2, 30, '[{"name":"Consulta","duration":50}]'::jsonb from users where email = 'prof1@bench.clinora'
       on conflict (professional_id) do update set enabled = true, slug = excluded.slug, days_ahead = 30`,
      [BOOKING_SLUG],
    );
  } finally {
    await client.end();
  }
}

async function login(port = PORT) {
  const answer = await call({ name: "login", method: "POST", path: "/api/auth/login", body: { email: "prof1@bench.clinora", password: PASSWORD }, auth: false }, "", port);
  return (JSON.parse(answer.body) as { session_id: string }).session_id;
}

const TABLE_HEAD = [
  "| route | requests | mean ms | floor of the mean ms | p50 ms | p95 ms | p99 ms | req/s | CPU ms/req: server | PostgreSQL | load generator | server waiting for a CPU | event-loop delay p99 ms |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
];

/**
 * The least mean latency the measured CPU costs allow at this load (Little's law). With `concurrency` requests
 * always in flight, the mean latency is concurrency ÷ throughput, and throughput is bounded twice: by the machine's
 * cores over the CPU all processes spend per request, and by one core over the server's own (its one main thread).
 * On PostgreSQL the database's processes count; on PGlite it runs inside the server.
 */
function meanFloor(r: Awaited<ReturnType<typeof measure>>, postgres: boolean): number {
  const everyone = r.cpu.server + (postgres ? r.cpu.postgres : 0) + r.cpu.client;
  return r.concurrency * Math.max(everyone / availableParallelism(), r.cpu.server);
}

function row(name: string, r: Awaited<ReturnType<typeof measure>>, postgres = true) {
  const cpu = [r.cpu.server, postgres ? r.cpu.postgres : null, r.cpu.client].map((ms) => (ms === null ? "—" : ms.toFixed(2))).join(" | ");
  const waiting = r.waitShare === null ? "—" : `${(r.waitShare * 100).toFixed(0)} %`;
  const latency = [r.mean, meanFloor(r, postgres), r.p50, r.p95, r.p99].map((ms) => ms.toFixed(1)).join(" | ");
  return `| ${name} | ${r.n} | ${latency} | ${r.rps.toFixed(0)} | ${cpu} | ${waiting} | ${r.loop ? r.loop.p99.toFixed(1) : "—"} |`;
}

/** What the floor column means, under each table. */
const FLOOR_NOTE =
  "Floor of the mean: the least mean latency the measured CPU costs allow with this many requests always in flight " +
  "(Little's law): connections × the larger of (CPU of all processes per request ÷ cores) and (server CPU per request, its one main thread). " +
  "A p95 stays above the mean, so a route whose floor is near 50 ms cannot reach the target at this load by any change that keeps its CPU cost.";

/**
 * The trivial route on the server and on the bare server at the same time, half the connections each, for
 * `seconds`; the CPU per request of each, in milliseconds, and each one's share of the requests answered. Whatever
 * slows the machine meanwhile slows both, where alternating rounds give each its own second: on a shared machine
 * the same code's CPU per request changed by up to twice from one round to the next.
 */
async function sideBySide(route: Route, session: string, targets: Target[], seconds: number) {
  const loads = targets.map((target) => ({
    target,
    request: requestBytes(route, session, target.port),
    connections: Array.from({ length: CONCURRENCY / 2 }, () => new LoadConnection(target.port)),
    answered: 0,
  }));
  const drive = (milliseconds: number, counted: boolean) => {
    const until = performance.now() + milliseconds;
    const more = () => performance.now() < until;
    return Promise.all(
      loads.flatMap((load) =>
        load.connections.map((connection) =>
          keepSending(connection, load.request, `${route.name} side by side`, more, () => {
            if (counted) load.answered++;
          }),
        ),
      ),
    );
  };
  await drive(500, false);
  const before = loads.map((load) => cpuSeconds(ofServer(load.target.pid)));
  await drive(seconds * 1000, true);
  const after = loads.map((load) => cpuSeconds(ofServer(load.target.pid)));
  for (const load of loads) for (const connection of load.connections) connection.close();
  const total = loads.reduce((sum, load) => sum + load.answered, 0);
  return loads.map((load, i) => ({ cpu: (cpuSince(before[i]!, after[i]!) * 1000) / load.answered, share: load.answered / total }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function routePhases(list: Route[], server: Target, bare: Target | null) {
  const session = await login();
  const notes: string[] = [];
  log(TABLE_HEAD.join("\n"));
  for (const route of list) {
    if (route.path !== "/api/health" || !bare) {
      log(row(route.name, await measure(route, session, server, route.concurrency ?? CONCURRENCY)));
      continue;
    }
    // The trivial route and the bare server, alternating, so both see the same machine.
    const ours: number[] = [];
    const floor: number[] = [];
    // Both are warmed up first (the JIT), so the rounds compare code that is already compiled.
    await measure(route, session, server);
    await measure({ ...route, name: BARE_NAME }, session, bare);
    for (let round = 1; round <= HEALTH_ROUNDS; round++) {
      const a = await measure(route, session, server, CONCURRENCY, HEALTH_REQUESTS_PER_ROUND);
      log(row(`${route.name} (round ${round})`, a));
      const b = await measure({ ...route, name: BARE_NAME }, session, bare, CONCURRENCY, HEALTH_REQUESTS_PER_ROUND);
      log(row(`${BARE_NAME} (round ${round})`, b));
      ours.push(a.cpu.server);
      floor.push(b.cpu.server);
    }
    const ratios = ours.map((v, i) => v / floor[i]!);
    notes.push(
      `GET /api/health against the bare node:http + pg server, server CPU per request (median of ${HEALTH_ROUNDS} alternating rounds): ` +
        `${median(ours).toFixed(3)} ms against ${median(floor).toFixed(3)} ms = ${(median(ours) / median(floor)).toFixed(2)}× (target ≤ 1.25×); ` +
        `round by round ${ratios.map((r) => `${r.toFixed(2)}×`).join(", ")} (median ${median(ratios).toFixed(2)}×).`,
    );
    const together: { ratio: number; ours: number; floor: number; share: number }[] = [];
    for (let round = 1; round <= SIDE_BY_SIDE_ROUNDS; round++) {
      const [a, b] = await sideBySide(route, session, [server, bare], SIDE_BY_SIDE_SECONDS);
      together.push({ ratio: a!.cpu / b!.cpu, ours: a!.cpu, floor: b!.cpu, share: a!.share });
    }
    notes.push(
      `The same two side by side, ${CONCURRENCY / 2} connections each, in ${SIDE_BY_SIDE_ROUNDS} rounds of ${SIDE_BY_SIDE_SECONDS} s: ` +
        together.map((t) => `${t.ours.toFixed(3)} against ${t.floor.toFixed(3)} ms = ${t.ratio.toFixed(2)}×`).join("; ") +
        ` (median ${median(together.map((t) => t.ratio)).toFixed(2)}×); the server answered ${together.map((t) => `${(t.share * 100).toFixed(0)} %`).join(", ")} of the requests.`,
    );
  }
  log();
  for (const note of notes) log(note);
  if (notes.length) log();
  log("Target: p95 under 50 ms for each route.");
  log("CPU: milliseconds of processor time per measured request, from /proc (the threads' run time in schedstat), for the server process, all PostgreSQL processes and this load generator.");
  log("Server waiting for a CPU: of the time the server's process was runnable, the share it waited in the kernel's run queue while another task (PostgreSQL, the load generator) had the CPU (/proc/<pid>/schedstat).");
  log("Event-loop delay: how late the server's event loop ran a 5 ms timer while the route was measured (monitorEventLoopDelay).");
  log(FLOOR_NOTE);
  log();
}

/**
 * The embedded database: one clinic (5 000 patients, 50 000 appointments over ten years, 5 000 tasks) loaded
 * into a fresh PGlite data folder, the server started on it as `npm start` starts it, each route at 8 connections.
 */
async function pglitePhase(list: Route[]) {
  log(`## Embedded database (PGlite)`);
  log();
  log(`Dataset: one clinic, ${CLINIC.patients} patients, ${CLINIC.appointments} appointments, ${CLINIC.tasks} tasks. Load: ${CLINIC.concurrency} concurrent keep-alive connections, ${WARMUP_PER_ROUTE} warm-up then ${CLINIC.requests} measured requests per route.`);
  log();
  const kept = process.env.BENCH_PGLITE_DIR;
  const dataDir = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), "clinora-bench-pglite-"));
  try {
    if (kept && existsSync(path.join(dataDir, LOADED_MARK))) {
      log("Reusing the clinic loaded by an earlier run (BENCH_PGLITE_DIR).");
    } else {
      const t0 = performance.now();
      const database = await openDatabase({ kind: "pglite", dataDir });
      await database.migrate();
      await loadClinic(database.pglite!, await hashPassword(PASSWORD));
      await database.close();
      if (kept) writeFileSync(path.join(dataDir, LOADED_MARK), "");
      log(`Loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
    }
    log();
    const child = startServer({ DATABASE_URL: "", DATA_DIR: dataDir }, PGLITE_PORT);
    let session = "";
    try {
      await waitForServer(child, PGLITE_PORT);
      session = await login(PGLITE_PORT);
      const server: Target = { pid: child.pid!, port: PGLITE_PORT, probe: child };
      log(TABLE_HEAD.join("\n"));
      for (const route of list) log(row(route.name, await measure(route, session, server, CLINIC.concurrency, CLINIC.requests), false));
      log();
      log("Targets: p95 under 50 ms for each route, event-loop delay p99 under 20 ms. PostgreSQL runs inside the server process here, so its CPU is in the server's.");
      log(FLOOR_NOTE);
      log();
    } finally {
      await stop(child);
    }
    if (list.some((r) => r.auth)) {
      log("### Query plans (PGlite)");
      log();
      await queryPlans(list, session, pglitePlans(dataDir));
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One clinic in PGlite, generated with the same SQL shapes as the PostgreSQL dataset. */
async function loadClinic(db: PGlite, passwordHash: string) {
  const today = todayIn(ZONE, new Date());
  const v4 = (key: string) => `(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from md5(${key}) h)`;
  const pro = v4("'pro1'");
  const pat = (expr: string) => v4(`'pat' || (${expr})`);
  const slots = 14; // 08:00 to 19:40, 50 minutes each
  await db.query(
    `insert into professionals (id, full_name, specialty, clinic_city, clinic_state, appointment_duration, business_days, business_start, business_end)
     values (${pro}, 'Clínica Bench', 'Psicologia', 'São Paulo', 'SP', 50, '{0,1,2,3,4,5,6}', '08:00', '20:00')`,
  );
  await db.query(`insert into users (email, password_hash, role, status, professional_id, full_name) values ('prof1@bench.clinora', $1, 'professional', 'active', ${pro}, 'Clínica Bench')`, [
    passwordHash,
  ]);
  await db.query(
    `insert into patients (id, professional_id, name, phone, email, cpf, search_text)
     select ${pat("g")}, ${pro}, n.name, '+55119' || lpad(g::text, 8, '0'), 'paciente' || g || '@exemplo.com', lpad(g::text, 11, '0'),
            translate(lower(n.name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') || ' paciente' || g || '@exemplo.com 55119' || lpad(g::text, 8, '0') || ' ' || lpad(g::text, 11, '0')
     from generate_series(1, ${CLINIC.patients}) g,
     lateral (select (array['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João','Larissa','Mateus','Natália','Otávio','Paula','Rafael','Sofia','Thiago','Vitória','Yuri'])[1 + g % 20]
                  || ' ' || (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[1 + (g / 20) % 20] as name) n`,
  );
  // 14 appointments a day, every day, ending about 40 days from today.
  const days = Math.ceil(CLINIC.appointments / slots);
  await db.query(
    `insert into appointments (professional_id, patient_id, appointment_date, appointment_time, duration, appointment_type, status, starts_at, ends_at)
     select ${pro}, ${pat(`1 + i % ${CLINIC.patients}`)}, d, t, 50, 'Consulta',
            (case when d < $1::date then (case when i % 7 = 0 then 'cancelled' else 'completed' end) else (case when i % 2 = 0 then 'confirmed' else 'pending' end) end)::appointment_status,
            (d + t) at time zone '${ZONE}', (d + t + interval '50 minutes') at time zone '${ZONE}'
     from generate_series(0, ${CLINIC.appointments - 1}) i,
     lateral (select ($1::date - ${days - 40} + i / ${slots}) as d, (time '08:00' + (i % ${slots}) * interval '50 minutes') as t) x`,
    [today],
  );
  await db.query(
    `insert into tasks (professional_id, patient_id, title, status, priority, due_date)
     select ${pro}, case when i % 3 = 0 then ${pat(`1 + i % ${CLINIC.patients}`)} end, 'Tarefa ' || i,
            (array['todo','in_progress','done'])[1 + i % 3]::task_status, (array['low','medium','high','urgent'])[1 + i % 4]::task_priority,
            case when i % 5 = 0 then null else $1::date - 30 + i % 90 end
     from generate_series(0, ${CLINIC.tasks - 1}) i`,
    [today],
  );
  await db.exec("vacuum analyze");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
