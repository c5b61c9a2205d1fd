import { describe, expect, it } from "vitest";
import { isoInstant } from "./rows";

describe("isoInstant", () => {
  it("writes exactly what toISOString writes", () => {
    const dates = [
      new Date("2026-11-22T00:00:00.000Z"),
      new Date("2026-01-05T09:07:03.005Z"),
      new Date("2026-12-31T23:59:59.999Z"),
      new Date("1999-06-15T12:30:45.050Z"),
      new Date("0999-01-01T00:00:00.000Z"),
      new Date("+010000-01-01T00:00:00.000Z"),
      new Date(-1),
    ];
    for (let i = 0; i < 2000; i++) dates.push(new Date(Math.floor(Math.random() * 4_102_444_800_000)));
    for (const d of dates) expect(isoInstant(d)).toBe(d.toISOString());
  });
});
