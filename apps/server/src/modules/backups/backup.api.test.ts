import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../platform/db/client";
import * as s from "../../tables";
import { fixedClock } from "../../platform/lib/clock";
import { createTestContext, type TestContext } from "../../../test/context";
import { currentDatabaseUrl, hasPgDump, tableChecksums } from "../../../test/database-dump";
import { emptyPostgresDatabase, testDbKind } from "../../../test/test-db";
import { seedDemo } from "../../seeds/demo.seed";
import { BACKUP_JOB, backupJobs, nextBackupSlot, scheduleNextBackup } from "./backup.jobs";
import { listBackups, restoreBackup, takeBackup } from "./backup.service";

const clock = fixedClock("2026-03-11T13:00:00Z");
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const onPostgres = testDbKind() === "postgres";

describe("backups", () => {
  let t: TestContext;
  let dir: string;
  let before: Awaited<ReturnType<typeof tableChecksums>>;
  const sourceUrl = () => (onPostgres ? currentDatabaseUrl(t.db) : Promise.resolve(undefined));

  beforeAll(async () => {
    t = await createTestContext({ clock });
    await seedDemo(t.db, clock);
    // A patient's voice note and photo (docs/decisions/026): the files' bytes go into every backup and come back.
    const [message] = await t.db.select().from(s.messages).where(eq(s.messages.direction, "inbound")).limit(1);
    await t.db.insert(s.messageMedia).values([
      { professionalId: message!.professionalId, conversationId: message!.conversationId, messageId: message!.id, position: 0, kind: "audio", contentType: "audio/ogg", status: "ready", data: Buffer.concat([Buffer.from("OggS"), Buffer.alloc(300_000, 7)]), sizeBytes: 300_004, transcriptStatus: "done", transcript: "Quero marcar uma consulta" },
      { professionalId: message!.professionalId, conversationId: message!.conversationId, messageId: message!.id, position: 1, kind: "image", contentType: "image/png", status: "ready", data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x01]), sizeBytes: 7 },
    ]);
    // Payments (docs/decisions/035): a paid charge with its receipt, a price, an expense, settings and a webhook event.
    const [patient] = await t.db.select().from(s.patients).limit(1);
    const pro = patient!.professionalId;
    const [charge] = await t.db
      .insert(s.charges)
      .values({ professionalId: pro, patientId: patient!.id, description: "Consulta", amountCents: 20000, dueDate: "2026-03-10", status: "paid", method: "pix", paidAt: clock.now(), paymentDate: "2026-03-10", feeCents: 198, netCents: 19802, txid: "T1", receiptNumber: "RS-1", receiptIssuedAt: clock.now() })
      .returning();
    await t.db.insert(s.consultationPrices).values({ professionalId: pro, appointmentType: "Consulta", amountCents: 20000 });
    await t.db.insert(s.patientPrices).values({ professionalId: pro, patientId: patient!.id, amountCents: 8000 });
    await t.db.insert(s.expenses).values({ professionalId: pro, expenseDate: "2026-03-05", category: "Aluguel", amountCents: 150000 });
    await t.db.insert(s.paymentSettings).values({ professionalId: pro, pixKeyType: "cpf", pixKey: "52998224725", mercadopagoTokenSealed: "v1.a.b.c" });
    await t.db.insert(s.paymentWebhookEvents).values({ professionalId: pro, provider: "mercadopago", eventKey: "1:approved", chargeId: charge!.id, outcome: "paid" });
    before = await tableChecksums(t.db);
    expect(before["public.message_media"]!.rows).toBe(2);
    expect(before["public.charges"]!.rows).toBe(1);
    dir = mkdtempSync(path.join(os.tmpdir(), "clinora-backups-"));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(onPostgres && !hasPgDump())("backup then restore into an empty target gives every table's rows back, checksum for checksum", async () => {
    expect(before["public.appointments"]!.rows).toBeGreaterThan(10);
    const file = await takeBackup({ database: t.database, databaseUrl: await sourceUrl() }, { dir, format: "native", now: clock.now() });
    expect(path.basename(file)).toBe(onPostgres ? "clinora-postgres-20260311T130000Z.dump" : "clinora-pglite-20260311T130000Z.tar.gz");

    let restored: Database;
    let cleanup: () => Promise<void>;
    if (onPostgres) {
      const target = await emptyPostgresDatabase("clinora_restore");
      await restoreBackup(file, { kind: "postgres", url: target.url }, { force: false, now: clock.now() });
      restored = await openDatabase({ kind: "postgres", url: target.url, maxConnections: 2 });
      // A non-empty database is refused without --force, and replaced with it.
      await expect(restoreBackup(file, { kind: "postgres", url: target.url }, { force: false, now: clock.now() })).rejects.toThrow(/não está vazio.*--force/);
      await restored.db.delete(s.leads);
      await restoreBackup(file, { kind: "postgres", url: target.url }, { force: true, now: clock.now() });
      cleanup = async () => {
        await restored.close();
        await target.drop();
      };
    } else {
      const dataDir = path.join(dir, "restored-data");
      await restoreBackup(file, { kind: "pglite", dataDir }, { force: false, now: clock.now() });
      await expect(restoreBackup(file, { kind: "pglite", dataDir }, { force: false, now: clock.now() })).rejects.toThrow(/não está vazia.*--force/);
      const forced = await restoreBackup(file, { kind: "pglite", dataDir }, { force: true, now: clock.now() });
      expect(forced.movedAside && existsSync(forced.movedAside)).toBe(true);
      restored = await openDatabase({ kind: "pglite", dataDir });
      cleanup = () => restored.close();
    }
    try {
      expect(await tableChecksums(restored.db)).toEqual(before);
    } finally {
      await cleanup();
    }
    // A data folder written and opened twice: slow on a busy machine.
  }, 120_000);

  it("refuses a backup of the other database with a way forward", async () => {
    const wrong = path.join(dir, onPostgres ? "clinora-pglite-20260101T000000Z.tar.gz" : "clinora-postgres-20260101T000000Z.dump");
    writeFileSync(wrong, onPostgres ? "not really" : "PGDMP");
    const target = onPostgres ? ({ kind: "postgres", url: await currentDatabaseUrl(t.db) } as const) : ({ kind: "pglite", dataDir: path.join(dir, "never") } as const);
    await expect(restoreBackup(wrong, target, { force: false, now: clock.now() })).rejects.toThrow(onPostgres ? /--format portable/ : /só pode ser restaurado num PostgreSQL/);
    rmSync(wrong);
  });

  it.skipIf(!onPostgres)("moves a practice from the embedded database to PostgreSQL and back with a portable backup", async () => {
    const embedded = await openDatabase({ kind: "pglite" });
    await embedded.migrate();
    await seedDemo(embedded.db, clock);
    const embeddedSums = await tableChecksums(embedded.db);
    const file = await takeBackup({ database: embedded }, { dir, format: "portable", now: clock.now() });
    await embedded.close();
    expect(path.basename(file)).toBe("clinora-portable-pglite-20260311T130000Z.json.gz");
    const target = await emptyPostgresDatabase("clinora_restore");
    try {
      await restoreBackup(file, { kind: "postgres", url: target.url }, { force: false, now: clock.now() });
      const moved = await openDatabase({ kind: "postgres", url: target.url, maxConnections: 2 });
      try {
        expect(await tableChecksums(moved.db)).toEqual(embeddedSums);
        // The copied jobs' ids do not collide with new ones.
        await moved.db.insert(s.jobs).values({ type: "x" });
      } finally {
        await moved.close();
      }
    } finally {
      await target.drop();
    }

    // And back: the PostgreSQL practice into a new embedded folder.
    const back = await takeBackup({ database: t.database }, { dir, format: "portable", now: clock.now() });
    const dataDir = path.join(dir, "from-postgres");
    await restoreBackup(back, { kind: "pglite", dataDir }, { force: false, now: clock.now() });
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      expect(await tableChecksums(reopened.db)).toEqual(before);
    } finally {
      await reopened.close();
    }
  }, 180_000);

  it.skipIf(onPostgres && !hasPgDump())("scheduled backups: one job per slot whoever queues it, named after the slot, keeping the newest N", async () => {
    const scheduledDir = path.join(dir, "scheduled");
    const handler = backupJobs({ database: t.database, databaseUrl: await sourceUrl(), dir: scheduledDir, keep: 2, everyHours: 6, clock, log: silent })[BACKUP_JOB]!;
    await t.db.delete(s.jobs);
    expect(nextBackupSlot(clock.now(), 6).toISOString()).toBe("2026-03-11T18:00:00.000Z");
    // Two instances starting at once queue the same slot once.
    await scheduleNextBackup(t.db, clock, 6);
    await scheduleNextBackup(t.db, clock, 6);
    const queued = await t.db.select().from(s.jobs).where(eq(s.jobs.type, BACKUP_JOB));
    expect(queued.map((j) => j.dedupeKey)).toEqual(["backup:2026-03-11T18:00:00.000Z"]);

    for (const at of ["2026-03-11T18:00:00Z", "2026-03-12T00:00:00Z", "2026-03-12T06:00:00Z"]) {
      clock.set(at);
      const [job] = await t.db.select().from(s.jobs).where(eq(s.jobs.dedupeKey, `backup:${new Date(at).toISOString()}`));
      expect(job).toBeDefined();
      await handler.run({ ...job!, payload: job!.payload as Record<string, unknown> }, { signal: new AbortController().signal } as never);
    }
    expect(listBackups(scheduledDir).map((f) => path.basename(f).replace(/^clinora-\w+-/, ""))).toEqual([
      expect.stringMatching(/^20260312T060000Z/),
      expect.stringMatching(/^20260312T000000Z/),
    ]);
    expect(readdirSync(scheduledDir).some((f) => f.endsWith(".partial"))).toBe(false);
    const next = await t.db.select().from(s.jobs).where(eq(s.jobs.type, BACKUP_JOB));
    expect(next.map((j) => j.dedupeKey).sort().at(-1)).toBe("backup:2026-03-12T12:00:00.000Z");
  }, 120_000);

  describe("with a permissive umask (000)", () => {
    let umask: number;
    beforeAll(() => {
      umask = process.umask(0o000);
    });
    afterAll(() => {
      process.umask(umask);
    });
    const modeOf = (p: string) => statSync(p).mode & 0o777;

    it.skipIf(onPostgres && !hasPgDump())("backup files are 0600 and their folder 0700, a new folder or an existing open one", async () => {
      const fresh = path.join(dir, "private-new", "backups");
      const open = path.join(dir, "private-open");
      mkdirSync(open);
      chmodSync(open, 0o777);
      for (const target of [fresh, open]) {
        for (const format of ["native", "portable"] as const) {
          const file = await takeBackup({ database: t.database, databaseUrl: await sourceUrl() }, { dir: target, format, now: clock.now() });
          expect(modeOf(file).toString(8), `${format} in ${target}`).toBe("600");
        }
        expect(modeOf(target).toString(8), target).toBe("700");
      }
    }, 120_000);

    it.skipIf(onPostgres && !hasPgDump())("scheduled backups too", async () => {
      const scheduledDir = path.join(dir, "scheduled-private");
      const handler = backupJobs({ database: t.database, databaseUrl: await sourceUrl(), dir: scheduledDir, keep: 2, everyHours: 6, clock, log: silent })[BACKUP_JOB]!;
      const job = { id: randomUUID(), type: BACKUP_JOB, payload: { slot: "2026-03-13T00:00:00.000Z" } };
      await handler.run(job as never, { signal: new AbortController().signal } as never);
      const [file] = listBackups(scheduledDir);
      expect(file).toBeDefined();
      expect(modeOf(file!).toString(8)).toBe("600");
      expect(modeOf(scheduledDir).toString(8)).toBe("700");
    }, 120_000);
  });
});
