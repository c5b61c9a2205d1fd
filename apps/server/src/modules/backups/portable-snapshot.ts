import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import type { Db } from "../../platform/db/client";
import { backupRepository } from "./backup.repository";

/**
 * The portable snapshot: every row of every product table as JSON lines (gzip), readable by either database. It is
 * how a practice moves from the embedded database to PostgreSQL (a PGlite data folder cannot be restored into
 * PostgreSQL, nor a pg_dump archive into PGlite). Line 1 is the header; then `{"table", "rows"}` chunks.
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
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  await db.transaction(
    async (tx) => {
      const repo = backupRepository(tx);
      const tables = await repo.productTables();
      const header: Header = { format: PORTABLE_FORMAT, version: 1, created_at: now.toISOString(), migrations: await repo.appliedMigrations(), tables };
      await write(JSON.stringify(header));
      const withFiles = await repo.tablesWithFiles();
      for (const table of tables) {
        const chunkRows = withFiles.has(table) ? FILE_CHUNK_ROWS : CHUNK_ROWS;
        for (let offset = 0; ; offset += chunkRows) {
          const row = await repo.rowsChunk(table, chunkRows, offset);
          if (!row?.rows) break;
          await write(`{"table":${JSON.stringify(table)},"rows":${row.rows}}`);
          if (row.n < chunkRows) break;
        }
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  gzip.end();
  await once(out, "close");
}

/**
 * Loads a portable snapshot into a migrated, empty database: one transaction, tables in foreign-key order, sequences
 * moved past the copied ids. Refuses a snapshot taken with other migrations than the target's (another version).
 */
export async function loadPortableSnapshot(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? null : (JSON.parse(first.value) as Header);
  if (header?.format !== PORTABLE_FORMAT) throw new Error(`${file} não é um backup portátil do Clinora.`);
  const repo = backupRepository(db);
  const migrations = await repo.appliedMigrations();
  if (migrations.join() !== header.migrations.join()) {
    throw new Error("O backup foi feito por outra versão do Clinora (migrações diferentes). Restaure-o com a mesma versão e atualize depois.");
  }
  const chunks = new Map<string, string[]>();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    if (!next.value.trim()) continue;
    const chunk = JSON.parse(next.value) as { table: string; rows: unknown[] };
    const list = chunks.get(chunk.table) ?? [];
    list.push(JSON.stringify(chunk.rows));
    chunks.set(chunk.table, list);
  }
  const known = await repo.productTables();
  const unknown = [...chunks.keys()].filter((t) => !known.includes(t));
  if (unknown.length) throw new Error(`O backup tem tabelas que este banco não tem: ${unknown.join(", ")}`);
  let total = 0;
  await db.transaction(async (tx) => {
    const target = backupRepository(tx);
    for (const table of insertOrder(await target.foreignKeys(), known)) {
      for (const rows of chunks.get(table) ?? []) total += await target.insertRows(table, rows);
    }
    await target.moveSequencesPastIds();
  });
  return { tables: chunks.size, rows: total };
}
