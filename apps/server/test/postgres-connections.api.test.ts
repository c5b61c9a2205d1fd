import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, POOL_IDLE_MS, POOL_KEEP_ALWAYS, type Database } from "../src/platform/db/client";
import { rowsOf } from "../src/platform/db/rows";
import { isDatabaseUnavailable } from "../src/platform/lib/db-errors";
import { adminPostgresUrl, testDbKind } from "./test-db";

/**
 * The connections to PostgreSQL: each prepares the data statements it runs, so the server plans them once
 * (docs/decisions/012), and one that PostgreSQL closes is replaced. PGlite runs in-process and has neither.
 */
const describePostgres = testDbKind() === "postgres" ? describe : describe.skip;

describePostgres("prepared statements on PostgreSQL", () => {
  let database: Database;
  // One connection, so that every query below lands where pg_prepared_statements is read.
  beforeAll(async () => {
    database = await openDatabase({ kind: "postgres", url: adminPostgresUrl(), maxConnections: 1 });
  });
  afterAll(() => database.close());

  const prepared = async () =>
    rowsOf<{ name: string; statement: string }>(await database.db.execute(sql`select name, statement from pg_prepared_statements`));

  it("prepares a data statement once and reuses it with other values", async () => {
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(rowsOf<{ n: number }>(await database.db.execute(sql`select ${n}::int + 1 as n`))[0]!.n);
    expect(answers).toEqual([2, 3, 4]);
    const matching = (await prepared()).filter((s) => s.statement === "select $1::int + 1 as n");
    expect(matching).toHaveLength(1);
  });

  it("leaves other statements unprepared", async () => {
    await database.db.execute(sql`create temporary table scratch (x int)`);
    await database.db.execute(sql`drop table scratch`);
    expect((await prepared()).some((s) => /scratch/.test(s.statement))).toBe(false);
  });

  it("stops preparing new texts past its cap, and still runs them", async () => {
    for (let i = 0; i < 320; i++) {
      const rows = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select ${i} as n`)));
      expect(rows[0]!.n).toBe(i);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(300);
  });
});

describePostgres("a connection that PostgreSQL closes", () => {
  it("is replaced on the next query, and the process carries on", async () => {
    const database = await openDatabase({ kind: "postgres", url: adminPostgresUrl(), maxConnections: 1 });
    try {
      const [{ pid }] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
      const other = await openDatabase({ kind: "postgres", url: adminPostgresUrl(), maxConnections: 1 });
      await other.db.execute(sql`select pg_terminate_backend(${pid})`);
      await other.close();
      // The idle connection learns of its end asynchronously; give it the moment it needs.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`)) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("while checked out (in a transaction) fails its statements as 'database unavailable', and the process carries on", async () => {
    // Before: the connection's 'error' event had no listener while it was checked out, and ended the process.
    const database = await openDatabase({ kind: "postgres", url: adminPostgresUrl(), maxConnections: 1 });
    const other = await openDatabase({ kind: "postgres", url: adminPostgresUrl(), maxConnections: 1 });
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
          await other.db.execute(sql`select pg_terminate_backend(${pid})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
          return "committed";
        })
        .catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`)) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("that cannot be opened (nothing listens) is 'database unavailable'", async () => {
    const url = new URL(adminPostgresUrl());
    url.port = "1";
    const database = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 1 });
    try {
      const outcome = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describePostgres("the connections a burst opened", () => {
  it("stay open through a quiet spell (a new one is a cold backend), and only those above the few kept always close after long", async () => {
    // This pool's backends, told apart from every other test's by their application name.
    const name = `clinora_pool_${process.pid}_${Date.now()}`;
    const url = new URL(adminPostgresUrl());
    url.searchParams.set("application_name", name);
    const counter = await openDatabase({ kind: "postgres", url: adminPostgresUrl(), maxConnections: 1 });
    // Taken before the fake clock replaces it: the waits below are real.
    const realSetTimeout = globalThis.setTimeout;
    const realPause = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));
    const backends = async () => {
      // A connection the pool closes ends its backend a moment later.
      await realPause(300);
      const [{ n }] = rowsOf<{ n: number }>(await counter.db.execute(sql`select count(*)::int as n from pg_stat_activity where application_name = ${name}`)) as [{ n: number }];
      return n;
    };
    // The pool's idle timers run on a fake clock; the connections and PostgreSQL stay real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const database = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 4 });
    try {
      // Four statements at once: the pool opens four connections.
      await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
      expect(await backends()).toBe(4);
      // A quiet minute (node-postgres' own default closed them after 10 s).
      vi.advanceTimersByTime(60_000);
      expect(await backends()).toBe(4);
      vi.advanceTimersByTime(POOL_IDLE_MS);
      expect(await backends()).toBe(POOL_KEEP_ALWAYS);
      // The kept ones still answer.
      const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`)) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      vi.useRealTimers();
      await database.close();
      await counter.close();
    }
  });
});
