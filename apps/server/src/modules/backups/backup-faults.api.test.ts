import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { openDatabase, type Db } from "../../platform/db/client";
import * as s from "../../tables";
import { fixedClock } from "../../platform/lib/clock";
import { createTestContext, type TestContext } from "../../../test/context";
import { tableChecksums } from "../../../test/database-dump";
import { emptyPostgresDatabase, testDbKind } from "../../../test/test-db";
import { seedDemo } from "../../seeds/demo.seed";
import { PASSPHRASE_REQUIRED, WRONG_PASSPHRASE } from "./backup-encryption";
import { restoreBackup, takeBackup, type RestoreTarget } from "./backup.service";

/**
 * Restores are all or nothing (docs/decisions/031): an edited, cut, other-version or wrongly encrypted backup, or
 * one whose rows cannot be written, leaves the target exactly as it was, says what was wrong in Portuguese and
 * repeats no row; a good restore into the same target then works.
 */
const clock = fixedClock("2026-03-11T13:00:00Z");
const onPostgres = testDbKind() === "postgres";
const PASSPHRASE = "correta cavalo bateria grampo";

interface Target {
  name: string;
  target: RestoreTarget;
  /** What the target holds, as a refused restore must leave it. */
  state(): Promise<string>;
  drop(): Promise<void>;
}

/** The restored database's checksums, on a connection opened for them. */
const checksumsOf = (target: RestoreTarget) => withRestored(target, tableChecksums);

/** Opens a restored target, runs `use` on it and closes it (an embedded folder is locked while open). */
async function withRestored<T>(target: RestoreTarget, use: (db: Db) => Promise<T>): Promise<T> {
  const restored = await openDatabase(target.kind === "pglite" ? { kind: "pglite", dataDir: target.dataDir } : { kind: "postgres", url: target.url, maxConnections: 2 });
  try {
    return await use(restored.db);
  } finally {
    await restored.close();
  }
}

/** A new embedded folder (not created yet: the restore makes it). */
function embeddedTarget(dir: string): Target {
  const dataDir = path.join(dir, `alvo-${randomUUID().slice(0, 8)}`);
  const target: RestoreTarget = { kind: "pglite", dataDir };
  return {
    name: "embedded",
    target,
    state: async () => (existsSync(dataDir) ? `folder: ${readdirSync(dataDir).sort().join(",")}` : "no folder"),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A new, empty PostgreSQL database. */
async function postgresTarget(): Promise<Target> {
  const { url, drop } = await emptyPostgresDatabase("clinora_faults");
  const target: RestoreTarget = { kind: "postgres", url };
  return {
    name: "postgres",
    target,
    async state() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ t: string }>("select table_schema || '.' || table_name as t from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1");
        return `tables: ${rows.map((r) => r.t).join(",")}`;
      } finally {
        await c.end();
      }
    },
    drop,
  };
}

/**
 * The targets of this run: a new embedded folder always, an empty PostgreSQL database on PostgreSQL runs. A test
 * makes them once and runs all its archives against them: a target costs seconds to restore into (an embedded one
 * is a new PGlite folder each time). Each is made when its turn comes, so one whose checks fail leaves no other behind.
 */
function targets(dir: string): (() => Promise<Target>)[] {
  const embedded = async () => embeddedTarget(dir);
  return onPostgres ? [embedded, postgresTarget] : [embedded];
}

/** The portable archive's lines, edited by `edit`, written back as a new archive (its checksum line kept as it was, or recomputed). */
function rewrite(file: string, edit: (lines: string[]) => string[], options: { recomputeChecksum?: boolean } = {}): string {
  let lines = gunzipSync(readFileSync(file)).toString("utf8").split("\n").filter(Boolean);
  lines = edit(lines);
  if (options.recomputeChecksum) {
    const body = lines.slice(0, -1);
    const sum = createHash("sha256").update(body.map((l) => `${l}\n`).join("")).digest("hex");
    lines = [...body, JSON.stringify({ sha256: sum })];
  }
  const out = file.replace(/\.json\.gz$/, `-${randomUUID().slice(0, 6)}.json.gz`);
  writeFileSync(out, gzipSync(Buffer.from(`${lines.join("\n")}\n`)));
  return out;
}

/** Two copies of the patients' chunk (the same ids twice), with a correct checksum: the insert fails midway. */
const duplicatedPatients = (file: string) =>
  rewrite(
    file,
    (lines) => {
      const patients = lines.filter((l) => l.startsWith('{"table":"patients"'));
      return [...lines.slice(0, -1), ...patients, lines[lines.length - 1]!];
    },
    { recomputeChecksum: true },
  );

describe("restores are all or nothing", () => {
  let t: TestContext;
  let dir: string;
  let portable: string;
  let sums: Awaited<ReturnType<typeof tableChecksums>>;
  let email: string;

  beforeAll(async () => {
    t = await createTestContext({ clock });
    await seedDemo(t.db, clock);
    sums = await tableChecksums(t.db);
    email = (await t.db.select({ email: s.patients.email }).from(s.patients)).find((p) => p.email)!.email!;
    dir = mkdtempSync(path.join(os.tmpdir(), "clinora-restore-faults-"));
    portable = await takeBackup({ database: t.database }, { dir, format: "portable", now: clock.now() });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Every bad archive is refused, one after the other, by the same target: each with its `message`, repeating no
   * patient's e-mail, the target left as it was before the first; then the good backup restores into it whole.
   */
  const refusedThenGood = async (bad: { file: string; message: RegExp; passphrase?: string }[], good: { file: string; passphrase?: string } = { file: portable }) => {
    for (const make of targets(dir)) {
      const { name, target, state, drop } = await make();
      try {
        const before = await state();
        for (const { file, message, passphrase } of bad) {
          const what = `${name} ${path.basename(file)}`;
          const error = (await restoreBackup(file, target, { force: false, now: clock.now(), passphrase }).then(
            () => new Error("restored"),
            (e: unknown) => e,
          )) as Error;
          expect(error, what).toBeInstanceOf(Error);
          expect(error.message, what).toMatch(message);
          expect(error.message, what).not.toContain(email);
          expect(await state(), what).toBe(before);
        }

        await restoreBackup(good.file, target, { force: false, now: clock.now(), passphrase: good.passphrase });
        expect(await checksumsOf(target), name).toEqual(sums);
      } finally {
        await drop();
      }
    }
  };

  it("refuses an edited archive by its SHA-256 unless --ignore-checksum", async () => {
    const edited = rewrite(portable, (lines) => lines.map((l) => l.replace(email, `outro.${email}`)));
    await refusedThenGood([{ file: edited, message: /soma de verificação \(SHA-256\).*não confere.*--ignore-checksum/ }]);
    // Asked for, the edited archive restores (the edit included).
    const { target, drop } = embeddedTarget(dir);
    try {
      await restoreBackup(edited, target, { force: false, now: clock.now(), ignoreChecksum: true });
      const emails = await withRestored(target, async (db) => (await db.select({ email: s.patients.email }).from(s.patients)).map((p) => p.email));
      expect(emails).toContain(`outro.${email}`);
    } finally {
      await drop();
    }
  }, 180_000);

  it("refuses a truncated archive, one without its checksum, and one of another version", async () => {
    const bytes = readFileSync(portable);
    const cut = path.join(dir, "cortado.json.gz");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const noChecksum = rewrite(portable, (lines) => lines.slice(0, -1));
    const otherVersion = rewrite(portable, (lines) => [JSON.stringify({ ...JSON.parse(lines[0]!), migrations: ["0000"] }), ...lines.slice(1)], { recomputeChecksum: true });
    await refusedThenGood([
      { file: cut, message: /corrompido ou incompleto/ },
      { file: noChecksum, message: /não termina com a sua soma de verificação/ },
      { file: otherVersion, message: /outra versão do Clinora/ },
    ]);
  }, 240_000);

  it("rolls back rows that cannot be written and prints none of them", async () => {
    const duplicated = duplicatedPatients(portable);
    await refusedThenGood([{ file: duplicated, message: /tabela patients.*Nada foi restaurado/ }]);
  }, 180_000);

  it("a forced restore that fails leaves a target with data exactly as it was, on both databases", async () => {
    const duplicated = duplicatedPatients(portable);
    const cut = path.join(dir, "cortado-forcado.json.gz");
    const bytes = readFileSync(portable);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    for (const make of targets(dir)) {
      const { name, target, drop } = await make();
      try {
        await restoreBackup(portable, target, { force: false, now: clock.now() });
        // The data the target holds now differs from the backup's: a failed restore must keep this, not the backup.
        const before = await withRestored(target, async (db) => {
          await db.update(s.patients).set({ notes: "anotação feita depois do backup" });
          return tableChecksums(db);
        });
        for (const bad of [duplicated, cut]) {
          const error = (await restoreBackup(bad, target, { force: true, now: clock.now() }).then(
            () => new Error("restored"),
            (e: unknown) => e,
          )) as Error;
          expect(error.message, `${name} ${path.basename(bad)}`).toMatch(/Nada foi restaurado|corrompido ou incompleto/);
          expect(error.message, name).not.toContain(email);
          expect(await checksumsOf(target), `${name} ${path.basename(bad)}`).toEqual(before);
        }
        // A good forced restore then replaces it whole, and leaves nothing aside in PostgreSQL.
        await restoreBackup(portable, target, { force: true, now: clock.now() });
        expect(await checksumsOf(target), name).toEqual(sums);
        if (target.kind === "postgres") {
          const c = new pg.Client({ connectionString: target.url });
          await c.connect();
          const { rows } = await c.query("select nspname from pg_namespace where nspname like 'clinora_antes%'").finally(() => c.end());
          expect(rows, name).toEqual([]);
        }
      } finally {
        await drop();
      }
    }
  }, 240_000);

  it("encrypts a backup with the passphrase; a wrong or missing one says so and touches nothing", async () => {
    const encrypted = await takeBackup({ database: t.database }, { dir, format: "portable", now: clock.now(), passphrase: PASSPHRASE });
    expect(path.basename(encrypted)).toMatch(/^clinora-portable-(pglite|postgres)-20260311T130000Z\.json\.gz\.enc$/);
    const bytes = readFileSync(encrypted);
    // Neither the rows nor even a gzip stream can be read from it.
    expect(bytes.includes(Buffer.from(email))).toBe(false);
    expect(() => gunzipSync(bytes)).toThrow();
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 40]! ^= 1;
    const edited = path.join(dir, "alterado.json.gz.enc");
    writeFileSync(edited, flipped);
    await refusedThenGood(
      [
        { file: encrypted, message: new RegExp(WRONG_PASSPHRASE.slice(0, 40)), passphrase: "senha errada" },
        { file: encrypted, message: new RegExp(PASSPHRASE_REQUIRED.slice(0, 30)) },
        // An edited byte fails as a wrong passphrase does.
        { file: edited, message: new RegExp(WRONG_PASSPHRASE.slice(0, 40)), passphrase: PASSPHRASE },
      ],
      // The right passphrase restores it whole.
      { file: encrypted, passphrase: PASSPHRASE },
    );
  }, 240_000);

  it.skipIf(onPostgres)("encrypts the embedded database's native snapshot too", async () => {
    const encrypted = await takeBackup({ database: t.database }, { dir, format: "native", now: clock.now(), passphrase: PASSPHRASE });
    expect(path.basename(encrypted)).toBe("clinora-pglite-20260311T130000Z.tar.gz.enc");
    await refusedThenGood([{ file: encrypted, message: new RegExp(WRONG_PASSPHRASE.slice(0, 40)), passphrase: "outra" }], { file: encrypted, passphrase: PASSPHRASE });
  }, 180_000);
});
