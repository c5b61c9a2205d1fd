import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";

/**
 * The portable snapshot: every row of every product table as JSON lines (gzip), readable by either database. It is
 * how a practice moves from the embedded database to PostgreSQL (a PGlite data folder cannot be restored into
 * PostgreSQL, nor a pg_dump archive into PGlite). Line 1 is the header; then `{"table", "rows"}` chunks.
 */
export const PORTABLE_FORMAT = "clinora.portable-snapshot";
const CHUNK_ROWS = 2000;
/** Rows of a table with files (bytea, up to 16 MB each) per line: a line stays within a few hundred MB of text. */
const FILE_CHUNK_ROWS = 4;

/** Tables with a bytea column (the message files, docs/decisions/026). */
async function tablesWithFiles(db: Db): Promise<Set<string>> {
  const rows = rowsOf<{ t: string }>(
    await db.execute(sql`select distinct table_name as t from information_schema.columns where table_schema = 'public' and data_type = 'bytea'`),
  );
  return new Set(rows.map((r) => r.t));
}

interface Header {
  format: typeof PORTABLE_FORMAT;
  version: 1;
  created_at: string;
  /** The migrations applied to the source (drizzle's hashes, in order): the target must have exactly these. */
  migrations: string[];
  tables: string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function productTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`));
  return rows.map((r) => r.name);
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`));
  return rows.map((r) => r.hash);
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
async function insertOrder(db: Db, tables: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`),
  );
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
  for (const table of await productTables(db)) {
    const [row] = rowsOf<{ any: boolean }>(await db.execute(sql.raw(`select exists (select 1 from ${ident(table)}) as any`)));
    if (row?.any) return false;
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
      const t = tx as unknown as Db;
      const tables = await productTables(t);
      const header: Header = { format: PORTABLE_FORMAT, version: 1, created_at: now.toISOString(), migrations: await appliedMigrations(t), tables };
      await write(JSON.stringify(header));
      const withFiles = await tablesWithFiles(t);
      for (const table of tables) {
        const chunkRows = withFiles.has(table) ? FILE_CHUNK_ROWS : CHUNK_ROWS;
        for (let offset = 0; ; offset += chunkRows) {
          const [row] = rowsOf<{ rows: string | null; n: number }>(
            // jsonb text: one line per chunk (json_agg puts a newline between elements).
            await t.execute(
              sql.raw(`select json_agg(t)::jsonb::text as rows, count(*)::int as n from (select * from ${ident(table)} order by 1 limit ${chunkRows} offset ${offset}) t`),
            ),
          );
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
  const migrations = await appliedMigrations(db);
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
  const known = await productTables(db);
  const unknown = [...chunks.keys()].filter((t) => !known.includes(t));
  if (unknown.length) throw new Error(`O backup tem tabelas que este banco não tem: ${unknown.join(", ")}`);
  let total = 0;
  await db.transaction(async (tx) => {
    for (const table of await insertOrder(tx as unknown as Db, known)) {
      for (const rows of chunks.get(table) ?? []) {
        const inserted = await tx.execute(sql`insert into ${sql.raw(ident(table))} select * from json_populate_recordset(null::${sql.raw(ident(table))}, ${rows}::json)`);
        total += (inserted as { rowCount?: number; affectedRows?: number }).rowCount ?? (inserted as { affectedRows?: number }).affectedRows ?? 0;
      }
    }
    const serials = rowsOf<{ t: string; c: string }>(
      await tx.execute(sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`),
    );
    for (const { t, c } of serials) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${ident(t)}', '${c}'), coalesce((select max(${ident(c)}) from ${ident(t)}), 0) + 1, false)`),
      );
    }
  });
  return { tables: chunks.size, rows: total };
}
