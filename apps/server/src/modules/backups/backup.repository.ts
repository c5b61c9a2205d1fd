import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The whole database as tables of rows, whatever they hold: the catalogue reads and the table copies the portable
 * snapshot is made of. Table names come from the catalogue, never from outside, and are quoted as identifiers.
 */
export function backupRepository(db: DbOrTx) {
  return {
    async productTables(): Promise<string[]> {
      const rows = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`));
      return rows.map((r) => r.name);
    },

    /** Tables with a bytea column (the message files, docs/decisions/026). */
    async tablesWithFiles(): Promise<Set<string>> {
      const rows = rowsOf<{ t: string }>(
        await db.execute(sql`select distinct table_name as t from information_schema.columns where table_schema = 'public' and data_type = 'bytea'`),
      );
      return new Set(rows.map((r) => r.t));
    },

    /** The migrations applied (drizzle's hashes, in order). */
    async appliedMigrations(): Promise<string[]> {
      const rows = rowsOf<{ hash: string }>(await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`));
      return rows.map((r) => r.hash);
    },

    /** Every foreign key between two different tables, as (child, parent) names, schema-qualified or not. */
    async foreignKeys(): Promise<{ child: string; parent: string }[]> {
      return rowsOf<{ child: string; parent: string }>(
        await db.execute(sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`),
      );
    },

    /**
     * Per table, its columns that point to the same table (a prontuário adendo to its original, docs/decisions/034).
     * The snapshot writes rows with such a column empty first, so a row's parent is in an earlier chunk.
     */
    async selfReferences(): Promise<Map<string, string[]>> {
      const rows = rowsOf<{ t: string; c: string }>(
        await db.execute(sql`select cl.relname as t, a.attname as c
          from pg_constraint k join pg_class cl on cl.oid = k.conrelid join pg_namespace n on n.oid = cl.relnamespace
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
          where k.contype = 'f' and n.nspname = 'public' and k.conrelid = k.confrelid order by 1, 2`),
      );
      const out = new Map<string, string[]>();
      for (const { t, c } of rows) out.set(t, [...(out.get(t) ?? []), c]);
      return out;
    },

    async hasRows(table: string): Promise<boolean> {
      const [row] = rowsOf<{ any: boolean }>(await db.execute(sql.raw(`select exists (select 1 from ${ident(table)}) as any`)));
      return Boolean(row?.any);
    },

    /**
     * One chunk of a table's rows as JSON text (null past the end), in the table's first column's order; rows whose
     * `parentsFirst` columns are empty come before the others (one level of self-reference, as adendos have).
     */
    async rowsChunk(table: string, limit: number, offset: number, parentsFirst: string[] = []): Promise<{ rows: string | null; n: number } | undefined> {
      const order = [...parentsFirst.map((c) => `(${ident(c)} is not null)`), "1"].join(", ");
      const [row] = rowsOf<{ rows: string | null; n: number }>(
        // jsonb text: one line per chunk (json_agg puts a newline between elements).
        await db.execute(
          sql.raw(`select json_agg(t)::jsonb::text as rows, count(*)::int as n from (select * from ${ident(table)} order by ${order} limit ${limit} offset ${offset}) t`),
        ),
      );
      return row;
    },

    /** Inserts a JSON array of rows as they were read; answers how many went in. */
    async insertRows(table: string, rows: string): Promise<number> {
      const inserted = await db.execute(sql`insert into ${sql.raw(ident(table))} select * from json_populate_recordset(null::${sql.raw(ident(table))}, ${rows}::json)`);
      return (inserted as { rowCount?: number; affectedRows?: number }).rowCount ?? (inserted as { affectedRows?: number }).affectedRows ?? 0;
    },

    /**
     * For the rest of the transaction, the triggers that keep derived values (the schedule versions, migration 0028,
     * docs/decisions/039) leave the rows being restored as they were saved.
     */
    async restoreRowsAsSaved() {
      await db.execute(sql`select set_config('clinora.restoring', 'on', true)`);
    },

    /** Moves every serial column's sequence past the largest id its table holds. */
    async moveSequencesPastIds(): Promise<void> {
      const serials = rowsOf<{ t: string; c: string }>(
        await db.execute(sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`),
      );
      for (const { t, c } of serials) {
        await db.execute(
          sql.raw(`select setval(pg_get_serial_sequence('${ident(t)}', '${c}'), coalesce((select max(${ident(c)}) from ${ident(t)}), 0) + 1, false)`),
        );
      }
    },
  };
}
