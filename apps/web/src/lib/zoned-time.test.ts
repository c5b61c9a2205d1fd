import { describe, expect, it } from "vitest";
import { formatLongDate, zonedNow } from "./zoned-time";

describe("zoned time", () => {
  it("reads the date and time in the given zone, not the machine's", () => {
    const justAfterMidnightUtc = new Date("2026-03-11T02:30:00Z");
    expect(zonedNow("America/Sao_Paulo", justAfterMidnightUtc)).toEqual({ date: "2026-03-10", time: "23:30" });
    expect(zonedNow("America/Noronha", justAfterMidnightUtc)).toEqual({ date: "2026-03-11", time: "00:30" });
  });

  it("writes a date in full Portuguese, capitalised", () => {
    expect(formatLongDate("2026-03-10")).toBe("Terça-feira, 10 de março de 2026");
  });
});
