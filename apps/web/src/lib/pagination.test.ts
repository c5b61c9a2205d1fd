import { describe, expect, it } from "vitest";
import { pageCount } from "./pagination";

describe("pageCount", () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [40, 20, 2],
    [41, 20, 3],
    [1000, 100, 10],
  ])("%i records at %i per page make %i page(s)", (total, perPage, expected) => {
    expect(pageCount(total, perPage)).toBe(expected);
  });

  it("answers 1 page for a missing or nonsensical page size", () => {
    expect(pageCount(50, 0)).toBe(1);
    expect(pageCount(50, Number.NaN)).toBe(1);
  });
});
