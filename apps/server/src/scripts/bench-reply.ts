/**
 * `npm run bench:reply` (also the last phase of `npm run bench`): the reply path as a patient waits on it
 * (docs/decisions/036). Real server processes (server.ts from source) with the real Twilio and OpenAI SDKs talking
 * HTTP to the stand-ins, which run here with the load generator:
 *
 * 1. text messages from 200 patient phones, open loop at each rate of BENCH_REPLY_RATES (default 10,25,50 msg/s) for
 *    BENCH_REPLY_SECONDS (default 10), after BENCH_REPLY_WARMUP_SECONDS (default 3; 0: none) at the same rate from other phones,
 *    on PostgreSQL with one and two processes (webhooks alternate between them) and on the embedded database; the fake
 *    model answers at once, without a tool call;
 * 2. the top rate on PostgreSQL with one process twice more: after the warm-up and 15 s without a message, and without
 *    the warm-up at the rate (only ten messages one at a time), against a server process that has just started;
 * 3. ten voice notes at once, each transcribed in 500 ms by the fake, on PostgreSQL with one process.
 *
 * Per run: the webhook's ack p95/p99; ack → reply at Twilio p50/p95/p99, split into pick-up (ack → the model's
 * request arrives), model (→ the reply row is committed) and send (→ Twilio has it); messages folded into a later
 * reply of the same patient; the server processes' CPU share of one core (their event loop's use, plus GC and I/O
 * threads). PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a server where
 * the bench creates and drops its own database. Writes docs/benchmarks/replies.md unless BENCH_REPLY_NO_WRITE=1.
 * While profiling: BENCH_REPLY_ONLY picks runs (postgres1, postgres2, embedded, quiet, cold, voice), BENCH_REPLY_SERVER_NODE_ARGS
 * are given to the server processes' node (e.g. --cpu-prof --cpu-prof-dir=…).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { fakeVoiceNote, receptionistBrain, startFakeLlm, startFakeTwilio, type FakeLlm, type FakeTwilio } from "@clinora/stand-ins";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../platform/db/client";
import { rowsOf } from "../platform/db/rows";
import * as s from "../tables";
import { serverDir } from "../server-dir";
import { freePort, percentile as pct } from "./bench-support";

const RATES = (process.env.BENCH_REPLY_RATES ?? "10,25,50").split(",").map(Number).filter((n) => n > 0 && n <= 500);
const SECONDS = Math.min(120, Math.max(1, Number(process.env.BENCH_REPLY_SECONDS ?? 10)));
const WARMUP_SECONDS = Math.min(60, Math.max(0, Number(process.env.BENCH_REPLY_WARMUP_SECONDS ?? 3)));
/** The lull before the "after a quiet spell" run: longer than node-postgres' own idle timeout (10 s). */
const QUIET_MS = 15_000;
/** e.g. "--cpu-prof --cpu-prof-dir=…" to see where the server's CPU goes (not allowed in NODE_OPTIONS). */
const NODE_ARGS = process.env.BENCH_REPLY_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const PHONES = 200;
const VOICE_NOTES = 10;
const TRANSCRIPTION_MS = 500;
const SETTLE_CAP_MS = 120_000;
/** The bench's own connections call themselves this, so that the server's backends can be told apart. */
const BENCH_APPLICATION = "clinora-bench";
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ACCOUNT_SID = `AC${"d".repeat(32)}`;
const AUTH_TOKEN = "bench-reply-token-0123456789abcdef";
const NUMBER = "+5511400000777";
const QUESTION = "Qual é o endereço da clínica?";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : "—");
const phone = (k: number) => `+55119${String(60_000_000 + k).padStart(8, "0")}`;
/** The warm-up's phones: none of them is a measured patient's. */
const warmUpPhone = (k: number) => `+551198${String(k).padStart(7, "0")}`;

/** CPU seconds a process has used so far (/proc, Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU used by the PostgreSQL backends serving the bench's database (their pids sampled from pg_stat_activity every
 * 200 ms, so connections opened during the run count too; the bench's own connections do not), and how many of them
 * were opened during the run (a new backend plans every statement afresh).
 */
async function watchBackends(t: Target): Promise<{ opened(): number; seconds(): number; stop(): Promise<void> } | null> {
  if (t.kind !== "postgres") return null;
  const c = new pg.Client({ connectionString: t.url!, application_name: BENCH_APPLICATION });
  await c.connect();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const { rows } = await c.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and application_name <> $1",
      [BENCH_APPLICATION],
    );
    for (const { pid } of rows) {
      const used = cpuSeconds(pid);
      if (!first.has(pid)) first.set(pid, used);
      last.set(pid, Math.max(last.get(pid) ?? 0, used));
    }
  };
  await sample();
  const before = new Set(first.keys());
  let running = true;
  const loop = (async () => {
    while (running) {
      await pause(200);
      await sample().catch(() => undefined);
    }
  })();
  return {
    opened: () => [...last.keys()].filter((pid) => !before.has(pid)).length,
    seconds: () => [...last].reduce((sum, [pid, used]) => sum + used - (first.get(pid) ?? used), 0),
    stop: async () => {
      running = false;
      await loop;
      await c.end();
    },
  };
}

interface Target {
  kind: "postgres" | "pglite";
  /** PostgreSQL: the bench's own database; embedded: its data folder. */
  url?: string;
  dataDir?: string;
  drop(): Promise<void>;
}

async function freshTarget(kind: Target["kind"]): Promise<Target> {
  if (kind === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "clinora-bench-reply-"));
    return { kind, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `clinora_bench_reply_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { kind, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const open = (t: Target): Promise<Database> =>
  t.kind === "postgres" ? openDatabase({ kind: "postgres", url: t.url!, maxConnections: 2 }) : openDatabase({ kind: "pglite", dataDir: t.dataDir! });

/** Migrates and writes one professional with her WhatsApp number (the assistant answers by default). */
async function seed(t: Target) {
  const database = await open(t);
  try {
    await database.migrate();
    const [professional] = await database.db.insert(s.professionals).values({ fullName: "Dra. Bench Respostas", specialty: "Psicologia", clinicName: "Clínica Bench" }).returning();
    await database.db.insert(s.twilioNumbers).values({ twilioNumber: `whatsapp:${NUMBER}`, e164Number: NUMBER, professionalId: professional!.id });
  } finally {
    await database.close();
  }
}

interface Server {
  child: ChildProcess;
  origin: string;
  output: string[];
}

async function startServer(t: Target, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...NODE_ARGS, "--import", "tsx", "src/server.ts"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "/nonexistent",
      RATE_LIMIT_PER_MINUTE: "10000000",
      ...(t.kind === "postgres" ? { DATABASE_URL: t.url! } : { DATA_DIR: t.dataDir! }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (d) => output.push(String(d)));
  child.stderr!.on("data", (d) => output.push(String(d)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join("")}`);
    if (await fetch(`${origin}/api/health`).then((r) => r.ok).catch(() => false)) return { child, origin, output };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${output.join("")}`);
    }
    await pause(200);
  }
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
}

interface Fakes {
  twilio: FakeTwilio;
  llm: FakeLlm;
  /** When the model was first asked about message #i (from the tag in the patient's text). */
  modelAt: Map<number, number>;
  env: Record<string, string>;
}

async function startFakes(transcriptionDelayMs = 0): Promise<Fakes> {
  const modelAt = new Map<number, number>();
  const twilio = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  const llm = await startFakeLlm({
    transcriptionDelayMs,
    brain: (request) => {
      const lastUser = [...request.messages].reverse().find((m) => m.role === "user");
      const tag = /#(\d+)/.exec(JSON.stringify(lastUser ?? ""));
      if (tag && !modelAt.has(Number(tag[1]))) modelAt.set(Number(tag[1]), Date.now());
      return receptionistBrain(request);
    },
  });
  return {
    twilio,
    llm,
    modelAt,
    env: { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_BASE_URL: twilio.url, OPENAI_API_KEY: "sk-bench", OPENAI_BASE_URL: llm.openAiBaseUrl },
  };
}

/** Waits until no reply, send or media job is pending or running (or the cap); false at the cap. */
async function settled(t: Target, fakes: Fakes, expectedAtLeast: number) {
  const deadline = Date.now() + SETTLE_CAP_MS;
  if (t.kind === "postgres") {
    const c = new pg.Client({ connectionString: t.url!, application_name: BENCH_APPLICATION });
    await c.connect();
    try {
      for (;;) {
        const { rows } = await c.query<{ n: number }>("select count(*)::int as n from jobs where status in ('pending', 'running') and type <> 'whatsapp.status'");
        if (rows[0]!.n === 0) return true;
        if (Date.now() > deadline) return false;
        await pause(250);
      }
    } finally {
      await c.end();
    }
  }
  // The embedded database belongs to the server process: wait for the replies to stop coming.
  let last = -1;
  while (Date.now() < deadline) {
    const now = fakes.twilio.sent.length;
    if (now === last && now >= Math.min(expectedAtLeast, 1)) return true;
    last = now;
    await pause(2000);
  }
  return false;
}

interface Row {
  label: string;
  rate: number;
  messages: number;
  ackP95: number;
  ackP99: number;
  non200: number;
  sends: number[];
  pickUp: number[];
  model: number[];
  send: number[];
  folded: number;
  unanswered: number;
  cpuShare: number;
  /** CPU milliseconds per message, sending window to drained queue: the server processes, their PostgreSQL backends, the bench (load generator and stand-ins). */
  serverMs: number;
  postgresMs: number;
  benchMs: number;
  /** PostgreSQL connections the server processes opened while measured (— on the embedded database). */
  opened: number;
  drained: boolean;
}

/** What the database says about each inbound message: its reply (if any), when committed, and whether a later one came. */
async function replyRows(t: Target) {
  const database = await open(t);
  try {
    const result = await database.db.execute(
      sql.raw(`select m.external_id as sid, r.created_at as reply_at, r.external_id as reply_sid,
              exists (select 1 from messages l where l.conversation_id = m.conversation_id and l.direction = 'inbound'
                      and (l.sent_at, l.created_at) > (m.sent_at, m.created_at)) as later
       from messages m left join messages r on r.reply_to_message_id = m.id
       where m.direction = 'inbound'`),
    );
    return rowsOf<{ sid: string; reply_at: string | Date | null; reply_sid: string | null; later: boolean }>(result);
  } finally {
    await database.close();
  }
}

/**
 * What comes before the measured seconds, after ten messages one at a time: "steady", the rate for WARMUP_SECONDS;
 * "quiet", the same and then QUIET_MS without a message (a burst after a lull: reminders' answers at nine); "cold",
 * nothing more (processes that have just started).
 */
type Phase = "steady" | "quiet" | "cold";

async function textRun(kind: Target["kind"], processes: number, rate: number, phase: Phase = "steady"): Promise<Row> {
  const t = await freshTarget(kind);
  await seed(t);
  const fakes = await startFakes();
  const servers: Server[] = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await startServer(t, fakes.env));
    const hooks = servers.map((sv) => `${sv.origin}${TWILIO_WEBHOOK_PATH}`);
    // Warm-up, answered, then forgotten: a few messages one at a time, then (see Phase) the run's rate for
    // WARMUP_SECONDS from other phones, so the measured seconds are a steady state: every process's pool has opened
    // its connections and its hot code is compiled.
    for (let i = 0; i < 10; i++) await fakes.twilio.sendInbound({ webhookUrl: hooks[i % hooks.length]!, from: warmUpPhone(i), to: NUMBER, body: QUESTION });
    await fakes.twilio.waitForSent(10, 60_000).catch(() => []);
    if (phase !== "cold" && WARMUP_SECONDS > 0) {
      const first = Date.now();
      await Promise.all(
        Array.from({ length: rate * WARMUP_SECONDS }, async (_, i) => {
          await pause(Math.max(0, first + (i * 1000) / rate - Date.now()));
          await fakes.twilio.sendInbound({ webhookUrl: hooks[i % hooks.length]!, from: warmUpPhone(10 + (i % PHONES)), to: NUMBER, body: QUESTION });
        }),
      );
      await settled(t, fakes, 1);
    }
    await pause(phase === "quiet" ? QUIET_MS : 500);
    fakes.twilio.reset();
    fakes.modelAt.clear();

    const count = rate * SECONDS;
    const interval = 1000 / rate;
    const start = Date.now() + 300;
    const acks = new Array<number>(count).fill(NaN);
    const scheduled = (i: number) => start + i * interval;
    const sids = new Map<string, number>();
    const statuses: number[] = [];
    const cpu0 = servers.map((sv) => cpuSeconds(sv.child.pid));
    const benchCpu0 = process.cpuUsage();
    const backends = await watchBackends(t);
    const sending = Array.from({ length: count }, async (_, i) => {
      await pause(Math.max(0, scheduled(i) - Date.now()));
      const res = await fakes.twilio.sendInbound({ webhookUrl: hooks[i % hooks.length]!, from: phone(i % PHONES), to: NUMBER, body: `${QUESTION} #${i}` });
      acks[i] = Date.now();
      statuses.push(res.status);
      sids.set(res.messageSid, i);
    });
    await Promise.all(sending);
    const wall = (Date.now() - start) / 1000;
    const cpuShare = servers.reduce((sum, sv, k) => sum + (cpuSeconds(sv.child.pid) - cpu0[k]!), 0) / wall / processes;
    const drained = await settled(t, fakes, 1);
    await pause(500);
    // Everything each message cost, from the first webhook to the last status callback, per message.
    const serverMs = (servers.reduce((sum, sv, k) => sum + (cpuSeconds(sv.child.pid) - cpu0[k]!), 0) * 1000) / count;
    const benchUsage = process.cpuUsage(benchCpu0);
    const benchMs = (benchUsage.user + benchUsage.system) / 1000 / count;
    await backends?.stop();
    const postgresMs = backends ? (backends.seconds() * 1000) / count : NaN;
    const opened = backends ? backends.opened() : NaN;
    for (const sv of servers) await stopServer(sv);

    const twilioAt = new Map(fakes.twilio.sent.map((m) => [m.sid, m.dateCreated.getTime()]));
    const row: Row = { label: "", rate, messages: count, ackP95: NaN, ackP99: NaN, non200: statuses.filter((x) => x !== 200).length, sends: [], pickUp: [], model: [], send: [], folded: 0, unanswered: 0, cpuShare, serverMs, postgresMs, benchMs, opened, drained };
    const ackLatency = acks.map((a, i) => a - scheduled(i));
    row.ackP95 = pct(ackLatency, 95);
    row.ackP99 = pct(ackLatency, 99);
    for (const r of await replyRows(t)) {
      const i = sids.get(r.sid);
      if (i === undefined) continue;
      const sentAt = r.reply_sid ? twilioAt.get(r.reply_sid) : undefined;
      if (sentAt === undefined) {
        if (r.later) row.folded++;
        else row.unanswered++;
        continue;
      }
      const ack = acks[i]!;
      const replyAt = new Date(r.reply_at!).getTime();
      const asked = fakes.modelAt.get(i);
      row.sends.push(sentAt - ack);
      if (asked !== undefined) {
        row.pickUp.push(asked - ack);
        row.model.push(replyAt - asked);
      }
      row.send.push(sentAt - replyAt);
    }
    return row;
  } finally {
    for (const sv of servers) await stopServer(sv);
    await Promise.all([fakes.twilio.close(), fakes.llm.close()]);
    await t.drop();
  }
}

async function voiceRun(kind: Target["kind"]) {
  const t = await freshTarget(kind);
  await seed(t);
  const fakes = await startFakes(TRANSCRIPTION_MS);
  let server: Server | null = null;
  try {
    server = await startServer(t, fakes.env);
    const hook = `${server.origin}${TWILIO_WEBHOOK_PATH}`;
    const acks = new Map<string, number>();
    await Promise.all(
      Array.from({ length: VOICE_NOTES }, async (_, i) => {
        const from = phone(1000 + i);
        const res = await fakes.twilio.sendInbound({ webhookUrl: hook, from, to: NUMBER, body: "", media: [{ data: fakeVoiceNote(QUESTION), contentType: "audio/ogg" }] });
        if (res.status !== 200) throw new Error(`voice note webhook answered ${res.status}`);
        acks.set(`whatsapp:${from}`, Date.now());
      }),
    );
    await fakes.twilio.waitForSent(VOICE_NOTES, 60_000).catch(() => []);
    const answered = fakes.twilio.sent.map((m) => m.dateCreated.getTime() - (acks.get(m.to) ?? NaN)).filter(Number.isFinite);
    return { answered, transcriptions: fakes.llm.transcriptions.length };
  } finally {
    if (server) await stopServer(server);
    await Promise.all([fakes.twilio.close(), fakes.llm.close()]);
    await t.drop();
  }
}

async function main() {
  const load0 = loadavg()[0]!.toFixed(2);
  const started = new Date().toISOString();
  const rows: Row[] = [];
  // BENCH_REPLY_ONLY (e.g. "postgres1,embedded"): only these runs, while profiling; the voice notes are "voice".
  const only = process.env.BENCH_REPLY_ONLY?.split(",");
  const runs = (
    [
      ["postgres", 1, "PostgreSQL, 1 process", "postgres1"],
      ["postgres", 2, "PostgreSQL, 2 processes", "postgres2"],
      ["pglite", 1, "embedded, 1 process", "embedded"],
    ] as const
  ).filter(([, , , key]) => !only || only.includes(key));
  const top = Math.max(...RATES);
  const plan: { kind: Target["kind"]; processes: number; label: string; rate: number; phase: Phase }[] = runs.flatMap(([kind, processes, label]) =>
    RATES.map((rate) => ({ kind, processes, label, rate, phase: "steady" as const })),
  );
  // The top rate after a lull, and against processes that have just started (no warm-up at the rate).
  const quietLabel = `PostgreSQL, 1 process, after ${QUIET_MS / 1000} s quiet`;
  if (!only || only.includes("quiet")) plan.push({ kind: "postgres", processes: 1, label: quietLabel, rate: top, phase: "quiet" });
  if (!only || only.includes("cold")) plan.push({ kind: "postgres", processes: 1, label: "PostgreSQL, 1 process, cold start", rate: top, phase: "cold" });
  for (const { kind, processes, label, rate, phase } of plan) {
    const row = await textRun(kind, processes, rate, phase);
    row.label = label;
    rows.push(row);
    process.stdout.write(
      `${label} at ${rate} msg/s: ack p99 ${ms(row.ackP99)} ms, ack→send p95 ${ms(pct(row.sends, 95))} ms; CPU ms per message: ` +
        `server ${ms(row.serverMs)}, PostgreSQL ${ms(row.postgresMs)}, bench ${ms(row.benchMs)}\n`,
    );
  }
  const voice = !only || only.includes("voice") ? await voiceRun("postgres") : null;
  const load1 = loadavg()[0]!.toFixed(2);

  const at50 = (label: string) => rows.find((r) => r.label === label && r.rate === 50);
  const goal = (ok: boolean | undefined) => (ok === undefined ? "not measured" : ok ? "met" : "NOT met");
  const pg1 = at50("PostgreSQL, 1 process");
  const pg2 = at50("PostgreSQL, 2 processes");
  const embedded = at50("embedded, 1 process");
  const voiceLimit = TRANSCRIPTION_MS + 1000;
  const lines = [
    `# Benchmark — replies — ${started}`,
    "",
    `Made by \`npm run bench:reply\` (apps/server/src/scripts/bench-reply.ts): server.ts processes from source, the real Twilio and OpenAI SDKs ` +
      `talking HTTP to the stand-ins, which run in the bench's process with the load generator. ${SECONDS} s of messages per run from ${PHONES} ` +
      `patient phones (open loop: each at its instant), measured after ${WARMUP_SECONDS} s at the same rate from other phones (and, in the row after a quiet spell, ${QUIET_MS / 1000} s without a message; ` +
      `the cold-start row has only ten messages one at a time before: the processes' first burst); the fake model answers at once without a tool call; the fake Twilio posts sent/delivered ` +
      `callbacks back. Default worker settings (WORKER_NETWORK_CONCURRENCY 32, WORKER_CONCURRENCY 4, WORKER_LOOP_DELAY_LIMIT_MS 40).`,
    "",
    `Machine: ${cpus().length} cores, shared with other work; 1-minute load average ${load0} at the start, ${load1} at the end. ` +
      "This is one run: on a shared host the same build's figures vary from run to run, and docs/decisions/036 lists every full run of each round.",
    "",
    "| database, processes | msg/s | messages | non-200 | ack p95 ms | ack p99 ms | ack→send p50 ms | p95 ms | p99 ms | pick-up p50/p95 ms | model p50/p95 ms | send p50/p95 ms | folded | no reply | server CPU (of one core) | CPU ms per message: server / PostgreSQL / bench | connections opened |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.rate} | ${r.messages} | ${r.non200} | ${ms(r.ackP95)} | ${ms(r.ackP99)} | ${ms(pct(r.sends, 50))} | ${ms(pct(r.sends, 95))} | ${ms(pct(r.sends, 99))} | ` +
        `${ms(pct(r.pickUp, 50))} / ${ms(pct(r.pickUp, 95))} | ${ms(pct(r.model, 50))} / ${ms(pct(r.model, 95))} | ${ms(pct(r.send, 50))} / ${ms(pct(r.send, 95))} | ` +
        `${r.folded} | ${r.unanswered}${r.drained ? "" : " (queue not drained)"} | ${(r.cpuShare * 100).toFixed(0)} % | ${ms(r.serverMs)} / ${ms(r.postgresMs)} / ${ms(r.benchMs)} | ${Number.isFinite(r.opened) ? r.opened : "—"} |`,
    ),
    "",
    "ack: from a message's scheduled instant to the webhook's answer. ack→send: from that answer to the reply's creation at the fake Twilio; " +
      "pick-up: to the model's request (the reply job's reads and safety checks included), model: to the reply row's commit, send: to Twilio. " +
      "Folded: answered together with a later message of the same patient. Server CPU: the server processes' CPU time over the sending window, per process. " +
      "CPU ms per message: from the first message to the drained queue (its last status callbacks included), the server processes' CPU, their PostgreSQL backends' " +
      "(sampled from pg_stat_activity) and the bench process's (load generator and stand-ins), divided by the messages sent; far less sensitive to other load than the latencies. " +
      "Connections opened: PostgreSQL backends the server processes started while measured (each reads the catalog and plans every statement afresh).",
    "",
    voice
      ? `Voice notes: ${VOICE_NOTES} at once (PostgreSQL, 1 process), each transcribed in ${TRANSCRIPTION_MS} ms (${voice.transcriptions} transcriptions): ` +
        `ack → reply at Twilio p50 ${ms(pct(voice.answered, 50))} ms, max ${ms(Math.max(...voice.answered))} ms; ${voice.answered.filter((x) => x <= voiceLimit).length} of ${VOICE_NOTES} within transcription + 1 s (${voiceLimit} ms), ${VOICE_NOTES - voice.answered.length} not answered.`
      : "Voice notes: not run (BENCH_REPLY_ONLY).",
    "",
    "## Goals (docs/decisions/036)",
    "",
    `- ack → send p95 < 100 ms at 50 msg/s on PostgreSQL, one process: ${goal(pg1 && pct(pg1.sends, 95) < 100)} (${ms(pg1 ? pct(pg1.sends, 95) : NaN)} ms); two processes: ${goal(pg2 && pct(pg2.sends, 95) < 100)} (${ms(pg2 ? pct(pg2.sends, 95) : NaN)} ms).`,
    `- ack → send p95 < 250 ms at 50 msg/s on the embedded database: ${goal(embedded && pct(embedded.sends, 95) < 250)} (${ms(embedded ? pct(embedded.sends, 95) : NaN)} ms).`,
    `- the webhook's ack p99 < 100 ms during those runs: ${goal([pg1, pg2, embedded].some((r) => !r) ? undefined : [pg1, pg2, embedded].every((r) => r!.ackP99 < 100))} (${[pg1, pg2, embedded].map((r) => ms(r?.ackP99 ?? NaN)).join(" / ")} ms).`,
    `- every voice note answered within transcription + 1 s: ${goal(voice ? voice.answered.length === VOICE_NOTES && voice.answered.every((x) => x <= voiceLimit) : undefined)}.`,
    "- free times ≤ 1.5× their floor: measured by `npm run bench:free-times` (docs/benchmarks/free-times.md, docs/decisions/039).",
    "",
    `The goals are read on the steady rows. The same ${top} msg/s, PostgreSQL, one process: ` +
      [quietLabel, "PostgreSQL, 1 process, cold start"]
        .map((label) => rows.find((r) => r.label === label))
        .map((r, k) => `${k === 0 ? `after ${QUIET_MS / 1000} s without a message` : "from a process's first burst"}, ack → send p95 ${ms(r ? pct(r.sends, 95) : NaN)} ms`)
        .join("; ") +
      ".",
    "",
  ];
  const text = lines.join("\n");
  process.stdout.write(`${text}\n`);
  if (process.env.BENCH_REPLY_NO_WRITE !== "1") writeFileSync(path.resolve(serverDir, "../../docs/benchmarks/replies.md"), text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
