import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder, type Db } from "../../platform/db/client";
import { backupRepository } from "./backup.repository";

/**
 * The portable snapshot: every row of every product table as JSON lines (gzip), readable by either database. It is
 * how a practice moves from the embedded database to PostgreSQL (a PGlite data folder cannot be restored into
 * PostgreSQL, nor a pg_dump archive into PGlite). Line 1 is the header; then `{"table", "rows"}` chunks; the last
 * line is `{"sha256"}`, the SHA-256 of every line before it (their text and line ends), which restore verifies: an
 * archive edited, cut or put together from two is refused (docs/decisions/031).
 */
export const PORTABLE_FORMAT = "clinora.portable-snapshot";
const CHUNK_ROWS = 2000;
/** Rows of a table with files (bytea, up to 16 MB each) per line: a line stays within a few hundred MB of text. */
const FILE_CHUNK_ROWS = 4;

interface Header {
  format: typeof PORTABLE_FORMAT;
  version: 1;
  created_at: string;
  /** The migrations applied to the source (drizzle's hashes, in order): the target must have exactly these. */
  migrations: string[];
  tables: string[];
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
function insertOrder(edges: { child: string; parent: string }[], tables: string[]): string[] {
  const strip = (t: string) => t.replace(/^public\./, "").replaceAll('"', "");
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (strip(e.child) === table) visit(strip(e.parent), path);
    placed.add(table);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return ordered.filter((t) => tables.includes(t));
}

/** Whether the database holds no product data yet (no product table, or every product table empty). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const repo = backupRepository(db);
  for (const table of await repo.productTables()) {
    if (await repo.hasRows(table)) return false;
  }
  return true;
}

/** Writes the portable snapshot of `db` to `file` (gzip, JSON lines), read inside one repeatable-read transaction. */
export async function writePortableSnapshot(db: Db, file: string, now: Date): Promise<void> {
  const gzip = createGzip();
  const out = createWriteStream(file);
  gzip.pipe(out);
  const checksum = createHash("sha256");
  const write = async (line: string) => {
    checksum.update(`${line}\n`);
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  await db.transaction(
    async (tx) => {
      const repo = backupRepository(tx);
      const tables = await repo.productTables();
      const header: Header = { format: PORTABLE_FORMAT, version: 1, created_at: now.toISOString(), migrations: await repo.appliedMigrations(), tables };
      await write(JSON.stringify(header));
      const withFiles = await repo.tablesWithFiles();
      const selfRefs = await repo.selfReferences();
      for (const table of tables) {
        const chunkRows = withFiles.has(table) ? FILE_CHUNK_ROWS : CHUNK_ROWS;
        for (let offset = 0; ; offset += chunkRows) {
          const row = await repo.rowsChunk(table, chunkRows, offset, selfRefs.get(table));
          if (!row?.rows) break;
          await write(`{"table":${JSON.stringify(table)},"rows":${row.rows}}`);
          if (row.n < chunkRows) break;
        }
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  gzip.write(`${JSON.stringify({ sha256: checksum.digest("hex") })}\n`);
  gzip.end();
  await once(out, "close");
}

/** A portable snapshot read whole and checked, before anything is written anywhere. */
export interface PortableSnapshot {
  header: Header;
  /** Each table's chunks of rows, as JSON text. */
  chunks: Map<string, string[]>;
}

const CORRUPT = "O arquivo de backup está corrompido ou incompleto (cortado no meio, ou não é gzip). Nada foi restaurado.";
const CHECKSUM_MISMATCH =
  "A soma de verificação (SHA-256) do backup não confere: o arquivo foi alterado depois de gravado. Nada foi restaurado. Para restaurá-lo assim mesmo, use --ignore-checksum.";
const NO_CHECKSUM = "O backup não termina com a sua soma de verificação: está incompleto. Nada foi restaurado. Para restaurá-lo assim mesmo, use --ignore-checksum.";
const OTHER_VERSION = "O backup foi feito por outra versão do Clinora (migrações diferentes). Restaure-o com a mesma versão e atualize depois. Nada foi restaurado.";

/** The hashes of this version's migrations, in order, as the migrator records them. */
export function thisVersionMigrations(): string[] {
  return readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
}

/**
 * Reads a portable snapshot whole and checks it: a Clinora snapshot, of this version's migrations, every line
 * readable, and its SHA-256 as recorded (unless `ignoreChecksum`). Every refusal is in Portuguese and repeats no
 * row of the file.
 */
export async function readPortableSnapshot(file: string, options: { ignoreChecksum?: boolean } = {}): Promise<PortableSnapshot> {
  const checksum = createHash("sha256");
  const chunks = new Map<string, string[]>();
  let header: Header | null = null;
  let recorded: string | null = null;
  try {
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (recorded !== null) throw new Error("line after the checksum");
      if (header === null) {
        header = JSON.parse(line) as Header;
        if (header?.format !== PORTABLE_FORMAT) throw new NotPortable();
        checksum.update(`${line}\n`);
        continue;
      }
      if (!line.trim()) continue;
      const parsed = JSON.parse(line) as { table?: string; rows?: unknown[]; sha256?: string };
      if (typeof parsed.sha256 === "string") {
        recorded = parsed.sha256;
        continue;
      }
      checksum.update(`${line}\n`);
      if (typeof parsed.table !== "string" || !Array.isArray(parsed.rows)) throw new Error("not a chunk");
      const list = chunks.get(parsed.table) ?? [];
      list.push(JSON.stringify(parsed.rows));
      chunks.set(parsed.table, list);
    }
  } catch (error) {
    // The cause stays with the error, never in its message (the CLI prints the message alone): it may quote a row.
    if (error instanceof NotPortable) throw new Error("O arquivo não é um backup portátil do Clinora. Nada foi restaurado.", { cause: error });
    throw new Error(CORRUPT, { cause: error });
  }
  if (header === null) throw new Error(CORRUPT);
  if (!options.ignoreChecksum) {
    if (recorded === null) throw new Error(NO_CHECKSUM);
    if (recorded !== checksum.digest("hex")) throw new Error(CHECKSUM_MISMATCH);
  }
  if (header.migrations.join() !== thisVersionMigrations().join()) throw new Error(OTHER_VERSION);
  return { header, chunks };
}

class NotPortable extends Error {}

/**
 * Loads a snapshot read by readPortableSnapshot into a migrated, empty database: one transaction, tables in
 * foreign-key order, sequences moved past the copied ids. A failed insert is reported by its table only: the
 * database's own message would repeat the rows (names, e-mails, phones).
 */
export async function loadPortableSnapshot(db: Db, snapshot: PortableSnapshot): Promise<{ tables: number; rows: number }> {
  const repo = backupRepository(db);
  if ((await repo.appliedMigrations()).join() !== snapshot.header.migrations.join()) throw new Error(OTHER_VERSION);
  const known = await repo.productTables();
  const unknown = [...snapshot.chunks.keys()].filter((t) => !known.includes(t));
  if (unknown.length) throw new Error(`O backup tem tabelas que este banco não tem: ${unknown.join(", ")}. Nada foi restaurado.`);
  let total = 0;
  await db.transaction(async (tx) => {
    const target = backupRepository(tx);
    await target.restoreRowsAsSaved();
    for (const table of insertOrder(await target.foreignKeys(), known)) {
      for (const rows of snapshot.chunks.get(table) ?? []) {
        try {
          total += await target.insertRows(table, rows);
        } catch {
          throw new Error(`As linhas da tabela ${table} do backup não puderam ser gravadas (dados inconsistentes). Nada foi restaurado.`);
        }
      }
    }
    await target.moveSequencesPastIds();
  });
  return { tables: snapshot.chunks.size, rows: total };
}
