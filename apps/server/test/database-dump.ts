import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import type { Db } from "../src/platform/db/client";
import { rowsOf } from "../src/platform/db/rows";
import { adminPostgresUrl, withDatabase } from "./test-db";

/** Every table of the database (all schemas but the catalogs), as `"schema"."table"`. */
export async function listTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`),
  );
  return rows.map((r) => r.name);
}

/** Every live row of every table as text: what a logical dump (pg_dump) of the database would contain. */
export async function logicalDump(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of await listTables(db)) {
    const rows = rowsOf<{ r: string }>(await db.execute(sql.raw(`select t::text as r from ${table} t`)));
    parts.push(`-- ${table}`, ...rows.map((x) => x.r));
  }
  return parts.join("\n");
}

/** Row count and md5 of the ordered rows' text, per table; times as text in UTC, whatever the server's zone. */
export async function tableChecksums(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const table of await listTables(tx as unknown as Db)) {
      const [row] = rowsOf<{ n: number; h: string | null }>(
        await tx.execute(sql.raw(`select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text)) as h from ${table} t`)),
      );
      out[table] = { rows: Number(row!.n), md5: row!.h ?? "" };
    }
  });
  return out;
}

export function hasPgDump(): boolean {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The URL of the PostgreSQL test database `db` is connected to. */
export async function currentDatabaseUrl(db: Db): Promise<string> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  return withDatabase(adminPostgresUrl(), row!.name);
}

/** A plain-SQL pg_dump of a PostgreSQL database, as text. */
export function pgDumpText(url: string): string {
  return execFileSync("pg_dump", ["--no-owner", "--dbname", url], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
}
