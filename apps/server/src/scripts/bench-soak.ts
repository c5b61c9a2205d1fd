/**
 * The soak mode of `npm run bench` (`npm run bench -- --soak`, or BENCH_SOAK=1): the server on PostgreSQL under a
 * steady mixed load for BENCH_SOAK_MINUTES (default 10) — signed WhatsApp webhooks answered by the assistant (a fake
 * LLM, a fake Twilio with its status callbacks), a professional's list reads, and web-chat visitors who open a chat,
 * write and poll their thread — printing per minute the server's memory (RSS, and the V8 heap: its lowest point
 * in the minute, the live data after a collection, and its highest), its event-loop delay, the requests made and
 * the errors (any answer other than the expected one, or none). Then a verdict: does the memory keep growing once
 * warmed up (the first BENCH_SOAK_WARMUP_MINUTES, default 2, are not judged)?
 *
 * Its own database (BENCH_SOAK_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/clinora_soak) is dropped and
 * made again with one clinic (2 000 patients, 1 000 appointments, 300 tasks). Traffic goes only to 127.0.0.1.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { DEFAULT_TIME_ZONE, TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { addDays, localToInstant, todayIn } from "@clinora/contracts/zoned-time";
import { openDatabase } from "../platform/db/client";
import * as s from "../tables";
import { hashPassword } from "../platform/lib/password";
import { startWebhookFakes } from "./bench-webhook";

const bounded = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

const MINUTES = bounded(process.env.BENCH_SOAK_MINUTES, 10, 1, 240);
const WARMUP_MINUTES = Math.min(MINUTES - 1, bounded(process.env.BENCH_SOAK_WARMUP_MINUTES, 2, 0, 60));
const URL_DEFAULT = "postgres://postgres@127.0.0.1:5432/clinora_soak";
/** The load, per second: inbound WhatsApp messages, list reads, new web-chat visitors (each writes then polls). */
const WEBHOOKS_PER_SECOND = 3;
const READS_PER_SECOND = 10;
const NEW_VISITORS_PER_SECOND = 0.2;
/** Patients who write on WhatsApp, in turn; each conversation thus grows through the run, as a real one does. */
const PHONES = 400;
const PASSWORD = "Soak@12345";
const EMAIL = "soak@bench.clinora";
const SAMPLE_EVERY_MS = 2000;
/** Judged as growing when the last two minutes stand above the first two after warm-up by more than this. */
const GROWTH_TOLERANCE = { share: 0.1, heapBytes: 4 * 1024 * 1024, rssBytes: 16 * 1024 * 1024 };

export interface SoakOptions {
  port: number;
  /** Starts the server as `npm start` does, with the event-loop probe (bench.ts). */
  startServer(env: Record<string, string | undefined>, port: number): ChildProcess;
  waitForServer(child: ChildProcess, port: number): Promise<void>;
  stop(child: ChildProcess): Promise<void>;
  log(line?: string): void;
}

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** Asks the probe in the server (bench-loop-probe.mjs) for something, over the IPC channel. */
function ask<K extends "loop" | "memory">(child: ChildProcess, key: K, message: string): Promise<K extends "loop" ? LoopDelay : Memory> {
  return new Promise((resolve) => {
    const onMessage = (answer: Record<string, unknown>) => {
      if (!answer || typeof answer !== "object" || !(key in answer)) return;
      child.off("message", onMessage);
      resolve(answer[key] as never);
    };
    child.on("message", onMessage);
    child.send(message);
  });
}

/** Resident memory of a process, from /proc (Linux), in bytes; null elsewhere. */
function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function recreate(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`soak: database name "${name}" is not a plain identifier`);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** One clinic: its professional's login, patients, appointments around today, tasks, and its WhatsApp number. */
async function seed(url: string) {
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await database.migrate();
    const db = database.db;
    const [professional] = await db
      .insert(s.professionals)
      .values({ fullName: "Dra. Soak", specialty: "Psicologia", clinicName: "Clínica Soak", clinicCity: "São Paulo", clinicState: "SP" })
      .returning();
    const professionalId = professional!.id;
    await db.insert(s.users).values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), role: "professional", status: "active", fullName: "Dra. Soak", professionalId });
    const patients = await db
      .insert(s.patients)
      .values(Array.from({ length: 2000 }, (_, i) => ({ professionalId, name: `Paciente Soak ${i + 1}`, phone: `+55119${String(50000000 + i).padStart(8, "0")}` })))
      .returning({ id: s.patients.id });
    const today = todayIn(DEFAULT_TIME_ZONE, new Date());
    const appointments = Array.from({ length: 1000 }, (_, i) => {
      const date = addDays(today, (i % 100) - 50);
      const time = `${String(8 + Math.floor(i / 100)).padStart(2, "0")}:00`;
      const startsAt = localToInstant(date, time, DEFAULT_TIME_ZONE);
      return { professionalId, patientId: patients[i % patients.length]!.id, appointmentDate: date, appointmentTime: time, duration: 50, startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) };
    });
    await db.insert(s.appointments).values(appointments);
    await db.insert(s.tasks).values(Array.from({ length: 300 }, (_, i) => ({ professionalId, title: `Tarefa soak ${i + 1}` })));
    const number = "+5511400099001";
    await db.insert(s.twilioNumbers).values({ twilioNumber: `whatsapp:${number}`, e164Number: number, professionalId, label: "soak" });
    return { number, today };
  } finally {
    await database.close();
  }
}

/** Errors and requests of the current minute. */
class Tally {
  requests = 0;
  errors = 0;
  firstErrors: string[] = [];
  count(ok: boolean, what: string) {
    this.requests++;
    if (ok) return;
    this.errors++;
    if (this.firstErrors.length < 3) this.firstErrors.push(what);
  }
}

export async function soakPhase({ port, startServer, waitForServer, stop, log }: SoakOptions) {
  const url = process.env.BENCH_SOAK_DATABASE_URL ?? URL_DEFAULT;
  const origin = `http://127.0.0.1:${port}`;
  log(`# Soak — ${new Date().toISOString()}`);
  log();
  log("Made by `npm run bench -- --soak` (apps/server/src/scripts/bench-soak.ts); what it shows: docs/decisions/024-database-faults-and-soak.md.");
  log();
  await recreate(url);
  const { number, today } = await seed(url);

  const fakes = await startWebhookFakes(origin);
  const child = startServer(
    {
      ...fakes.env,
      DATABASE_URL: url,
      // The web chat's per-address limits are for the public internet; the soak's visitors all come from 127.0.0.1.
      WEB_CHAT_NEW_CHATS_PER_HOUR: "1000000",
      WEB_CHAT_ADDRESS_MESSAGES_PER_MINUTE: "1000000",
      WEB_CHAT_ADDRESS_READS_PER_MINUTE: "1000000",
      WEB_CHAT_VISITOR_MESSAGES_PER_MINUTE: "1000",
      WEB_CHAT_LLM_CALLS_PER_DAY: "1000",
    },
    port,
  );
  const rows: { minute: number; rss: number; heapMin: number; heapMax: number; heapTotal: number; loop: LoopDelay; requests: number; errors: number; firstErrors: string[]; replies: number }[] = [];
  try {
    await waitForServer(child, port);
    const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const session = ((await login.json()) as { session_id: string }).session_id;
    const auth = { "x-session-id": session };
    const publicId = ((await (await fetch(`${origin}/api/web-chat`, { headers: auth })).json()) as { public_id: string }).public_id;

    log(
      `Load: ${WEBHOOKS_PER_SECOND} signed WhatsApp webhooks/s from ${PHONES} patients (each answered by the assistant through a fake LLM and sent through a fake Twilio with status callbacks), ` +
        `${READS_PER_SECOND} list reads/s (patients, appointments, tasks, conversations, today), ${NEW_VISITORS_PER_SECOND} new web-chat visitors/s (each writes 3 messages and polls its thread every 3 s for 30 s). ` +
        `${MINUTES} minutes on PostgreSQL, one server process; the first ${WARMUP_MINUTES} are warm-up.`,
    );
    log();

    let tally = new Tally();
    const endAt = performance.now() + MINUTES * 60_000;
    const running = () => performance.now() < endAt;
    const request = async (what: string, path: string, init: RequestInit = {}, expected = 200) => {
      try {
        const res = await fetch(`${origin}${path}`, init);
        const body = await res.text();
        tally.count(res.status === expected, `${what}: HTTP ${res.status} ${body.slice(0, 120)}`);
        return res.status === expected ? body : null;
      } catch (error) {
        tally.count(false, `${what}: ${String(error)} ${String((error as Error).cause ?? "")}`);
        return null;
      }
    };
    /** Calls `fn` `perSecond` times a second (open loop), not waiting for the previous call. */
    const paced = async (perSecond: number, fn: (i: number) => Promise<unknown>) => {
      const interval = 1000 / perSecond;
      const start = performance.now();
      const inFlight = new Set<Promise<unknown>>();
      for (let i = 0; running(); i++) {
        const wait = start + i * interval - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const call = fn(i).finally(() => inFlight.delete(call));
        inFlight.add(call);
      }
      await Promise.all(inFlight);
    };

    const run = Date.now().toString(36);
    const webhooks = paced(WEBHOOKS_PER_SECOND, async (i) => {
      const from = `+55119${String(50000000 + (i % PHONES)).padStart(8, "0")}`;
      try {
        const res = await fakes.twilio.sendInbound({
          webhookUrl: `${origin}${TWILIO_WEBHOOK_PATH}`,
          from,
          to: number,
          body: i % 3 === 0 ? "Olá, queria marcar uma consulta." : i % 3 === 1 ? "Pode ser na próxima semana?" : "Quais são minhas consultas?",
          messageSid: `SM${run}${String(i).padStart(32 - run.length, "0")}`,
        });
        tally.count(res.status === 200, `webhook: HTTP ${res.status} ${res.body.slice(0, 120)}`);
      } catch (error) {
        tally.count(false, `webhook: ${String(error)} ${String((error as Error).cause ?? "")}`);
      }
    });
    const monthStart = `${today.slice(0, 8)}01`;
    const readPaths = [
      "/api/patients?per_page=50",
      "/api/patients/search?q=soak%2012&limit=10",
      `/api/appointments?per_page=100&date_from=${monthStart}&date_to=${addDays(monthStart, 30)}`,
      "/api/appointments/today/list",
      "/api/tasks?per_page=100",
      "/api/conversations?per_page=50",
    ];
    const reads = paced(READS_PER_SECOND, (i) => request("read", readPaths[i % readPaths.length]!, { headers: auth }));
    const visitors = paced(NEW_VISITORS_PER_SECOND, async (i) => {
      const json = { "content-type": "application/json" };
      const started = await request(
        "web chat start",
        `/api/public/chat/clinics/${publicId}/conversations`,
        { method: "POST", headers: json, body: JSON.stringify({ content: `Olá, sou o visitante ${i}. Vocês atendem por convênio?` }) },
        201,
      );
      if (!started) return;
      const token = (JSON.parse(started) as { visitor_token: string }).visitor_token;
      const headers = { ...json, "x-visitor-token": token };
      for (let k = 0; k < 10 && running(); k++) {
        await new Promise((r) => setTimeout(r, 3000));
        if (k === 2 || k === 5) {
          await request("web chat message", "/api/public/chat/thread/messages", { method: "POST", headers, body: JSON.stringify({ content: `Mensagem ${k} do visitante ${i}` }) }, 201);
        } else {
          await request("web chat thread", "/api/public/chat/thread", { headers });
        }
      }
    });

    // One row per minute: memory sampled every SAMPLE_EVERY_MS (its low and high points), then the loop's delay.
    const sampling = (async () => {
      for (let minute = 1; minute <= MINUTES; minute++) {
        child.send("loop:reset");
        const minuteEnd = performance.now() + 60_000;
        let heapMin = Number.POSITIVE_INFINITY;
        let heapMax = 0;
        let last: Memory | null = null;
        while (performance.now() < minuteEnd) {
          await new Promise((r) => setTimeout(r, Math.min(SAMPLE_EVERY_MS, Math.max(0, minuteEnd - performance.now()))));
          last = await ask(child, "memory", "memory:read");
          heapMin = Math.min(heapMin, last.heapUsed);
          heapMax = Math.max(heapMax, last.heapUsed);
        }
        const loop = await ask(child, "loop", "loop:read");
        const done = tally;
        tally = new Tally();
        const row = { minute, rss: rssOf(child.pid!) ?? last!.rss, heapMin, heapMax, heapTotal: last!.heapTotal, loop, requests: done.requests, errors: done.errors, firstErrors: done.firstErrors, replies: fakes.twilio.sent.length };
        rows.push(row);
        if (minute === 1) {
          log("| minute | RSS | heap low | heap high | heap total | loop delay p50 / p99 / max | requests | errors | WhatsApp replies sent (total) |");
          log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        }
        log(
          `| ${minute}${minute <= WARMUP_MINUTES ? " (warm-up)" : ""} | ${mb(row.rss)} | ${mb(row.heapMin)} | ${mb(row.heapMax)} | ${mb(row.heapTotal)} | ${row.loop.p50.toFixed(1)} / ${row.loop.p99.toFixed(1)} / ${row.loop.max.toFixed(1)} ms | ${row.requests} | ${row.errors} | ${row.replies} |`,
        );
        for (const e of row.firstErrors) log(`  error: ${e}`);
      }
    })();
    await Promise.all([webhooks, reads, visitors, sampling]);
  } finally {
    await stop(child);
    await fakes.close();
  }
  log();
  log(verdict(rows));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Whether the memory keeps growing after warm-up. The heap's low point (what stays live after a collection) is
 * compared between the first two judged minutes and the last two. The RSS is compared over the second half of the
 * judged minutes only: V8 enlarges its heap space in steps as the load settles, and a step that then holds is
 * no growth; an RSS still rising at the end is. Growing: more than GROWTH_TOLERANCE (share and bytes).
 */
function verdict(rows: { minute: number; rss: number; heapMin: number }[]): string {
  const judged = rows.filter((r) => r.minute > WARMUP_MINUTES);
  if (judged.length < 2) return "Verdict: too few minutes after warm-up to judge.";
  const span = (list: typeof judged) => Math.max(1, Math.min(2, Math.floor(list.length / 2)));
  const mean = (list: typeof judged, key: "rss" | "heapMin") => list.reduce((sum, r) => sum + r[key], 0) / list.length;
  const range = (list: typeof judged) => (list.length === 1 ? `minute ${list[0]!.minute}` : `minutes ${list[0]!.minute}-${list[list.length - 1]!.minute}`);
  const compare = (list: typeof judged, key: "rss" | "heapMin", bytes: number) => {
    const early = list.slice(0, span(list));
    const late = list.slice(-span(list));
    const a = mean(early, key);
    const b = mean(late, key);
    return { growing: b - a > bytes && b > a * (1 + GROWTH_TOLERANCE.share), text: `${mb(a)} (${range(early)}) → ${mb(b)} (${range(late)})` };
  };
  const heap = compare(judged, "heapMin", GROWTH_TOLERANCE.heapBytes);
  const secondHalf = judged.length >= 4 ? judged.slice(Math.floor(judged.length / 2)) : judged;
  const rss = compare(secondHalf, "rss", GROWTH_TOLERANCE.rssBytes);
  const line = `heap low point ${heap.text}; RSS ${rss.text}`;
  const limits = `more than ${GROWTH_TOLERANCE.share * 100} % and ${mb(GROWTH_TOLERANCE.heapBytes)} of heap / ${mb(GROWTH_TOLERANCE.rssBytes)} of RSS`;
  return heap.growing || rss.growing ? `Verdict: GROWING after warm-up — ${line} (${limits}).` : `Verdict: stable after warm-up — ${line} (growing would be ${limits}).`;
}
