import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { PgliteConnection } from "./pglite-connection";
import { analyzeGrownTables, keepStatisticsFresh } from "./embedded-statistics";

let pglite: PGlite;
let connection: PgliteConnection;

beforeAll(async () => {
  pglite = await PGlite.create();
  connection = new PgliteConnection(pglite);
  await connection.query("create table notes (id int primary key, body text not null)");
  await connection.query("create table quiet (id int primary key)");
  // As at a start: the migrations end with an ANALYZE of tables that are still empty.
  await connection.query("analyze");
}, 60_000);

afterAll(async () => {
  await pglite.close();
});

/** What the planner believes about a table: its row count as last gathered. */
const believed = async (table: string) =>
  (await connection.query<{ n: number }>("select reltuples::int as n from pg_class where relname = $1", [table])).rows[0]!.n;

const addNotes = (from: number, count: number) =>
  connection.query("insert into notes select i, repeat('x', 100) from generate_series($1::int, $2::int) as i", [from, from + count - 1]);

describe("the embedded engine's planner statistics", () => {
  it("are gathered again for a table that grew, and only for it; a table that did not grow is left alone", async () => {
    await addNotes(1, 3000);
    // Without a new ANALYZE the planner still believes the table empty (0, or -1 for never gathered).
    expect(await believed("notes")).toBeLessThanOrEqual(0);

    expect(await analyzeGrownTables(connection)).toEqual(["notes"]);
    expect(await believed("notes")).toBe(3000);
    // Nothing grew since: nothing to gather.
    expect(await analyzeGrownTables(connection)).toEqual([]);
    // A tenth more is not yet worth it; a half more is.
    await addNotes(3001, 300);
    expect(await analyzeGrownTables(connection)).toEqual([]);
    await addNotes(3301, 1500);
    expect(await analyzeGrownTables(connection)).toEqual(["notes"]);
    expect(await believed("notes")).toBe(4800);
  });

  it("are looked after on a timer, which stops cleanly", async () => {
    const freshness = keepStatisticsFresh(connection, 20);
    try {
      await addNotes(10_001, 6000);
      for (let i = 0; i < 100 && (await believed("notes")) !== 10_800; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await believed("notes")).toBe(10_800);
    } finally {
      await freshness.stop();
    }
  });
});
