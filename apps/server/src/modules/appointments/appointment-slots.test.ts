import { describe, expect, it } from "vitest";
import { localToInstant } from "@clinora/contracts/zoned-time";
import { daySlots, type BusinessHours } from "./appointment-slots";

const SAO_PAULO: BusinessHours = { days: [1, 2, 3, 4, 5], start: "08:00", end: "12:00", timeZone: "America/Sao_Paulo" };
const LONG_AGO = new Date("2000-01-01T00:00:00Z");

describe("the slots of one day", () => {
  it("steps by the duration from opening while a whole slot fits before closing", () => {
    const slots = daySlots({ date: "2026-03-10", duration: 50, hours: SAO_PAULO, busy: [], now: LONG_AGO });
    expect(slots.map((s) => s.time)).toEqual(["08:00", "08:50", "09:40", "10:30"]);
    expect(slots.every((s) => s.available)).toBe(true);
  });

  it("marks the slots a busy range overlaps, and those already started", () => {
    const busy = [{ startsAt: new Date("2026-03-10T12:10:00Z"), endsAt: new Date("2026-03-10T12:40:00Z") }]; // 09:10-09:40 local
    const now = new Date("2026-03-10T11:55:00Z"); // 08:55 local: the 08:50 slot has started
    const slots = daySlots({ date: "2026-03-10", duration: 50, hours: SAO_PAULO, busy, now });
    expect(slots).toEqual([
      { time: "08:00", available: false },
      { time: "08:50", available: false },
      { time: "09:40", available: true },
      { time: "10:30", available: true },
    ]);
  });

  it("offers the real gaps: a free time where a busy range ends off the grid, rounded up to 5 minutes", () => {
    // 08:30-09:20 and a Google busy time 10:00-10:07 local: the grid's 08:00, 08:50 and 09:40 are taken.
    const busy = [
      { startsAt: new Date("2026-03-10T11:30:00Z"), endsAt: new Date("2026-03-10T12:20:00Z") },
      { startsAt: new Date("2026-03-10T13:00:00Z"), endsAt: new Date("2026-03-10T13:07:00Z") },
    ];
    const slots = daySlots({ date: "2026-03-10", duration: 50, hours: SAO_PAULO, busy, now: LONG_AGO });
    expect(slots).toEqual([
      { time: "08:00", available: false },
      { time: "08:50", available: false },
      { time: "09:40", available: false },
      { time: "10:10", available: true },
      { time: "10:30", available: true },
    ]);
    // 09:20 is no gap for 50 minutes (10:00 is busy), but is for 40.
    expect(daySlots({ date: "2026-03-10", duration: 40, hours: SAO_PAULO, busy, now: LONG_AGO }).filter((s) => s.available).map((s) => s.time)).toEqual([
      "09:20",
      "10:10",
      "10:40",
      "11:20",
    ]);
  });

  it("has no slots on a day outside the working week", () => {
    expect(daySlots({ date: "2026-03-08", duration: 50, hours: SAO_PAULO, busy: [], now: LONG_AGO })).toEqual([]); // a Sunday
  });

  it("places each slot at its own offset on the day the zone changes it", () => {
    // New York moves from UTC-5 to UTC-4 at 02:00 on 2026-03-08.
    const hours: BusinessHours = { days: [0], start: "00:00", end: "04:00", timeZone: "America/New_York" };
    const busy = [{ startsAt: new Date("2026-03-08T07:00:00Z"), endsAt: new Date("2026-03-08T07:30:00Z") }]; // 03:00 EDT
    const slots = daySlots({ date: "2026-03-08", duration: 60, hours, busy, now: LONG_AGO });
    expect(slots.map((s) => s.time)).toEqual(["00:00", "01:00", "02:00", "03:00"]);
    expect(slots.find((s) => s.time === "03:00")?.available).toBe(false);
    expect(slots.find((s) => s.time === "01:00")?.available).toBe(true);
    expect(localToInstant("2026-03-08", "03:00", "America/New_York").toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });
});
