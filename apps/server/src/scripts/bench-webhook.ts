/**
 * The WhatsApp webhook phase of `npm run bench` (bench.ts): signed inbound messages posted to
 * POST /api/whatsapp/webhook/twilio at a steady rate (open loop: each at its scheduled instant, whatever the
 * previous answers), from many patient phones to a few professionals' numbers, while the server's job worker
 * answers them through a fake LLM and sends the replies through a fake Twilio, both run here in the bench's process.
 *
 * Measures the acknowledgement latency (from each message's scheduled instant to the end of its answer, so a
 * stalled server cannot hide behind a stalled client), the non-200 answers, then how long the worker takes to
 * drain the replies. Bounded: a fixed number of messages, a wait cap for the answers and one for the drain.
 *
 * Settings (all optional): BENCH_WEBHOOK_RATE (messages/s, default 200), BENCH_WEBHOOK_SECONDS (default 30),
 * BENCH_WEBHOOK_DRAIN_CAP_S (default 300), BENCH_LLM_DELAY_MS (the fake model's answer time, default 0);
 * WORKER_CONCURRENCY reaches the server through the environment like any other setting.
 */
import { Worker } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import pg from "pg";
import twilio from "twilio";
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { startFakeLlm, startFakeTwilio, type FakeLlm, type FakeTwilio } from "@clinora/stand-ins";

export const WEBHOOK_PHASE_NAME = `webhook: POST ${TWILIO_WEBHOOK_PATH}`;

const bounded = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return Number.isFinite(n) && value !== undefined && value !== "" ? Math.min(max, Math.max(min, n)) : fallback;
};

const RATE = bounded(process.env.BENCH_WEBHOOK_RATE, 200, 1, 2000); // messages per second
const SECONDS = bounded(process.env.BENCH_WEBHOOK_SECONDS, 30, 1, 120);
const MESSAGES = RATE * SECONDS; // 6000 by default
const PHONES = Math.min(2000, MESSAGES); // each writes MESSAGES / PHONES times, PHONES / RATE seconds apart
const PROFESSIONALS = 5; // prof1..prof5@bench.clinora, one sender number each
const WARMUP_MESSAGES = Math.min(200, RATE); // one second of traffic from other phones, drained before measuring
const ANSWER_WAIT_MS = 30_000; // after the last scheduled message, answers still missing count as failures
const DRAIN_CAP_MS = bounded(process.env.BENCH_WEBHOOK_DRAIN_CAP_S, 300, 10, 1800) * 1000;
const LLM_DELAY_MS = bounded(process.env.BENCH_LLM_DELAY_MS, 0, 0, 30_000);
const MAX_CONNECTIONS = 512;

/** What a patient writes, by round: a booking request, a day (→ availability tool), a question (→ list tool). */
const BODIES = ["Olá, boa tarde! Queria marcar uma consulta.", "Pode ser no dia 15?", "Quais são minhas consultas marcadas?"];

const ACCOUNT_SID = `AC${"b".repeat(32)}`;
const AUTH_TOKEN = "bench-auth-token-0123456789abcdef";

export interface WebhookFakes {
  twilio: FakeTwilio;
  llm: FakeLlm;
  /** The server child's environment: Twilio and OpenAI pointed at the fakes, PUBLIC_URL at the server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the fake Twilio and fake LLM on 127.0.0.1 (before the server, which needs their addresses). */
export async function startWebhookFakes(publicUrl: string): Promise<WebhookFakes> {
  const fakeTwilio = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  const llm = await startFakeLlm({ delayMs: LLM_DELAY_MS });
  return {
    twilio: fakeTwilio,
    llm,
    env: {
      PUBLIC_URL: publicUrl,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_BASE_URL: fakeTwilio.url,
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: llm.openAiBaseUrl,
    },
    async close() {
      await Promise.all([fakeTwilio.close(), llm.close()]);
    },
  };
}

// ---- the load generator, in a worker thread ----------------------------------------------------------------
//
// Its own event loop, so the fakes answering the server's worker in the main thread cannot delay a send or the
// reading of an answer. Plain JavaScript run with `eval`: Node 20 does not give worker threads tsx's loader.
// Connections: keep-alive, one request at a time each; an idle one is reused, else a new one is opened (up to
// MAX_CONNECTIONS, then the request waits for one, its wait counted in its latency).

interface LoadInput {
  port: number;
  requests: Uint8Array[];
  intervalMs: number;
  /** Epoch ms of the first message's instant. */
  startEpochMs: number;
  answerWaitMs: number;
  maxConnections: number;
}

interface LoadOutput {
  /** ms from scheduled instant to the end of the answer; NaN without an answer. */
  latency: Float64Array;
  /** ms from scheduled instant to the generator's dispatch (its own timer delay). */
  lag: Float64Array;
  /** Requests that found all MAX_CONNECTIONS busy and waited for one (the wait is in their latency). */
  waitedForConnection: number;
  /** HTTP status per request; 0 when no answer came (connection error or time-out). */
  status: Int16Array;
  connectionsOpened: number;
  /** Epoch ms when the last answer arrived (or the wait ended). */
  endEpochMs: number;
}

const LOAD_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const net = require("node:net");
const { performance } = require("node:perf_hooks");
const input = workerData;
const n = input.requests.length;
const start = input.startEpochMs - performance.timeOrigin;
const scheduled = (i) => start + i * input.intervalMs;
const latency = new Float64Array(n).fill(NaN);
const lag = new Float64Array(n);
const status = new Int16Array(n);
let settled = 0;
let opened = 0;
let next = 0;
let finished = false;
let waitedForConnection = 0;
const idle = [];
const waiting = [];
const all = new Set();

function settle(i, code) {
  status[i] = code;
  if (code) latency[i] = performance.now() - scheduled(i);
  settled++;
  if (settled === n) finish();
}

class Connection {
  constructor() {
    opened++;
    this.index = -1;
    this.chunks = [];
    this.received = 0;
    this.alive = true;
    this.socket = net.connect({ host: "127.0.0.1", port: input.port, noDelay: true });
    this.socket.on("data", (chunk) => this.onData(chunk));
    const dead = () => {
      if (!this.alive) return;
      this.alive = false;
      all.delete(this);
      const i = this.index;
      this.index = -1;
      if (i >= 0) settle(i, 0);
    };
    this.socket.on("error", dead);
    this.socket.on("close", dead);
    all.add(this);
  }
  send(i) {
    this.index = i;
    this.socket.write(input.requests[i]);
  }
  onData(chunk) {
    this.chunks.push(chunk);
    this.received += chunk.length;
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
    this.chunks = [data];
    const headerEnd = data.indexOf("\r\n\r\n");
    if (headerEnd < 0) return;
    const head = data.toString("latin1", 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const total = headerEnd + 4 + (length ? Number(length[1]) : 0);
    if (this.received < total) return;
    this.chunks = [];
    this.received = 0;
    const i = this.index;
    this.index = -1;
    if (i >= 0) settle(i, Number(head.slice(9, 12)));
    if (!length || /\r\nconnection: *close/i.test(head)) {
      this.alive = false;
      all.delete(this);
      this.socket.destroy();
    } else {
      release(this);
    }
  }
}

function connection() {
  while (idle.length) {
    const c = idle.pop();
    if (c.alive) return c;
  }
  return all.size < input.maxConnections ? new Connection() : null;
}

function release(c) {
  const i = waiting.shift();
  if (i !== undefined) c.send(i);
  else idle.push(c);
}

function dispatch(i) {
  lag[i] = performance.now() - scheduled(i);
  const c = connection();
  if (c) c.send(i);
  else {
    waitedForConnection++;
    waiting.push(i);
  }
}

function tick() {
  const now = performance.now();
  while (next < n && scheduled(next) <= now) dispatch(next++);
  if (next < n) setTimeout(tick, Math.max(0, scheduled(next) - performance.now()));
}

function finish() {
  if (finished) return;
  finished = true;
  const endEpochMs = performance.timeOrigin + performance.now();
  for (const c of all) c.socket.destroy();
  parentPort.postMessage({ latency, lag, status, connectionsOpened: opened, waitedForConnection, endEpochMs });
}

// A few connections opened ahead, as a sender that was already talking to the server would have.
for (let k = 0; k < 16; k++) idle.push(new Connection());
setTimeout(tick, Math.max(0, start - performance.now()));
// Answers still missing this long after the last instant count as none (status 0).
setTimeout(finish, Math.max(0, scheduled(n - 1) - performance.now()) + input.answerWaitMs);
`;

function runLoad(input: LoadInput): Promise<LoadOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER_SOURCE, { eval: true, workerData: input });
    worker.once("message", (output: LoadOutput) => {
      resolve(output);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`webhook load generator exited (${code}) without a result`)));
  });
}

// ---- the phase -----------------------------------------------------------------------------------------------

interface Message {
  sid: string;
  from: string;
  to: string;
  body: string;
}

/** Signs and encodes every request before anything is sent: signing is no part of the measured path. */
function prepare(messages: Message[], port: number, publicUrl: string): Uint8Array[] {
  const webhookUrl = `${publicUrl}${TWILIO_WEBHOOK_PATH}`;
  return messages.map((m) => {
    // The fields Twilio posts for a WhatsApp text (the same set as the fake's sendInbound).
    const params: Record<string, string> = {
      SmsMessageSid: m.sid,
      NumMedia: "0",
      ProfileName: "Paciente",
      MessageType: "text",
      SmsSid: m.sid,
      WaId: m.from.replace(/\D/g, ""),
      SmsStatus: "received",
      Body: m.body,
      To: m.to,
      NumSegments: "1",
      ReferralNumMedia: "0",
      MessageSid: m.sid,
      AccountSid: ACCOUNT_SID,
      From: m.from,
      ApiVersion: "2010-04-01",
    };
    const body = new URLSearchParams(params).toString();
    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, webhookUrl, params);
    const head = [
      `POST ${TWILIO_WEBHOOK_PATH} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      "user-agent: TwilioProxy/1.1",
      "content-type: application/x-www-form-urlencoded",
      `x-twilio-signature: ${signature}`,
      `content-length: ${Buffer.byteLength(body)}`,
    ];
    return new Uint8Array(Buffer.from(`${head.join("\r\n")}\r\n\r\n${body}`));
  });
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Pending or running jobs, by type (the queue's backlog). */
async function backlog(client: pg.Client): Promise<{ reply: number; send: number; other: number }> {
  const { rows } = await client.query<{ type: string; n: number }>(
    "select type, count(*)::int as n from jobs where status in ('pending', 'running') group by type",
  );
  const of = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return { reply: of("assistant.reply"), send: of("whatsapp.send"), other: total - of("assistant.reply") - of("whatsapp.send") };
}

/** Jobs finished (done or failed) so far, by type. */
async function finished(client: pg.Client): Promise<{ reply: number; send: number }> {
  const { rows } = await client.query<{ type: string; n: number }>(
    "select type, count(*)::int as n from jobs where status in ('done', 'failed') and type in ('assistant.reply', 'whatsapp.send') group by type",
  );
  return { reply: rows.find((r) => r.type === "assistant.reply")?.n ?? 0, send: rows.find((r) => r.type === "whatsapp.send")?.n ?? 0 };
}

/** Waits until the queue is empty (or the cap), calling `sample` about every 250 ms; false at the cap. */
async function drain(client: pg.Client, capMs: number, sample: () => Promise<void>) {
  const deadline = performance.now() + capMs;
  for (;;) {
    await sample();
    const b = await backlog(client);
    if (b.reply + b.send + b.other === 0) return true;
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Busy CPU seconds of the whole machine so far (/proc/stat, Linux; 0 elsewhere): every process, ours and others. */
function machineBusySeconds(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ
  } catch {
    return 0;
  }
}

const loadAverage = () => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ")[0]!;
  } catch {
    return "?";
  }
};

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

export interface WebhookPhaseOptions {
  databaseUrl: string;
  port: number;
  fakes: WebhookFakes;
  /** Starts counting the CPU of the server, PostgreSQL and this process; what it returns gives the seconds since (bench.ts). */
  cpuFromNow: () => () => { server: number; postgres: number; client: number };
  log: (line?: string) => void;
}

export async function webhookPhase({ databaseUrl, port, fakes, cpuFromNow, log }: WebhookPhaseOptions) {
  const publicUrl = fakes.env.PUBLIC_URL!;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The professionals and their sender numbers (idempotent); the traffic of an earlier run is removed so each
    // run starts from new conversations (an earlier handoff would otherwise keep the assistant quiet).
    const { rows: pros } = await client.query<{ id: string; g: number }>(
      `select professional_id as id, substring(email from 'prof(\\d+)@')::int as g from users
       where email = any($1) order by 2`,
      [Array.from({ length: PROFESSIONALS }, (_, i) => `prof${i + 1}@bench.clinora`)],
    );
    if (pros.length !== PROFESSIONALS) throw new Error(`webhook phase: expected ${PROFESSIONALS} bench professionals, found ${pros.length}`);
    const numbers = pros.map((p) => `+5511400${pad(p.g, 5)}`);
    for (const [i, p] of pros.entries()) {
      await client.query(
        `insert into twilio_numbers (twilio_number, e164_number, label, professional_id) values ($1, $2, 'bench', $3)
         on conflict (twilio_number) do update set professional_id = excluded.professional_id, e164_number = excluded.e164_number`,
        [`whatsapp:${numbers[i]}`, numbers[i], p.id],
      );
    }
    const ids = pros.map((p) => p.id);
    await client.query("delete from conversations where professional_id = any($1)", [ids]);
    await client.query("delete from jobs where professional_id = any($1) or type = 'whatsapp.status'", [ids]);
    await client.query("vacuum analyze conversations, messages, jobs");

    // Phone k writes to professional k % 5; half of them are that professional's patients (the loader's phones).
    const run = randomBytes(4).toString("hex");
    const phoneOf = (k: number) => {
      const pro = pros[k % PROFESSIONALS]!;
      const j = Math.floor(k / PROFESSIONALS);
      return j % 2 === 0 ? `+55119${pad(((pro.g - 1) * 400 + 1 + j) % 100_000_000, 8)}` : `+551199${pad(k, 7)}`;
    };
    const message = (i: number, k: number, round: number, kind: string): Message => ({
      sid: `SM${run}${kind}${pad(i, 32 - run.length - kind.length)}`,
      from: `whatsapp:${phoneOf(k)}`,
      to: `whatsapp:${numbers[k % PROFESSIONALS]}`,
      body: BODIES[round % BODIES.length]!,
    });
    // Warm-up phones are outside the measured ones (+551198…).
    const warmup = Array.from({ length: WARMUP_MESSAGES }, (_, i) => ({ ...message(i, i, 0, "w"), from: `whatsapp:+551198${pad(i, 7)}` }));
    const measured = Array.from({ length: MESSAGES }, (_, i) => message(i, i % PHONES, Math.floor(i / PHONES), "m"));
    const intervalMs = 1000 / RATE;
    const prepared = { warmup: prepare(warmup, port, publicUrl), measured: prepare(measured, port, publicUrl) };

    // Warm-up: one second of traffic, answered and drained, then the fakes forget it.
    const w = await runLoad({ port, requests: prepared.warmup, intervalMs, startEpochMs: Date.now() + 200, answerWaitMs: ANSWER_WAIT_MS, maxConnections: MAX_CONNECTIONS });
    const warmFailures = [...w.status].filter((s) => s !== 200);
    if (warmFailures.length) throw new Error(`webhook warm-up: ${warmFailures.length} answers not 200 (first: ${warmFailures[0]})`);
    const warmDrained = await drain(client, 60_000, async () => {});
    fakes.twilio.reset();
    fakes.llm.reset();

    // The measured run; the queue and the replies are sampled once a second meanwhile.
    const samples: { t: number; replies: number; reply: number; send: number }[] = [];
    const startEpochMs = Date.now() + 500;
    const sample = async () => {
      const t = (Date.now() - startEpochMs) / 1000;
      if (samples.length && t - samples[samples.length - 1]!.t < 1) return;
      const b = await backlog(client);
      samples.push({ t, replies: fakes.twilio.sent.length, reply: b.reply, send: b.send });
    };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sample();
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const cpuSinceStart = cpuFromNow();
    const busy0 = machineBusySeconds();
    const load0 = loadAverage();
    const load = await runLoad({ port, requests: prepared.measured, intervalMs, startEpochMs, answerWaitMs: ANSWER_WAIT_MS, maxConnections: MAX_CONNECTIONS });
    const cpu = cpuSinceStart();
    const busy1 = machineBusySeconds();
    const load1 = loadAverage();
    const atEndOfSending = await backlog(client);
    const finishedAtEndOfSending = await finished(client);
    const repliesAtEndOfSending = fakes.twilio.sent.length;
    sampling = false;
    await sampler;
    const drainStart = performance.now();
    const drained = await drain(client, DRAIN_CAP_MS, sample);
    const drainSecondsAfterSending = (performance.now() - drainStart) / 1000;
    const afterDrain = await backlog(client);
    const finishedAfterDrain = await finished(client);
    // The automatic status callbacks trail the last send by ~30 ms.
    await new Promise((r) => setTimeout(r, 500));

    // Acknowledgements.
    const answered: number[] = [];
    const statusCounts = new Map<number, number>();
    for (let i = 0; i < MESSAGES; i++) {
      const s = load.status[i]!;
      statusCounts.set(s, (statusCounts.get(s) ?? 0) + 1);
      if (s !== 0) answered.push(load.latency[i]!);
    }
    answered.sort((a, b) => a - b);
    const lags = [...load.lag].sort((a, b) => a - b);
    const non200 = MESSAGES - (statusCounts.get(200) ?? 0);
    const sendSeconds = (load.endEpochMs - startEpochMs) / 1000;
    const perMessage = (key: "server" | "postgres" | "client") => ((cpu[key] * 1000) / MESSAGES).toFixed(2);

    // Replies: which inbound message each answers, and when it reached the fake Twilio.
    const { rows: stored } = await client.query<{ sid: string; replied: boolean; reply_sid: string | null; later: boolean }>(
      `select m.external_id as sid, r.id is not null as replied, r.external_id as reply_sid,
              exists (select 1 from messages l where l.conversation_id = m.conversation_id and l.direction = 'inbound'
                      and (l.sent_at, l.created_at) > (m.sent_at, m.created_at)) as later
       from messages m left join messages r on r.reply_to_message_id = m.id
       where m.direction = 'inbound' and m.external_id like $1`,
      [`SM${run}m%`],
    );
    const sentAt = new Map(fakes.twilio.sent.map((s) => [s.sid, s.dateCreated.getTime()]));
    const indexOf = (sid: string) => Number(sid.slice(2 + run.length + 1));
    const replyDelays: number[] = [];
    let withReply = 0;
    let coalesced = 0;
    let unanswered = 0;
    for (const row of stored) {
      if (row.replied) {
        withReply++;
        const at = row.reply_sid ? sentAt.get(row.reply_sid) : undefined;
        if (at !== undefined) replyDelays.push(at - (startEpochMs + indexOf(row.sid) * intervalMs));
      } else if (row.later) coalesced++;
      else unanswered++;
    }
    replyDelays.sort((a, b) => a - b);
    const replies = fakes.twilio.sent.length;
    const replyTimes = fakes.twilio.sent.map((s) => s.dateCreated.getTime());
    const lastReply = replyTimes.length ? Math.max(...replyTimes) : startEpochMs;
    const drainSeconds = (lastReply - startEpochMs) / 1000; // to the last reply
    const lastScheduledEpochMs = startEpochMs + (MESSAGES - 1) * intervalMs;
    const { rows: jobRows } = await client.query<{ type: string; status: string; n: number; retried: number }>(
      `select type, status::text, count(*)::int as n, count(*) filter (where attempts > 1)::int as retried
       from jobs where professional_id = any($1) or type = 'whatsapp.status' group by 1, 2 order by 1, 2`,
      [ids],
    );
    const { rows: outboundRows } = await client.query<{ status: string; n: number }>(
      `select coalesce(status::text, '-') as status, count(*)::int as n from messages
       where professional_id = any($1) and direction = 'outbound' group by 1 order by 1`,
      [ids],
    );
    const callbacks = fakes.twilio.callbacks;
    const callbackFailures = callbacks.filter((c) => c.responseStatus !== null && c.responseStatus !== 200).length;
    const callbacksInFlight = callbacks.filter((c) => c.responseStatus === null).length;
    const llmCalls = fakes.llm.requests.length;

    log(`## WhatsApp webhook`);
    log();
    log(
      `Load: ${MESSAGES} signed inbound messages, open loop at ${RATE}/s for ${SECONDS} s (each sent at its scheduled instant over keep-alive ` +
        `connections, signed beforehand), from ${PHONES} patient phones (half of them known patients), ${MESSAGES / PHONES} messages each ` +
        `${(PHONES / RATE).toFixed(0)} s apart, to ${PROFESSIONALS} professionals' numbers; ${WARMUP_MESSAGES} warm-up messages first` +
        `${warmDrained ? "" : " (their jobs NOT drained within 60 s: the rest is in the queue below)"}. ` +
        `The server's job worker answers through a fake LLM${LLM_DELAY_MS ? ` (${LLM_DELAY_MS} ms per call)` : " (no delay)"} and a fake Twilio ` +
        `(which posts sent/delivered callbacks back), both in the bench's process; WORKER_CONCURRENCY=${process.env.WORKER_CONCURRENCY ?? "4 (default)"}.`,
    );
    log();
    log("| route | messages | non-200 | p50 ms | p95 ms | p99 ms | max ms | msg/s | CPU ms/msg: server | PostgreSQL | load generator + fakes |");
    log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    log(
      `| ${WEBHOOK_PHASE_NAME} | ${MESSAGES} | ${non200} | ${percentile(answered, 50).toFixed(1)} | ${percentile(answered, 95).toFixed(1)} | ` +
        `${percentile(answered, 99).toFixed(1)} | ${(answered[answered.length - 1] ?? NaN).toFixed(1)} | ${(MESSAGES / sendSeconds).toFixed(0)} | ` +
        `${perMessage("server")} | ${perMessage("postgres")} | ${perMessage("client")} |`,
    );
    log();
    log(
      `Latency: from each message's scheduled instant to the end of its answer. Answers: ${[...statusCounts.entries()].map(([s, c]) => `${s === 0 ? "none" : `HTTP ${s}`} ×${c}`).join(", ")}; ` +
        `${load.connectionsOpened} connections opened, ${load.waitedForConnection} messages waited for a free one (all ${MAX_CONNECTIONS} busy); ` +
        `the generator's own timer delay: p99 ${percentile(lags, 99).toFixed(1)} ms, max ${(lags[lags.length - 1] ?? NaN).toFixed(1)} ms.`,
    );
    const ours = cpu.server + cpu.postgres + cpu.client;
    log(
      `Machine while sending (${cpus().length} cores, ${sendSeconds.toFixed(1)} s): ${(busy1 - busy0).toFixed(1)} CPU-seconds busy, of which server + PostgreSQL + bench ` +
        `${ours.toFixed(1)}, other processes ${Math.max(0, busy1 - busy0 - ours).toFixed(1)}; 1-minute load average ${load0} before, ${load1} after.`,
    );
    log("Target: p99 acknowledgement under 200 ms.");
    log();
    log(
      `Replies: ${replies} sent through the fake Twilio for ${stored.length} stored messages — ${withReply} got a reply written (sent or still queued), ${coalesced} were ` +
        `answered together with a later message of the same patient (one reply per burst), ${unanswered} got no reply written. ` +
        (replies
          ? `Last reply ${drainSeconds.toFixed(1)} s after the first message (the last message was due at ${((lastScheduledEpochMs - startEpochMs) / 1000).toFixed(1)} s), ` +
            `${(replies / Math.max(drainSeconds, 0.001)).toFixed(1)} replies/s overall; `
          : "No reply at all; ") +
        `${repliesAtEndOfSending} replies by the end of sending, with ${atEndOfSending.reply} reply and ${atEndOfSending.send} send jobs still queued. ` +
        `${drained ? "Queue drained" : `Queue NOT drained within the ${DRAIN_CAP_MS / 1000} s cap`} ${drainSecondsAfterSending.toFixed(0)} s after sending ended: ` +
        `the worker finished ${finishedAfterDrain.reply - finishedAtEndOfSending.reply} reply and ${finishedAfterDrain.send - finishedAtEndOfSending.send} send jobs meanwhile ` +
        `(${((finishedAfterDrain.reply - finishedAtEndOfSending.reply + finishedAfterDrain.send - finishedAtEndOfSending.send) / Math.max(drainSecondsAfterSending, 0.001)).toFixed(1)} jobs/s), ` +
        `leaving ${afterDrain.reply} reply and ${afterDrain.send} send jobs queued.`,
    );
    log(
      `Reply time of the sent replies (scheduled instant of the message → reply at the fake Twilio): p50 ${(percentile(replyDelays, 50) / 1000).toFixed(1)} s, ` +
        `p95 ${(percentile(replyDelays, 95) / 1000).toFixed(1)} s, max ${((replyDelays[replyDelays.length - 1] ?? NaN) / 1000).toFixed(1)} s. ` +
        `LLM calls: ${llmCalls} (${withReply ? (llmCalls / withReply).toFixed(2) : "-"} per reply written). Status callbacks posted to the server: ${callbacks.length}, ${callbackFailures} not 200, ${callbacksInFlight} unanswered at the end.`,
    );
    log(`Jobs: ${jobRows.map((r) => `${r.type} ${r.status} ×${r.n}${r.retried ? ` (${r.retried} retried)` : ""}`).join(", ")}. Outbound messages: ${outboundRows.map((r) => `${r.status} ×${r.n}`).join(", ")}.`);
    // Every 5 s while sending, every 30 s after.
    const step = (t: number) => (t <= SECONDS + 5 ? Math.floor(t / 5) : 1000 + Math.floor(t / 30));
    const timeline = samples.filter((s, i) => s.t >= 0 && (i === 0 || step(s.t) !== step(samples[i - 1]!.t)));
    log(
      `Queue over time (s after the first message: replies sent / reply jobs queued / send jobs queued; every 5 s while sending, then every 30 s): ` +
        timeline.map((s) => `${s.t.toFixed(0)}: ${s.replies}/${s.reply}/${s.send}`).join(", ") +
        ".",
    );
    log();
  } finally {
    await client.end();
  }
}
