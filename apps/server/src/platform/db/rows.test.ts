import { describe, expect, it } from "vitest";
import { isoFromPostgres, isoInstant } from "./rows";

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

describe("isoFromPostgres", () => {
  it("writes what isoInstant writes of the Date PostgreSQL's text stands for", () => {
    const texts = [
      "2026-11-24 13:05:00+00",
      "2026-11-24 13:05:00.1+00",
      "2026-11-24 13:05:00.12+00",
      "2026-11-24 13:05:00.123+00",
      "2026-11-24 13:05:00.1239+00",
      "2026-11-24 13:05:00.999999+00",
      "0999-01-01 00:00:00+00",
      // Other offsets and forms go through Date.
      "2026-11-24 10:05:00-03",
      "2026-11-24 18:35:00.5+05:30",
    ];
    for (let i = 0; i < 2000; i++) {
      const d = new Date(Math.floor(Math.random() * 4_102_444_800_000));
      const micro = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0").replace(/0+$/, "");
      texts.push(`${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)}${micro ? `.${micro}` : ""}+00`);
    }
    for (const text of texts) expect(isoFromPostgres(text), text).toBe(isoInstant(new Date(text)));
    expect(isoFromPostgres("2026-11-24 10:05:00-03")).toBe("2026-11-24T13:05:00.000Z");
  });

  it("refuses what is not an instant, as Date does", () => {
    expect(() => isoFromPostgres("infinity")).toThrow(RangeError);
  });
});
