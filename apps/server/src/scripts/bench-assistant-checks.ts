/**
 * `npm run bench:assistant-checks`: what the assistant's safety checks (docs/decisions/030) cost a patient in time.
 * The reply path — signed webhook → reply job → reply model → the server's checks → Twilio — measured twice on one
 * server process, with the vendor's answers taking a fixed time (BENCH_VENDOR_DELAY_MS, default 200 ms, for the reply
 * model and for each check alike):
 *
 * 1. checks off: SAFETY_RISK_CHECK=false and ASSISTANT_SECOND_OPINION=false (the word rules still run, they cost
 *    microseconds);
 * 2. checks on (the defaults): OpenAI's moderation call on the patient's text before the reply model, and the second
 *    opinion on the model's text before it goes out.
 *
 * BENCH_CHECKS_MESSAGES (default 60) patients each write one question the model answers without a tool (so the second
 * opinion runs), BENCH_CHECKS_CONCURRENCY (default 6) at a time. Per message: from the webhook's post to the reply
 * reaching the fake Twilio, p50/p95/max. The real twilio and openai SDKs talk HTTP to the stand-ins on 127.0.0.1.
 * DATABASE_URL: PostgreSQL (migrated, rows added beside what is there); without it an in-memory PGlite. Writes its table to stdout and to
 * docs/benchmarks/assistant-checks.md (unless BENCH_CHECKS_NO_WRITE=1).
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { TWILIO_WEBHOOK_PATH } from "@clinora/contracts";
import { startFakeLlm, startFakeTwilio } from "@clinora/stand-ins";
import { buildApp } from "../app";
import { openDatabase } from "../platform/db/client";
import * as s from "../tables";
import { serverDir } from "../server-dir";
import { benchConfig, freePort, percentile, runPool } from "./bench-support";

const bounded = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};
const MESSAGES = bounded(process.env.BENCH_CHECKS_MESSAGES, 60, 1, 2000);
const CONCURRENCY = bounded(process.env.BENCH_CHECKS_CONCURRENCY, 6, 1, 64);
const VENDOR_DELAY_MS = bounded(process.env.BENCH_VENDOR_DELAY_MS, 200, 0, 10_000);
/** A question the receptionist stand-in answers in text, with no tool call. */
const QUESTION = "Qual é o endereço da clínica?";

interface Round {
  name: string;
  checks: boolean;
  latencies: number[];
  moderations: number;
  secondOpinions: number;
  replyCalls: number;
}

/** Round `index` uses its own number and phones: on PostgreSQL the rounds share one database. */
async function measure(index: number, name: string, checks: boolean, dbUrl: string | undefined): Promise<Round> {
  const accountSid = `AC${"c".repeat(32)}`;
  const authToken = "bench-checks-token";
  const twilio = await startFakeTwilio({ accountSid, authToken, autoStatuses: false });
  const llm = await startFakeLlm({ delayMs: VENDOR_DELAY_MS });
  llm.setCheckDelay(VENDOR_DELAY_MS);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const database = dbUrl ? await openDatabase({ kind: "postgres", url: dbUrl }) : await openDatabase({ kind: "pglite" });
  await database.migrate();
  const config = benchConfig(
    { publicUrl, twilio: { url: twilio.url, accountSid, authToken }, openAiBaseUrl: llm.openAiBaseUrl },
    { SAFETY_RISK_CHECK: String(checks), ASSISTANT_SECOND_OPINION: String(checks) },
  );
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port, host: "127.0.0.1" });
    app.worker.start();
    const db = database.db;
    const [professional] = await db.insert(s.professionals).values({ fullName: "Dra. Bench Checagens", specialty: "Psicologia", clinicName: "Clínica Bench", clinicAddress: "Rua das Flores, 100" }).returning();
    const e164 = `+55119000000${10 + index}`;
    const number = `whatsapp:${e164}`;
    await db.insert(s.twilioNumbers).values({ twilioNumber: number, e164Number: e164, professionalId: professional!.id });
    const webhookUrl = `${publicUrl}${TWILIO_WEBHOOK_PATH}`;
    const replyTo = async (to: string) => {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(5)) {
        const reply = twilio.sent.find((m) => m.to === to);
        if (reply) return reply;
      }
      throw new Error(`no reply to ${to} within 60 s`);
    };

    const latencies = await runPool(MESSAGES, CONCURRENCY, async (i) => {
      const phone = `+55119${String(30_000_000 + index * 100_000 + i).padStart(8, "0")}`;
      const posted = Date.now();
      const res = await twilio.sendInbound({ webhookUrl, from: phone, to: number, body: QUESTION });
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      return (await replyTo(`whatsapp:${phone}`)).dateCreated.getTime() - posted;
    });
    return { name, checks, latencies, moderations: llm.moderations.length, secondOpinions: llm.classifications.length, replyCalls: llm.requests.length };
  } finally {
    await app.close();
    await database.close();
    await Promise.all([twilio.close(), llm.close()]);
  }
}

async function main() {
  const dbUrl = process.env.DATABASE_URL;
  const load = loadavg()[0]!.toFixed(1);
  // A first short round warms the code paths (and the JIT) so the first measured round is not the slower by that.
  await measure(0, "warm-up", true, dbUrl);
  const rounds = [await measure(1, "checks off", false, dbUrl), await measure(2, "checks on (moderation + second opinion)", true, dbUrl)];
  const fmt = (n: number) => n.toFixed(0);
  const lines = [
    `# Benchmark — the assistant's safety checks on the reply path — ${new Date().toISOString()}`,
    "",
    `Made by \`npm run bench:assistant-checks\` (apps/server/src/scripts/bench-assistant-checks.ts) on ${dbUrl ? "PostgreSQL" : "PGlite (in memory)"}, one server process; the fake vendor answers every call (reply model, moderation, second opinion) in ${VENDOR_DELAY_MS} ms. ${MESSAGES} patients, ${CONCURRENCY} at a time, each asking one question the model answers without a tool. Machine load (1-min average) at the start: ${load}.`,
    "",
    "| round | replies | p50 ms | p95 ms | max ms | reply-model calls | moderation calls | second-opinion calls |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rounds.map(
      (r) =>
        `| ${r.name} | ${r.latencies.length} | ${fmt(percentile(r.latencies, 50))} | ${fmt(percentile(r.latencies, 95))} | ${fmt(Math.max(...r.latencies))} | ${r.replyCalls} | ${r.moderations} | ${r.secondOpinions} |`,
    ),
    "",
    `From the webhook's post to the reply at the fake Twilio. The checks add two vendor round trips in series (moderation before the reply model, the second opinion after it): about ${2 * VENDOR_DELAY_MS} ms at this vendor speed, each capped at 3 s by the server.`,
    "",
  ];
  const text = lines.join("\n");
  process.stdout.write(`${text}\n`);
  if (process.env.BENCH_CHECKS_NO_WRITE !== "1") writeFileSync(path.resolve(serverDir, "../../docs/benchmarks/assistant-checks.md"), text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
