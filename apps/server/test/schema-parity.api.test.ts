import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../src/platform/db/client";
import { rowsOf } from "../src/platform/db/rows";
import { openTestDatabase } from "./context";
import { testDbKind } from "./test-db";

/**
 * The same migrations must produce the same schema on embedded PGlite and on PostgreSQL. Runs in the
 * PostgreSQL project (which has both engines at hand); the PGlite project covers PGlite alone.
 */
const describeBoth = testDbKind() === "postgres" ? describe : describe.skip;

const CATALOG = sql`
  select 'column' as kind, table_name || '.' || column_name || ' ' || data_type || ' ' || udt_name || ' null=' || is_nullable
         || ' default=' || coalesce(column_default, '') as item
    from information_schema.columns where table_schema = 'public'
  union all
  select 'index', tablename || ' ' || indexdef from pg_indexes where schemaname = 'public'
  union all
  select 'constraint', conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' -- newer engines list NOT NULL here too
  union all
  select 'enum', t.typname || '=' || string_agg(e.enumlabel, ',' order by e.enumsortorder)
    from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname
  order by 1, 2`;

let pglite: Database;
let postgres: Database;

beforeAll(async () => {
  if (testDbKind() !== "postgres") return;
  pglite = await openDatabase({ kind: "pglite" });
  await pglite.migrate();
  postgres = await openTestDatabase();
});
afterAll(async () => {
  await pglite?.close();
  await postgres?.close();
});

describeBoth("schema parity", () => {
  it("PGlite and PostgreSQL have identical tables, columns, indexes, constraints and enums", async () => {
    const a = rowsOf<{ kind: string; item: string }>(await pglite.db.execute(CATALOG));
    const b = rowsOf<{ kind: string; item: string }>(await postgres.db.execute(CATALOG));
    expect(a.length).toBeGreaterThan(100);
    expect(a).toEqual(b);
  });

  it("every tenant-owned table carries professional_id", async () => {
    const rows = rowsOf<{ table_name: string }>(
      await postgres.db.execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'professional_id'`),
    );
    const tables = rows.map((r) => r.table_name);
    for (const t of ["patients", "appointments", "tasks", "conversations", "messages", "assistant_settings", "calendar_connections", "calendar_event_links", "twilio_numbers"]) {
      expect(tables).toContain(t);
    }
  });
});
