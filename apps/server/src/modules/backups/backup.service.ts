import { execFile } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type Database } from "../../platform/db/client";
import { dataDirHolder, LOCK_FILE } from "../../platform/db/data-dir-lock";
import { decryptBackup, ENCRYPTED_SUFFIX, encryptFileInPlace, isEncryptedBackup, PASSPHRASE_REQUIRED } from "./backup-encryption";
import { isEmptyDatabase, loadPortableSnapshot, readPortableSnapshot, writePortableSnapshot, type PortableSnapshot } from "./portable-snapshot";

const run = promisify(execFile);

/**
 * Backups of the whole product (docs/decisions/018). "native": the database's own consistent snapshot — PGlite's
 * dumpDataDir (a gzipped tar of its data folder) or `pg_dump -Fc`. "portable": JSON lines of every row, readable by
 * either database (how a practice moves from the embedded database to PostgreSQL).
 */
export type BackupFormat = "native" | "portable";

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

const PREFIX = "clinora-";
const SUFFIXES = { pglite: ".tar.gz", postgres: ".dump", portable: ".json.gz" } as const;

/** `20261124T014500Z`: UTC, sortable, safe in a file name. */
export function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}

/** `clinora-pglite-20261124T014500Z.tar.gz`, `clinora-postgres-….dump`, `clinora-portable-pglite-….json.gz`. */
export function backupFileName(kind: Database["kind"], format: BackupFormat, at: Date): string {
  return format === "portable" ? `${PREFIX}portable-${kind}-${stamp(at)}${SUFFIXES.portable}` : `${PREFIX}${kind}-${stamp(at)}${SUFFIXES[kind]}`;
}

/**
 * A backup holds every patient's record: its folder is the owner's alone (0700) and each file too (0600), whatever
 * the process's umask. The modes are set at creation and again after (a creation mode is filtered by the umask,
 * and an existing folder keeps the mode it had).
 */
export const BACKUP_DIR_MODE = 0o700;
export const BACKUP_FILE_MODE = 0o600;

/** Creates `dir` if needed and makes it private; returns it. */
function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: BACKUP_DIR_MODE });
  chmodSync(dir, BACKUP_DIR_MODE);
  return dir;
}

/**
 * Writes to a temporary name and renames at the end, so a half-written file never looks like a backup. The
 * temporary file is created private before anything is written into it (pg_dump and the writers below reopen it
 * and keep its mode).
 */
async function writeAtomically(file: string, write: (tmp: string) => Promise<void>) {
  const tmp = `${file}.partial`;
  try {
    closeSync(openSync(tmp, "w", BACKUP_FILE_MODE));
    chmodSync(tmp, BACKUP_FILE_MODE);
    await write(tmp);
    chmodSync(tmp, BACKUP_FILE_MODE);
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Takes one consistent snapshot of the whole database into `dir` and returns the file's path. With PGlite the
 * database must be the one this process has open (a running server takes its own scheduled backups); with
 * PostgreSQL, `pg_dump` from the machine does it without stopping anything.
 */
export async function takeBackup(
  source: { database: Database; databaseUrl?: string },
  options: { dir: string; format: BackupFormat; now: Date; /** Set: the file is encrypted (`.enc`, docs/decisions/031). */ passphrase?: string },
): Promise<string> {
  privateDir(options.dir);
  const name = backupFileName(source.database.kind, options.format, options.now);
  const file = path.join(options.dir, options.passphrase ? `${name}${ENCRYPTED_SUFFIX}` : name);
  await writeAtomically(file, async (tmp) => {
    await writeClear(tmp);
    if (options.passphrase) await encryptFileInPlace(tmp, options.passphrase);
  });
  return file;

  async function writeClear(tmp: string) {
    if (options.format === "portable") return writePortableSnapshot(source.database.db, tmp, options.now);
    if (source.database.kind === "pglite") {
      const dump = await source.database.pglite!.dumpDataDir("gzip");
      writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      return;
    }
    if (!source.databaseUrl) throw new Error("DATABASE_URL is required for a PostgreSQL backup");
    await run("pg_dump", ["--format=custom", "--no-owner", "--file", tmp, "--dbname", source.databaseUrl], { maxBuffer: 64 * 1024 * 1024 });
  }
}

/** The backups of `dir` (this product's names only), newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && Object.values(SUFFIXES).some((s) => f.endsWith(s) || f.endsWith(`${s}${ENCRYPTED_SUFFIX}`)))
    .sort()
    .reverse()
    .map((f) => path.join(dir, f));
}

/** Keeps the `keep` newest backups of the same kind as `latest` (same name up to the timestamp); deletes the rest. */
export function pruneBackups(dir: string, keep: number, latest: string): string[] {
  const family = path.basename(latest).replace(/\d{8}T\d{6}Z.*$/, "");
  const same = listBackups(dir).filter((f) => path.basename(f).startsWith(family) && /\d{8}T\d{6}Z/.test(path.basename(f).slice(family.length)));
  const removed = same.slice(keep);
  for (const f of removed) rmSync(f, { force: true });
  return removed;
}

export function formatOf(file: string): "pglite" | "postgres" | "portable" {
  const name = path.basename(file).replace(new RegExp(`\\${ENCRYPTED_SUFFIX}$`), "");
  if (name.endsWith(SUFFIXES.portable)) return "portable";
  if (name.endsWith(SUFFIXES.pglite)) return "pglite";
  if (name.endsWith(SUFFIXES.postgres) || readFileSync(file).subarray(0, 5).toString() === "PGDMP") return "postgres";
  throw new Error(`Formato de backup desconhecido: ${name} (esperado .tar.gz, .dump ou .json.gz)`);
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Moves a non-empty data folder aside (never deletes it): `<dir>.antes-da-restauracao-<stamp>`. */
function moveAside(dir: string, at: Date): string {
  const aside = `${dir}.antes-da-restauracao-${stamp(at)}`;
  renameSync(dir, aside);
  return aside;
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/** Runs `sql` on the database at `url` in one transaction, on a connection of its own. */
async function inTransaction(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`begin; ${sql} commit;`);
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

const DROP_PRODUCT_SCHEMAS = "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;";

/**
 * Where a forced restore keeps the database's current schemas while the backup is written beside them: renamed, not
 * dropped, so a restore that fails puts them back untouched (schema renames are transactional in PostgreSQL).
 */
const SET_ASIDE = { public: "clinora_antes_da_restauracao", drizzle: "clinora_antes_da_restauracao_migracoes" } as const;

async function schemasSetAside(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_namespace where nspname = any($1)", [Object.values(SET_ASIDE)]);
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/** Renames the current schemas aside and leaves an empty `public` for the restore. */
async function setAsidePostgres(url: string) {
  if (await schemasSetAside(url)) {
    throw new Error(
      `O banco já tem os esquemas ${SET_ASIDE.public} e ${SET_ASIDE.drizzle}, deixados por uma restauração interrompida: confira o que há neles e remova-os antes de restaurar de novo.`,
    );
  }
  await inTransaction(
    url,
    `alter schema public rename to ${SET_ASIDE.public};
     do $$ begin if exists (select 1 from pg_namespace where nspname = 'drizzle') then alter schema drizzle rename to ${SET_ASIDE.drizzle}; end if; end $$;
     create schema public;`,
  );
}

/** After a failed restore: what it wrote is dropped and the schemas set aside take their names back. */
async function putBackPostgres(url: string) {
  await inTransaction(
    url,
    `drop schema if exists drizzle cascade; drop schema if exists public cascade;
     alter schema ${SET_ASIDE.public} rename to public;
     do $$ begin if exists (select 1 from pg_namespace where nspname = '${SET_ASIDE.drizzle}') then alter schema ${SET_ASIDE.drizzle} rename to drizzle; end if; end $$;`,
  );
}

const NOT_EMPTY = (what: string) => `${what}. Restaurar substituiria o que existe: use --force para isso.`;
const WRONG_TARGET = {
  pglite:
    "Este backup é do banco embutido (PGlite) e só pode ser restaurado nele (sem DATABASE_URL). Para levar os dados ao PostgreSQL, faça um backup portátil: npm run backup -- --format portable.",
  postgres: "Este backup é do PostgreSQL (pg_dump) e só pode ser restaurado num PostgreSQL (com DATABASE_URL).",
};

/**
 * Restores a backup into an empty data folder or database; a non-empty one is refused unless `force` (a PGlite
 * folder is then moved aside; a PostgreSQL database's schemas are renamed aside and dropped only once the restore is whole). Returns what was done, for the CLI to print.
 *
 * All or nothing (docs/decisions/031): an encrypted backup is opened, and a portable one read whole and checked
 * (its SHA-256, its version), before the target is touched; a restore that fails midway puts the target back as it
 * was (an embedded folder: the new one removed and the previous one moved back; PostgreSQL: one transaction for the
 * rows, a database that was empty is emptied again, and a forced one gets its schemas back). No message repeats a row of the backup.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force: boolean; now: Date; passphrase?: string; ignoreChecksum?: boolean },
): Promise<{ format: ReturnType<typeof formatOf>; movedAside?: string }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`Arquivo não encontrado: ${file}`);
  if (!isEncryptedBackup(file)) return restoreClear(file, target, options);
  if (!options.passphrase) throw new Error(PASSPHRASE_REQUIRED);
  const clear = await decryptBackup(readFileSync(file), options.passphrase);
  // The clear archive lives only while it is restored, in a folder of the owner's alone.
  const scratch = mkdtempSync(path.join(os.tmpdir(), "clinora-restore-"));
  chmodSync(scratch, BACKUP_DIR_MODE);
  const clearFile = path.join(scratch, path.basename(file).slice(0, -ENCRYPTED_SUFFIX.length));
  try {
    writeFileSync(clearFile, clear, { mode: BACKUP_FILE_MODE });
    return await restoreClear(clearFile, target, options);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function restoreClear(file: string, target: RestoreTarget, options: { force: boolean; now: Date; ignoreChecksum?: boolean }): Promise<{ format: ReturnType<typeof formatOf>; movedAside?: string }> {
  const format = formatOf(file);
  if (format !== "portable" && format !== target.kind) throw new Error(WRONG_TARGET[format]);
  // Read and checked before anything is touched.
  const snapshot: PortableSnapshot | null = format === "portable" ? await readPortableSnapshot(file, { ignoreChecksum: options.ignoreChecksum }) : null;

  let movedAside: string | undefined;
  if (target.kind === "pglite") {
    const holder = dataDirHolder(target.dataDir);
    if (holder !== null) throw new Error(`O banco embutido em ${target.dataDir} está aberto pelo processo ${holder}: pare o servidor antes de restaurar.`);
    const existed = existsSync(target.dataDir);
    if (!isEmptyDir(target.dataDir)) {
      if (!options.force) throw new Error(NOT_EMPTY(`A pasta ${target.dataDir} não está vazia`));
      movedAside = moveAside(target.dataDir, options.now);
    }
    mkdirSync(target.dataDir, { recursive: true });
    try {
      if (format === "pglite") {
        const client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: new Blob([readFileSync(file)]) });
        await client.query("select 1");
        await client.close();
        // The lock of the process that took the backup came with the folder: it is not ours.
        rmSync(path.join(target.dataDir, LOCK_FILE), { force: true });
      } else {
        await loadInto({ kind: "pglite", dataDir: target.dataDir }, snapshot!);
      }
    } catch (error) {
      // Back as it was: the folder made here removed, the previous one (if any) in its place again.
      rmSync(target.dataDir, { recursive: true, force: true });
      if (movedAside) renameSync(movedAside, target.dataDir);
      else if (existed) mkdirSync(target.dataDir, { recursive: true });
      throw restoreError(error);
    }
    return { format, movedAside: movedAside && existsSync(movedAside) ? movedAside : undefined };
  }

  const wasEmpty = await postgresIsEmpty(target.url);
  if (!wasEmpty) {
    if (!options.force) throw new Error(NOT_EMPTY("O banco de dados PostgreSQL não está vazio"));
    await setAsidePostgres(target.url);
  }
  try {
    if (format === "postgres") {
      await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname", target.url, file], { maxBuffer: 64 * 1024 * 1024 });
    } else {
      await loadInto({ kind: "postgres", url: target.url, maxConnections: 2 }, snapshot!);
    }
  } catch (error) {
    // Back as it was: an empty database emptied again, a forced one given its own schemas back.
    if (wasEmpty) await inTransaction(target.url, DROP_PRODUCT_SCHEMAS);
    else await putBackPostgres(target.url);
    throw restoreError(error);
  }
  // The restore is whole: the data it replaced goes, as --force asked.
  if (!wasEmpty) await inTransaction(target.url, `drop schema ${SET_ASIDE.public} cascade; drop schema if exists ${SET_ASIDE.drizzle} cascade;`);
  return { format };
}

/** Migrates the empty target with this version's migrations, then loads the rows in one transaction. */
async function loadInto(options: Parameters<typeof openDatabase>[0], snapshot: PortableSnapshot) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    if (!(await isEmptyDatabase(database.db))) throw new Error(NOT_EMPTY("O banco de destino não está vazio"));
    await loadPortableSnapshot(database.db, snapshot);
  } finally {
    await database.close();
  }
}

/** A failure as the CLI prints it: our own Portuguese messages as they are; a tool's or the database's without its text, which may hold rows. */
function restoreError(error: unknown): Error {
  if (error instanceof Error && /Nada foi restaurado|não está vazi/.test(error.message)) return error;
  const code = (error as { code?: unknown })?.code;
  return new Error(`A restauração falhou${typeof code === "string" ? ` (${code})` : ""} e o destino foi deixado como estava. Nada foi restaurado.`);
}
