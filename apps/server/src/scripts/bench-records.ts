/**
 * `npm run bench:records -w @clinora/server`: the prontuário of one patient with BENCH_RECORDS_ENTRIES (default 1 000)
 * finalised entries, written through the API; then the timeline's first page (GET /api/patients/:id/records, 20
 * entries with their adendos and files, one access-log row each) and saving a draft (PUT /api/records/:id, the
 * autosave) BENCH_RECORDS_RUNS times each (default 300), one at a time, measured as server time (Fastify's inject:
 * no network, no client). DATABASE_URL: PostgreSQL; without it an in-memory PGlite. Writes its table to stdout and
 * to docs/benchmarks/records.md.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import * as s from "../tables";
import { hashPassword } from "../platform/lib/password";
import { serverDir } from "../server-dir";

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const ENTRIES = num(process.env.BENCH_RECORDS_ENTRIES, 1000);
const RUNS = num(process.env.BENCH_RECORDS_RUNS, 300);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

async function main() {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const database = onPostgres ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL! }) : await openDatabase({ kind: "pglite" });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent", RATE_LIMIT_PER_MINUTE: "1000000" });
  const app = await buildApp({ config, database });
  await app.ready();
  const db = database.db;

  const [professional] = await db.insert(s.professionals).values({ fullName: "Dra. Bench Prontuário", specialty: "Psicologia clínica", licenseType: "CRP", licenseNumber: "06/000001", licenseState: "SP" }).returning();
  const password = "Bench@12345";
  await db.insert(s.users).values({ email: "records@bench.clinora", passwordHash: await hashPassword(password), role: "professional", status: "active", fullName: "Dra. Bench Prontuário", professionalId: professional!.id });
  const [patient] = await db.insert(s.patients).values({ professionalId: professional!.id, name: "Paciente Bench", nameSort: "paciente bench" }).returning();
  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "records@bench.clinora", password } });
  const session = (login.json() as { session_id: string }).session_id;
  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) => app.inject({ method, url, payload, headers: { "x-session-id": session } });

  // 1 000 sessions, one a day back from yesterday, each an evolução written with the built-in template and finalised.
  const setupStart = performance.now();
  const day = 86_400_000;
  const now = Date.now();
  for (let i = 0; i < ENTRIES; i++) {
    const created = await call("POST", `/api/patients/${patient!.id}/records`, {
      kind: "evolucao",
      template_id: "psicologia.evolucao",
      fields: { modalidade: i % 2 ? "Online" : "Presencial", resumo: `Sessão ${i + 1}: relato, intervenções e plano. `.repeat(8) },
      free_text: "Observações da sessão. ".repeat(20),
      session_at: new Date(now - (i + 1) * day).toISOString(),
    });
    if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}`);
    const done = await call("POST", `/api/records/${(created.json() as { id: string }).id}/finalise`);
    if (done.statusCode !== 200) throw new Error(`finalise answered ${done.statusCode}`);
  }
  const setupSeconds = (performance.now() - setupStart) / 1000;

  // The timeline's first page.
  const timeline: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await call("GET", `/api/patients/${patient!.id}/records?page=1`);
    timeline.push(performance.now() - t0);
    if (res.statusCode !== 200 || (res.json() as { total: number }).total !== ENTRIES) throw new Error(`timeline answered ${res.statusCode}`);
  }

  // The autosave of a draft being written: its text grows a little each time.
  const draft = await call("POST", `/api/patients/${patient!.id}/records`, { kind: "evolucao", template_id: "psicologia.evolucao", fields: {}, free_text: "", session_at: new Date(now - 3_600_000).toISOString() });
  const draftId = (draft.json() as { id: string }).id;
  const saves: number[] = [];
  let text = "";
  for (let i = 0; i < RUNS; i++) {
    text += `Frase ${i} da evolução. `;
    const t0 = performance.now();
    const res = await call("PUT", `/api/records/${draftId}`, { template_id: "psicologia.evolucao", fields: { modalidade: "Online", resumo: text }, free_text: text, session_at: new Date(now - 3_600_000).toISOString() });
    saves.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}`);
  }

  await app.close();
  await database.close();

  const row = (name: string, v: number[], target: string) => `| ${name} | ${v.length} | ${fmt(pct(v, 50))} | ${fmt(pct(v, 95))} | ${fmt(Math.max(...v))} | ${target} |`;
  const kind = onPostgres ? "PostgreSQL" : "PGlite (in memory)";
  const table = [
    `## ${kind}`,
    "",
    `A patient with ${ENTRIES} finalised entries (written and finalised through the API in ${setupSeconds.toFixed(0)} s).`,
    "",
    "| step (server time, one at a time) | runs | p50 ms | p95 ms | max ms | target p95 |",
    "|---|---:|---:|---:|---:|---:|",
    row("timeline, first page (20 entries, adendos, files; logged)", timeline, "50 ms"),
    row("save a draft (the autosave)", saves, "30 ms"),
    "",
  ].join("\n");
  console.log(table);
  const file = path.resolve(serverDir, "../../docs/benchmarks/records.md");
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(
    file,
    `# Benchmark — prontuário — ${date}\n\nMade by \`npm run bench:records -w @clinora/server\` (apps/server/src/scripts/bench-records.ts): one server,\nrequests through Fastify's inject (server time: routing, validation, the queries, the access-log write,\nserialisation; no network). Targets from docs/product/records.md.\n\n${table}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
