import { describe, expect, it, vi } from "vitest";
import { pageWithTotal } from "./pagination";

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("a page and its total", () => {
  it("knows the total of a page that is not full without counting", async () => {
    const countAll = vi.fn(async () => 999);
    expect(await pageWithTotal({ limit: 10, offset: 20 }, async () => rowsOf(3), countAll)).toEqual({ rows: rowsOf(3), total: 23 });
    expect(await pageWithTotal({ limit: 10, offset: 0 }, async () => [], countAll)).toEqual({ rows: [], total: 0 });
    expect(countAll).not.toHaveBeenCalled();
  });

  it("counts when the page is full, since more rows may follow", async () => {
    expect(await pageWithTotal({ limit: 3, offset: 0 }, async () => rowsOf(3), async () => 7)).toEqual({ rows: rowsOf(3), total: 7 });
  });

  it("counts when a page past the last one comes back empty", async () => {
    expect(await pageWithTotal({ limit: 10, offset: 50 }, async () => [], async () => 12)).toEqual({ rows: [], total: 12 });
  });
});
