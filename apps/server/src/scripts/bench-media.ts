/**
 * `npm run bench:media`: the media path (docs/decisions/026) on one server process, with the real Twilio and OpenAI SDKs
 * talking HTTP to the stand-ins (fake Twilio serving the files, fake OpenAI transcribing them):
 *
 * 1. voice notes: signed webhooks with one voice note each (BENCH_MEDIA_NOTES, default 200, ~BENCH_MEDIA_KB KB,
 *    default 32) posted BENCH_MEDIA_CONCURRENCY (default 8) at a time; the acknowledgement latency, then the time
 *    until every one was fetched, transcribed and answered by the assistant through the worker;
 * 2. a 1 MB photo served to its professional (GET /api/conversations/:id/media/:mediaId);
 * 3. a 1 MB PDF sent by the professional (POST /api/conversations/:id/attachments), then fetched by the fake Twilio.
 *
 * BENCH_MEDIA_WORKER_AFTER_ACKS=1 measures the webhook alone (the worker starts after the last acknowledgement);
 * BENCH_MEDIA_TEXT_ONLY=1 posts text messages instead, the reference for the webhook's figure.
 * DATABASE_URL: PostgreSQL; without it an in-memory PGlite. Writes its table to stdout and to docs/benchmarks/media.md.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { fakeVoiceNote, startFakeLlm, startFakeTwilio } from "@clinora/stand-ins";
import { buildApp } from "../app";
import { openDatabase } from "../platform/db/client";
import * as s from "../tables";
import { hashPassword } from "../platform/lib/password";
import { serverDir } from "../server-dir";
import { benchConfig, freePort, percentile as pct, runPool as pool } from "./bench-support";

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const NOTES = num(process.env.BENCH_MEDIA_NOTES, 200);
const NOTE_KB = num(process.env.BENCH_MEDIA_KB, 32);
const CONCURRENCY = num(process.env.BENCH_MEDIA_CONCURRENCY, 8);
const SERVES = 200;
const SENDS = 40;
const MB = 1024 * 1024;

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

async function main() {
  const accountSid = `AC${"e".repeat(32)}`;
  const authToken = "bench-media-token";
  const twilio = await startFakeTwilio({ accountSid, authToken, autoStatuses: false });
  const llm = await startFakeLlm();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const database = process.env.DATABASE_URL ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL }) : await openDatabase({ kind: "pglite" });
  await database.migrate();
  const config = benchConfig(
    { publicUrl, twilio: { url: twilio.url, accountSid, authToken }, openAiBaseUrl: llm.openAiBaseUrl },
    process.env.WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY } : {},
  );
  const app = await buildApp({ config, database });
  await app.listen({ port, host: "127.0.0.1" });
  // BENCH_MEDIA_WORKER_AFTER_ACKS=1: the worker starts only once every webhook is acknowledged (the webhook alone).
  const workerAfterAcks = process.env.BENCH_MEDIA_WORKER_AFTER_ACKS === "1";
  if (!workerAfterAcks) app.worker.start();
  const db = database.db;

  const [professional] = await db.insert(s.professionals).values({ fullName: "Dra. Bench Mídia", specialty: "Psicologia", clinicName: "Clínica Bench" }).returning();
  const password = "Bench@12345";
  await db.insert(s.users).values({ email: "media@bench.clinora", passwordHash: await hashPassword(password), role: "professional", status: "active", fullName: "Dra. Bench Mídia", professionalId: professional!.id });
  const number = "whatsapp:+5511900000001";
  await db.insert(s.twilioNumbers).values({ twilioNumber: number, e164Number: "+5511900000001", professionalId: professional!.id });
  const login = await fetch(`${publicUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "media@bench.clinora", password }) });
  const session = ((await login.json()) as { session_id: string }).session_id;
  const webhookUrl = `${publicUrl}${TWILIO_WEBHOOK_PATH}`;

  // 1. Voice notes, each from its own phone: acknowledged, then fetched, transcribed and answered.
  const padding = "·".repeat(Math.max(0, NOTE_KB * 1024 - 64));
  const started = performance.now();
  const acks = await pool(NOTES, CONCURRENCY, async (i) => {
    const phone = `+55119${String(10_000_000 + i).padStart(8, "0")}`;
    const t0 = performance.now();
    const media = process.env.BENCH_MEDIA_TEXT_ONLY === "1" ? [] : [{ data: fakeVoiceNote(`${padding} Qual é o endereço da clínica?`), contentType: "audio/ogg" }];
    const res = await twilio.sendInbound({ webhookUrl, from: phone, to: number, body: media.length ? "" : "Qual é o endereço da clínica?", media });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    return performance.now() - t0;
  });
  const sentAll = performance.now();
  if (workerAfterAcks) app.worker.start();
  await twilio.waitForSent(NOTES, 600_000);
  const answeredAll = performance.now();
  const transcribed = (await db.select({ id: s.messageMedia.id }).from(s.messageMedia).where(eq(s.messageMedia.transcriptStatus, "done"))).length;

  // 2. A 1 MB photo served to its professional.
  const [conversation] = await db.select().from(s.conversations).limit(1);
  const [message] = await db.select().from(s.messages).where(eq(s.messages.conversationId, conversation!.id)).limit(1);
  const photo = Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(MB - 4, 9)]);
  const [media] = await db
    .insert(s.messageMedia)
    .values({ professionalId: professional!.id, conversationId: conversation!.id, messageId: message!.id, position: 1, kind: "image", contentType: "image/jpeg", status: "ready", data: photo, sizeBytes: photo.length })
    .returning({ id: s.messageMedia.id });
  const serveUrl = `${publicUrl}/api/conversations/${conversation!.id}/media/${media!.id}`;
  const serveStart = performance.now();
  const serves = await pool(SERVES, CONCURRENCY, async () => {
    const t0 = performance.now();
    const res = await fetch(serveUrl, { headers: { "x-session-id": session } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes !== photo.length) throw new Error(`media answered ${res.status} with ${bytes} bytes`);
    return performance.now() - t0;
  });
  const serveSeconds = (performance.now() - serveStart) / 1000;

  // 3. A 1 MB PDF sent by the professional, fetched by the fake Twilio from the signed link.
  const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MB - 9, 0x20)]);
  twilio.reset();
  const uploads = await pool(SENDS, Math.min(CONCURRENCY, 4), async () => {
    const t0 = performance.now();
    const res = await fetch(`${publicUrl}/api/conversations/${conversation!.id}/attachments?file_name=pedido.pdf`, { method: "POST", headers: { "x-session-id": session, "content-type": "application/pdf" }, body: pdf });
    if (res.status !== 201) throw new Error(`attachments answered ${res.status}: ${await res.text()}`);
    return performance.now() - t0;
  });
  await twilio.waitForSent(SENDS, 120_000);
  const deadline = Date.now() + 60_000;
  while (twilio.mediaFetches.length < SENDS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const fetchedOk = twilio.mediaFetches.filter((f) => f.status === 200 && f.bytes === pdf.length).length;

  const lines = [
    `# Benchmark — media path — ${new Date().toISOString()}`,
    "",
    `Made by \`npm run bench:media\` (apps/server/src/scripts/bench-media.ts) on ${database.kind === "postgres" ? "PostgreSQL" : "PGlite (in memory)"}, one server process, worker concurrency ${config.worker.concurrency}; the Twilio and OpenAI SDKs talk HTTP to the stand-ins in the same process.`,
    "",
    "| step | count | p50 ms | p95 ms | max ms | throughput |",
    "|---|---:|---:|---:|---:|---:|",
    `| webhook with ${process.env.BENCH_MEDIA_TEXT_ONLY === "1" ? "text only (reference)" : `a ${NOTE_KB} KB voice note`}: acknowledged (${CONCURRENCY} at a time${workerAfterAcks ? ", worker idle" : ", worker answering meanwhile"}) | ${NOTES} | ${fmt(pct(acks, 50))} | ${fmt(pct(acks, 95))} | ${fmt(Math.max(...acks))} | ${fmt(NOTES / ((sentAll - started) / 1000))} msg/s |`,
    `| voice note fetched, transcribed and answered (all, from the first webhook) | ${NOTES} (${transcribed} transcribed) | — | — | ${fmt(answeredAll - started)} | ${fmt(NOTES / ((answeredAll - started) / 1000))} notes/s |`,
    `| GET a 1 MB photo (its professional, ${CONCURRENCY} at a time) | ${SERVES} | ${fmt(pct(serves, 50))} | ${fmt(pct(serves, 95))} | ${fmt(Math.max(...serves))} | ${fmt(SERVES / serveSeconds)} MB/s |`,
    `| POST a 1 MB PDF to the patient (stored and queued) | ${SENDS} | ${fmt(pct(uploads, 50))} | ${fmt(pct(uploads, 95))} | ${fmt(Math.max(...uploads))} | — |`,
    `| the fake Twilio fetched the signed link (1 MB each) | ${fetchedOk} of ${SENDS} | — | — | — | — |`,
    "",
  ];
  const text = lines.join("\n");
  process.stdout.write(`${text}\n`);
  if (!process.env.BENCH_MEDIA_NO_WRITE) writeFileSync(path.resolve(serverDir, "../../docs/benchmarks/media.md"), text);

  await app.close();
  await database.close();
  await Promise.all([twilio.close(), llm.close()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
