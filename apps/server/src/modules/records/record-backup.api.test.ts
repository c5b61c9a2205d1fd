import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../platform/db/client";
import { recordEntries } from "../../tables";
import { fixedClock } from "../../platform/lib/clock";
import { professionalForFile } from "../../../test/context";
import { ANA_SOUZA, hoursBefore, RECORDS_NOW } from "../../../test/records-moment";
import { currentDatabaseUrl, hasPgDump, tableChecksums } from "../../../test/database-dump";
import { emptyPostgresDatabase, testDbKind } from "../../../test/test-db";
import { restoreBackup, takeBackup, type BackupFormat } from "../backups";
import { verifyAllChains } from "./index";

const clock = fixedClock(RECORDS_NOW);
const onPostgres = testDbKind() === "postgres";
/** The prontuário's own tables (entries and adendos, templates) and the access log, compared checksum for checksum. */
const RECORD_TABLES = ["public.record_entries", "public.record_templates", "public.record_attachments", "public.audit_log"];

const t = professionalForFile({ clock, profile: ANA_SOUZA });
let dir: string;

const req = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) => t.request({ method, url, payload, session: t.session });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "clinora-record-backups-"));

  // Her own template in two versions, and entries written with it.
  const template = (await req("POST", "/api/records/templates", { name: "Sessão breve", kind: "evolucao", fields: [{ label: "Resumo", type: "long_text" }] })).json();
  await t.request({ method: "PUT", url: `/api/records/templates/${template.id.replace("custom.", "")}`, payload: { name: "Sessão breve", kind: "evolucao", fields: [{ key: "resumo", label: "Resumo", type: "long_text" }, { label: "Plano", type: "short_text" }] }, session: t.session });
  // Two patients with chains: finalised entries, an adendo, a sigiloso, a draft, and reads in the access log.
  for (const name of ["Beatriz Lima", "Carlos Dias"]) {
    const patient = await t.make.patient(t.professionalId, { name });
    for (const [h, visibility] of [[30, "prontuario"], [20, "sigiloso"], [10, "prontuario"]] as const) {
      const entry = (
        await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", template_id: template.id, fields: { resumo: `Sessão de ${name}` }, free_text: `Sessão de ${name} (${h} h)`, session_at: hoursBefore(h), visibility })
      ).json();
      expect((await req("POST", `/api/records/${entry.id}/finalise`)).statusCode).toBe(200);
      if (h === 30) expect((await req("POST", `/api/records/${entry.id}/addenda`, { reason: "Complemento", free_text: "Adendo" })).statusCode).toBe(201);
    }
    const draft = (await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "Rascunho", session_at: hoursBefore(1) })).json();
    const pdf = Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`);
    const attached = await t.request({ method: "POST", url: `/api/records/${draft.id}/attachments?file_name=laudo.pdf`, payload: pdf, headers: { "content-type": "application/pdf" }, session: t.session });
    expect(attached.statusCode).toBe(201);
    expect((await req("GET", `/api/patients/${patient.id}/records`)).statusCode).toBe(200);
  }

  // More rows than one chunk of the portable snapshot, with an adendo whose id sorts before its original's: the
  // snapshot must still write the original first, or the restore would meet the adendo's foreign key.
  const filler = await t.make.patient(t.professionalId, { name: "Volume" });
  const base = { professionalId: t.professionalId, patientId: filler.id, kind: "evolucao" as const, sessionAt: new Date(hoursBefore(2)), authorName: "Ana Souza", status: "draft" as const };
  await t.db.insert(recordEntries).values({ ...base, id: "ffffffff-ffff-4fff-bfff-ffffffffffff", freeText: "Original" });
  await t.db.insert(recordEntries).values({ ...base, id: "00000000-0000-4000-8000-000000000001", freeText: "Adendo antes", addendumOf: "ffffffff-ffff-4fff-bfff-ffffffffffff" });
  await t.db.insert(recordEntries).values(Array.from({ length: 2100 }, (_, i) => ({ ...base, freeText: `Rascunho ${i}` })));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Takes a backup of the test database in `format`, restores it into a new target of the same kind and opens it. */
async function backupAndRestore(format: BackupFormat): Promise<{ restored: Database; cleanup: () => Promise<void> }> {
  const file = await takeBackup({ database: t.database, databaseUrl: onPostgres ? await currentDatabaseUrl(t.db) : undefined }, { dir, format, now: clock.now() });
  if (onPostgres) {
    const target = await emptyPostgresDatabase("clinora_records");
    await restoreBackup(file, { kind: "postgres", url: target.url }, { force: false, now: clock.now() });
    const restored = await openDatabase({ kind: "postgres", url: target.url, maxConnections: 2 });
    return {
      restored,
      cleanup: async () => {
        await restored.close();
        await target.drop();
      },
    };
  }
  const dataDir = path.join(dir, `restored-${format}`);
  await restoreBackup(file, { kind: "pglite", dataDir }, { force: false, now: clock.now() });
  const restored = await openDatabase({ kind: "pglite", dataDir });
  return { restored, cleanup: () => restored.close() };
}

describe("records: backups carry the prontuário and its chains still verify", () => {
  for (const format of ["native", "portable"] as const) {
    it.skipIf(format === "native" && onPostgres && !hasPgDump())(
      `${format}: entries, adendos and the access log come back row for row, the chains verify and the lock holds`,
      async () => {
        const before = await tableChecksums(t.db);
        expect(before["public.record_entries"]!.rows).toBeGreaterThan(2100);
        expect((await verifyAllChains(t.db)).breaks).toEqual([]);

        const { restored, cleanup } = await backupAndRestore(format);
        try {
          const after = await tableChecksums(restored.db);
          for (const table of RECORD_TABLES) expect(after[table], table).toEqual(before[table]);
          expect(before["public.record_templates"]!.rows).toBe(2);
          expect(before["public.record_attachments"]!.rows).toBe(2);
          const verified = await verifyAllChains(restored.db);
          expect(verified.breaks).toEqual([]);
          expect(verified.entries).toBe((await verifyAllChains(t.db)).entries);
          expect(verified.entries).toBeGreaterThanOrEqual(8);

          // The trigger came with the schema: a finalised row still refuses a raw UPDATE after the restore.
          const [locked] = await restored.db.select({ id: recordEntries.id }).from(recordEntries).where(eq(recordEntries.status, "finalised")).limit(1);
          await expect(restored.db.execute(sql`update record_entries set free_text = 'alterado' where id = ${locked!.id}`)).rejects.toThrow();
        } finally {
          await cleanup();
        }
      },
      180_000,
    );
  }
});
