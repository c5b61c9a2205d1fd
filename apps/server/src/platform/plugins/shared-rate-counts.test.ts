import { describe, expect, it } from "vitest";
import type { HitCount, HitTotal } from "./rate-limit-store";
import { SharedRateCounts } from "./shared-rate-counts";

const MINUTE = 60_000;
/** 2026-03-02T12:00:00Z, the start of a minute window. */
const T0 = Date.UTC(2026, 2, 2, 12, 0, 0);

/** The shared table as a map, with what each process reported and which windows were pruned. */
function sharedTable() {
  const rows = new Map<string, { count: HitCount; total: number }>();
  const reports: HitCount[][] = [];
  const prunes: number[] = [];
  let failNext = false;
  return {
    reports,
    prunes,
    rows,
    failOnce() {
      failNext = true;
    },
    async report(counts: HitCount[]): Promise<HitTotal[]> {
      if (failNext) {
        failNext = false;
        throw new Error("connection lost");
      }
      reports.push(counts);
      return counts.map((c) => {
        const key = `${c.scope}|${c.client}|${c.windowStart}`;
        const row = rows.get(key) ?? { count: c, total: 0 };
        row.total += c.hits;
        rows.set(key, row);
        return { scope: c.scope, client: c.client, windowStart: c.windowStart, total: row.total };
      });
    },
    async prune(before: Date) {
      prunes.push(before.getTime());
      for (const [key, row] of rows) if (row.count.windowStart + row.count.windowMs < before.getTime()) rows.delete(key);
    },
  };
}

function instance(table: ReturnType<typeof sharedTable>, clock: { now: number }) {
  return new SharedRateCounts({ now: () => clock.now, report: (c) => table.report(c), prune: (b) => table.prune(b) });
}

describe("SharedRateCounts", () => {
  it("counts in memory within a fixed window and tells the time left in it", () => {
    const clock = { now: T0 + 15_000 };
    const api = instance(sharedTable(), clock).scope("api");
    expect(api("10.0.0.1", MINUTE)).toEqual({ current: 1, ttl: 45_000 });
    expect(api("10.0.0.1", MINUTE)).toEqual({ current: 2, ttl: 45_000 });
    expect(api("10.0.0.2", MINUTE).current).toBe(1);
    clock.now = T0 + MINUTE;
    expect(api("10.0.0.1", MINUTE)).toEqual({ current: 1, ttl: MINUTE });
  });

  it("keeps each scope's counts apart", () => {
    const counts = instance(sharedTable(), { now: T0 });
    const api = counts.scope("api");
    const route = counts.scope("GET /api/public/chat/thread");
    api("10.0.0.1", MINUTE);
    api("10.0.0.1", MINUTE);
    expect(route("10.0.0.1", MINUTE).current).toBe(1);
    expect(counts.scope("api")("10.0.0.1", MINUTE).current).toBe(3);
  });

  it("after a sync, answers from the total across processes plus what it counted since", async () => {
    const table = sharedTable();
    const clock = { now: T0 + 1000 };
    const a = instance(table, clock);
    const b = instance(table, clock);
    for (let i = 0; i < 3; i++) a.scope("api")("10.0.0.1", MINUTE);
    for (let i = 0; i < 2; i++) b.scope("api")("10.0.0.1", MINUTE);
    await a.sync();
    await b.sync();
    expect(table.reports).toEqual([
      [{ scope: "api", client: "10.0.0.1", windowStart: T0, windowMs: MINUTE, hits: 3 }],
      [{ scope: "api", client: "10.0.0.1", windowStart: T0, windowMs: MINUTE, hits: 2 }],
    ]);
    // b learned the total of 5; a still knows 3 until its next report.
    expect(b.scope("api")("10.0.0.1", MINUTE).current).toBe(6);
    expect(a.scope("api")("10.0.0.1", MINUTE).current).toBe(4);
    await a.sync();
    expect(a.scope("api")("10.0.0.1", MINUTE).current).toBe(7);
  });

  it("reports only what was counted since the last report, and nothing when nothing was", async () => {
    const table = sharedTable();
    const counts = instance(table, { now: T0 });
    const api = counts.scope("api");
    api("10.0.0.1", MINUTE);
    await counts.sync();
    await counts.sync();
    api("10.0.0.1", MINUTE);
    await counts.sync();
    expect(table.reports.map((r) => r.map((c) => c.hits))).toEqual([[1], [1]]);
    expect(table.rows.get(`api|10.0.0.1|${T0}`)!.total).toBe(2);
  });

  it("keeps the counts of a failed report for the next one", async () => {
    const table = sharedTable();
    const counts = instance(table, { now: T0 });
    const api = counts.scope("api");
    api("10.0.0.1", MINUTE);
    api("10.0.0.1", MINUTE);
    table.failOnce();
    await expect(counts.sync()).rejects.toThrow("connection lost");
    expect(api("10.0.0.1", MINUTE).current).toBe(3);
    await counts.sync();
    expect(table.reports).toEqual([[{ scope: "api", client: "10.0.0.1", windowStart: T0, windowMs: MINUTE, hits: 3 }]]);
    expect(api("10.0.0.1", MINUTE).current).toBe(4);
  });

  it("forgets ended windows without reporting them, and prunes at most once a minute, only after writing rows", async () => {
    const table = sharedTable();
    const clock = { now: T0 };
    const counts = instance(table, clock);
    const api = counts.scope("api");
    api("10.0.0.1", MINUTE);
    await counts.sync();
    expect(table.prunes).toEqual([T0 - MINUTE]);
    clock.now = T0 + 30_000;
    api("10.0.0.1", MINUTE);
    await counts.sync();
    expect(table.prunes).toHaveLength(1);
    api("10.0.0.1", MINUTE);

    clock.now = T0 + MINUTE + 10;
    await counts.sync();
    // The last request belonged to a window that has ended: not reported.
    expect(table.reports.map((r) => r.map((c) => c.hits))).toEqual([[1], [1]]);
    expect(table.prunes).toEqual([T0 - MINUTE, T0 + 10]);

    // Nothing written since: an idle process sends nothing, however long it waits.
    clock.now = T0 + 5 * MINUTE;
    await counts.sync();
    expect(table.prunes).toHaveLength(2);
    expect(api("10.0.0.1", MINUTE).current).toBe(1);
  });

  it("runs overlapping syncs one after the other, so no count is reported twice", async () => {
    const table = sharedTable();
    const counts = instance(table, { now: T0 });
    const api = counts.scope("api");
    for (let i = 0; i < 4; i++) api("10.0.0.1", MINUTE);
    await Promise.all([counts.sync(), counts.sync()]);
    expect(table.reports.flat().map((c) => c.hits)).toEqual([4]);
    expect(api("10.0.0.1", MINUTE).current).toBe(5);
  });
});
