/**
 * `npm run bench:payments`: the payments module's speed targets (docs/product/payments.md §11) on one server process,
 * the `mercadopago` SDK talking HTTP to the fake Mercado Pago:
 *
 * 1. a livro-caixa month holding BENCH_PAYMENTS (default 10 000) payments and 200 expenses: the month's CSV, the
 *    year's view and the Painel's summary, each asked BENCH_PAYMENTS_READS (default 40) times;
 * 2. the webhook: BENCH_PAYMENTS_WEBHOOKS (default 200) charges with a dynamic Pix, each paid at the stand-in, whose
 *    signed notification the server verifies, reads back from Mercado Pago and records; then each notification replayed.
 *
 * Server time is Fastify's own elapsed time per request (onResponse), so the client's share is not counted.
 * DATABASE_URL: PostgreSQL; without it an in-memory PGlite. Writes its table to stdout and to docs/benchmarks/payments.md.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { startFakeMercadoPago } from "@clinora/stand-ins";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import * as s from "../tables";
import { hashPassword } from "../platform/lib/password";
import { serverDir } from "../server-dir";
import { freePort, percentile as pct } from "./bench-support";

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const PAYMENTS = num(process.env.BENCH_PAYMENTS, 10_000);
const READS = num(process.env.BENCH_PAYMENTS_READS, 40);
const WEBHOOKS = num(process.env.BENCH_PAYMENTS_WEBHOOKS, 200);
const MONTH = "2026-03";
const TOKEN = "TEST-bench-access-token";
const SECRET = "bench-webhook-secret";

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

async function main() {
  // The host is shared: its load is printed with the figures, which mean little without it.
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const database = onPostgres ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL! }) : await openDatabase({ kind: "pglite" });
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    RATE_LIMIT_PER_MINUTE: "1000000",
    PUBLIC_URL: publicUrl,
    MERCADOPAGO_BASE_URL: mp.url,
    CALENDAR_TOKEN_KEY: randomBytes(32).toString("base64"),
  });
  const app = await buildApp({ config, database });
  // Server time per request, as Fastify measures it from arrival to the last byte written.
  const serverTimes = new Map<string, number[]>();
  // And the process's CPU time per request (user + system): requests are sent one at a time, so the delta is this
  // request's work plus the in-process client reading its answer; unlike the elapsed time, the host's load barely moves it.
  const cpuTimes = new Map<string, number[]>();
  const cpuAtStart = new WeakMap<object, NodeJS.CpuUsage>();
  app.addHook("onRequest", async (request) => {
    cpuAtStart.set(request, process.cpuUsage());
  });
  app.addHook("onResponse", async (request, reply) => {
    const key = `${request.method} ${request.routeOptions.url ?? request.url}`;
    serverTimes.set(key, [...(serverTimes.get(key) ?? []), reply.elapsedTime]);
    const used = process.cpuUsage(cpuAtStart.get(request));
    cpuTimes.set(key, [...(cpuTimes.get(key) ?? []), (used.user + used.system) / 1000]);
  });
  await app.listen({ port, host: "127.0.0.1" });
  const db = database.db;

  const [professional] = await db.insert(s.professionals).values({ fullName: "Dra. Bench Financeiro", specialty: "Psicologia", clinicName: "Clínica Bench" }).returning();
  const pro = professional!.id;
  const password = "Bench@12345";
  await db.insert(s.users).values({ email: "payments@bench.clinora", passwordHash: await hashPassword(password), role: "professional", status: "active", fullName: "Dra. Bench Financeiro", professionalId: pro });
  const call = async (method: string, url: string, body?: unknown, session?: string) => {
    const res = await fetch(`${publicUrl}/api${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(session ? { "x-session-id": session } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const session = ((await (await call("POST", "/auth/login", { email: "payments@bench.clinora", password })).json()) as { session_id: string }).session_id;
  await call("PUT", "/payments/settings", { provider: "mercadopago", mercadopago_access_token: TOKEN, mercadopago_webhook_secret: SECRET, council_registration: "CRP 06/000000" }, session);

  // 1. A month with PAYMENTS payments (a few with fees and receipts) and 200 expenses, written in batches.
  const seeded = performance.now();
  for (let start = 0; start < PAYMENTS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, PAYMENTS - start) }, (_, k) => {
      const i = start + k;
      const day = String((i % 28) + 1).padStart(2, "0");
      return {
        professionalId: pro,
        description: `Sessão ${i}`,
        amountCents: 15000 + (i % 7) * 1000,
        dueDate: `${MONTH}-${day}`,
        status: "paid" as const,
        method: "pix" as const,
        paidAt: new Date(`${MONTH}-${day}T15:00:00Z`),
        paymentDate: `${MONTH}-${day}`,
        feeCents: i % 3 === 0 ? 149 : null,
        payerName: `Paciente ${i}`,
        payerCpf: "52998224725",
        txid: `B${i}`,
        receiptNumber: i % 2 === 0 ? `RS-${i}` : null,
      };
    });
    await db.insert(s.charges).values(rows);
  }
  await db.insert(s.expenses).values(Array.from({ length: 200 }, (_, i) => ({ professionalId: pro, expenseDate: `${MONTH}-${String((i % 28) + 1).padStart(2, "0")}`, category: "Aluguel", amountCents: 1000 + i })));
  const seedMs = performance.now() - seeded;

  let csvBytes = 0;
  for (let i = 0; i < READS; i++) {
    csvBytes = (await (await call("GET", `/payments/ledger/csv?month=${MONTH}`, undefined, session)).arrayBuffer()).byteLength;
    await call("GET", "/payments/ledger?year=2026", undefined, session).then((r) => r.arrayBuffer());
    await call("GET", "/payments/summary", undefined, session).then((r) => r.arrayBuffer());
  }

  // 2. Webhooks: a dynamic Pix per charge, paid at the stand-in, which posts its signed notification.
  const ids: string[] = [];
  for (let i = 0; i < WEBHOOKS; i++) {
    const charge = (await (await call("POST", "/payments/charges", { description: `Webhook ${i}`, amount_cents: 20000 }, session)).json()) as { id: string };
    await call("POST", `/payments/charges/${charge.id}/pix`, undefined, session).then((r) => r.arrayBuffer());
    ids.push(charge.id);
  }
  const byRef = new Map(mp.payments().map((p) => [p.external_reference, p.id]));
  for (const id of ids) {
    const sent = await mp.pay(byRef.get(id)!);
    if (sent?.status !== 200) throw new Error(`webhook answered ${sent?.status}`);
  }
  const firstTimes = [...(serverTimes.get("POST /api/payments/webhooks/mercadopago/:professionalId") ?? [])];
  for (const id of ids) await mp.notify(byRef.get(id)!);
  const allTimes = serverTimes.get("POST /api/payments/webhooks/mercadopago/:professionalId") ?? [];
  const replayTimes = allTimes.slice(firstTimes.length);
  const paidByWebhook = (await db.select({ id: s.charges.id }).from(s.charges).where(and(eq(s.charges.status, "paid"), like(s.charges.description, "Webhook %")))).length;

  const row = (label: string, values: number[], cpu: number[] = []) =>
    `| ${label} | ${values.length} | ${fmt(pct(values, 50))} | ${fmt(pct(values, 95))} | ${fmt(Math.max(...values))} | ${cpu.length ? `${fmt(pct(cpu, 50))} / ${fmt(pct(cpu, 95))}` : "—"} |`;
  const cpuOf = (key: string) => cpuTimes.get(key) ?? [];
  const webhookCpu = cpuOf("POST /api/payments/webhooks/mercadopago/:professionalId");
  const text = [
    "# Payments: speed",
    "",
    `\`npm run bench:payments\` on ${onPostgres ? "PostgreSQL" : "PGlite (in memory)"}, one server process, the mercadopago SDK against the fake Mercado Pago over HTTP.`,
    `Server time is Fastify's elapsed time per request (arrival to last byte), in milliseconds; CPU is the process's user + system time during the request (it includes the in-process client reading the answer). Targets (docs/product/payments.md §11):`,
    "a livro-caixa month with 10 000 payments ≤ 100 ms p95; a webhook ≤ 20 ms p95.",
    "",
    `A month of ${PAYMENTS} payments and 200 expenses (seeded in ${fmt(seedMs)} ms); the month's CSV is ${Math.round(csvBytes / 1024)} KB.`,
    "",
    "| request | n | p50 | p95 | max | CPU ms p50 / p95 |",
    "|---|---|---|---|---|---|",
    row("GET /payments/ledger/csv (the month)", serverTimes.get("GET /api/payments/ledger/csv") ?? [], cpuOf("GET /api/payments/ledger/csv")),
    row("GET /payments/ledger (the year's months)", serverTimes.get("GET /api/payments/ledger") ?? [], cpuOf("GET /api/payments/ledger")),
    row("GET /payments/summary (Painel)", serverTimes.get("GET /api/payments/summary") ?? [], cpuOf("GET /api/payments/summary")),
    row("webhook, first notification (verify, read back, pay)", firstTimes, webhookCpu.slice(0, firstTimes.length)),
    row("webhook, replayed notification (verify, read back, ignore)", replayTimes, webhookCpu.slice(firstTimes.length)),
    "",
    `Charges paid by the webhooks: ${paidByWebhook} of ${WEBHOOKS}. Machine: ${process.platform}, Node ${process.version}, shared ${os.cpus().length}-core host, load average ${loadAtStart} at the start and ${os.loadavg()[0]!.toFixed(1)} at the end (1 minute).`,
    "",
  ].join("\n");
  process.stdout.write(text);
  if (!process.env.BENCH_PAYMENTS_NO_WRITE) {
    // The figures are rewritten; the notes kept by hand below them (from their first "## " heading) stay.
    const file = path.resolve(serverDir, "../../docs/benchmarks/payments.md");
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const notesAt = previous.indexOf("\n## ");
    writeFileSync(file, notesAt >= 0 ? `${text.trimEnd()}\n${previous.slice(notesAt)}` : text);
  }
  await app.close();
  await database.close();
  await mp.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
