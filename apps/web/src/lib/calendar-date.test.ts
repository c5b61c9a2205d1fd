import { describe, expect, it } from "vitest";
import { daysBetween, todayInTimeZone } from "./calendar-date";

describe("todayInTimeZone", () => {
  it("answers the zone's date, not the UTC one, near midnight", () => {
    const lateEvening = new Date("2026-03-11T01:30:00Z");
    expect(todayInTimeZone("America/Sao_Paulo", lateEvening)).toBe("2026-03-10");
    expect(todayInTimeZone("UTC", lateEvening)).toBe("2026-03-11");
  });
});

describe("daysBetween", () => {
  it("counts calendar days both ways, across month ends", () => {
    expect(daysBetween("2026-02-27", "2026-03-02")).toBe(3);
    expect(daysBetween("2026-03-10", "2026-03-10")).toBe(0);
    expect(daysBetween("2026-03-10", "2026-03-09")).toBe(-1);
  });
});
