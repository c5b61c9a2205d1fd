import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite, types } from "@electric-sql/pglite";
import { PgliteConnection } from "./pglite-connection";

let pglite: PGlite;
let connection: PgliteConnection;

beforeAll(async () => {
  pglite = await PGlite.create();
  connection = new PgliteConnection(pglite);
  await connection.query("create table items (id int primary key, name text not null, tags int[] not null default '{}', data jsonb, day date)");
}, 60_000);

afterAll(async () => {
  await pglite.close();
});

const count = async () => (await connection.query<{ n: number }>("select count(*)::int as n from items")).rows[0]!.n;

/** A promise and the function that settles it, so a test decides when a transaction may go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("PgliteConnection", () => {
  it("runs statements with parameters of several types, as rows or arrays, through one prepared statement", async () => {
    const insert = "insert into items (id, name, tags, data, day) values ($1, $2, $3, $4, $5)";
    await connection.query(insert, [1, "um", [1, 2], { a: 1 }, "2026-11-24"]);
    await connection.query(insert, [2, "dois", [], null, null]);

    const rows = await connection.query("select id, name, tags, data, day from items order by id");
    expect(rows.rows).toEqual([
      { id: 1, name: "um", tags: [1, 2], data: { a: 1 }, day: new Date("2026-11-24T00:00:00.000Z") },
      { id: 2, name: "dois", tags: [], data: null, day: null },
    ]);
    // The per-query parsers override the engine's (Drizzle keeps dates as text this way).
    const raw = await connection.query("select id, day from items where id = $1", [1], { rowMode: "array", parsers: { [types.DATE]: (value: string) => value } });
    expect(raw.rows).toEqual([[1, "2026-11-24"]]);

    const prepared = await pglite.query<{ statement: string }>("select statement from pg_prepared_statements");
    expect(prepared.rows.filter((r) => r.statement === insert)).toHaveLength(1);
  });

  it("reads text in any script and empty strings as they were written", async () => {
    const names = ["Conceição Araújo", "", "日本語 ✓ 😀"];
    for (const [i, name] of names.entries()) await connection.query("insert into items (id, name) values ($1, $2)", [100 + i, name]);
    const rows = await connection.query<{ name: string }>("select name from items where id >= 100 order by id");
    expect(rows.rows.map((r) => r.name)).toEqual(names);
    await connection.query("delete from items where id >= 100");
  });

  it("reports what a write changed, and runs statements it does not keep prepared (DDL)", async () => {
    const update = await connection.query("update items set name = upper(name) where id = any($1)", [[1, 2]]);
    expect(update.affectedRows).toBe(2);
    await connection.query("create index items_name_idx on items (name)");
    const index = await connection.query("select indexname from pg_indexes where tablename = 'items' and indexname = 'items_name_idx'");
    expect(index.rows).toHaveLength(1);
  });

  it("commits a transaction's statements together", async () => {
    const before = await count();
    const result = await connection.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values ($1, $2)", [10, "dez"]);
      await tx.query("insert into items (id, name) values ($1, $2)", [11, "onze"]);
      return "feito";
    });
    expect(result).toBe("feito");
    expect(await count()).toBe(before + 2);
  });

  it("rolls a transaction back when its function throws, and passes the error on", async () => {
    const before = await count();
    const failure = connection.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values ($1, $2)", [20, "vinte"]);
      throw new Error("desistiu");
    });
    await expect(failure).rejects.toThrow("desistiu");
    expect(await count()).toBe(before);
  });

  it("carries the engine's error code out of a failed statement inside a transaction, then rolls it back", async () => {
    const before = await count();
    const failure = connection.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values ($1, $2)", [30, "trinta"]);
      await tx.query("insert into items (id, name) values ($1, $2)", [30, "repetido"]);
    });
    await expect(failure).rejects.toMatchObject({ code: "23505", constraint: "items_pkey" });
    expect(await count()).toBe(before);
    // The connection is usable afterwards.
    expect((await connection.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("refuses to commit a transaction in which a statement failed, even if the failure was caught", async () => {
    const before = await count();
    const failure = connection.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values ($1, $2)", [40, "quarenta"]);
      await tx.query("select 1 / 0").catch(() => undefined);
    });
    await expect(failure).rejects.toThrow(/desfeita/);
    expect(await count()).toBe(before);
  });

  it("keeps other statements out of an open transaction until it ends, and runs them in order after it", async () => {
    const before = await count();
    const step = gate();
    const events: string[] = [];
    const inserted = gate();
    const transaction = connection.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values ($1, $2)", [50, "cinquenta"]);
      inserted.open();
      await step.opened;
      events.push("transaction ends");
    });
    await inserted.opened;
    // Issued while the transaction is open: neither may run inside it, nor before it ends.
    const outside = connection.query<{ n: number }>("select count(*)::int as n from items").then((r) => {
      events.push("outside read");
      return r.rows[0]!.n;
    });
    const second = connection.transaction(async (tx) => {
      events.push("second transaction");
      await tx.query("insert into items (id, name) values ($1, $2)", [51, "cinquenta e um"]);
    });
    await Promise.resolve();
    expect(events).toEqual([]);
    step.open();
    await transaction;
    expect(await outside).toBe(before + 1);
    await second;
    expect(events).toEqual(["transaction ends", "outside read", "second transaction"]);
    expect(await count()).toBe(before + 2);
  });

  it("refuses statements on a transaction handle after it ended", async () => {
    let kept: { query: PgliteConnection["query"] } | undefined;
    await connection.transaction(async (tx) => {
      kept = tx as never;
    });
    await expect(kept!.query("select 1")).rejects.toThrow("Transaction is closed");
  });
});
