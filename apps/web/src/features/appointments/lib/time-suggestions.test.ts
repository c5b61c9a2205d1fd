import { describe, expect, it } from "vitest";
import { clashOf, nearestFreeTimes, quickTimes, timeWarning } from "./time-suggestions";

const slot = (time: string, available = true) => ({ time, available });

describe("the time field's suggestions", () => {
  const slots = [slot("08:00", false), slot("08:50", false), slot("09:20"), slot("09:40"), slot("10:30"), slot("11:20"), slot("13:00"), slot("13:50"), slot("14:40")];

  it("offers up to six of the free times nearest the chosen one, in time order", () => {
    expect(nearestFreeTimes(slots, "08:50")).toEqual(["09:20", "09:40", "10:30", "11:20", "13:00", "13:50"]);
    expect(nearestFreeTimes(slots, "13:30", 3)).toEqual(["13:00", "13:50", "14:40"]);
    expect(nearestFreeTimes(slots, "")).toEqual(["09:20", "09:40", "10:30", "11:20", "13:00", "13:50"]);
    expect(nearestFreeTimes([slot("08:00", false)], "08:00")).toEqual([]);
  });

  it("finds the appointment a time would overlap, for its length", () => {
    const busy = [{ start: "08:30", end: "09:20" }];
    expect(clashOf("08:00", 50, busy)).toEqual(busy[0]);
    expect(clashOf("08:00", 30, busy)).toBeNull();
    expect(clashOf("09:20", 50, busy)).toBeNull();
    expect(clashOf("9:", 50, busy)).toBeNull();
  });

  it("makes the quick picks from her hours, skipping times already past today", () => {
    const hours = { start: "13:00", end: "19:00" };
    expect(quickTimes(hours, 50, { isToday: false, nowTime: "15:10" })).toEqual(["13:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
    expect(quickTimes(hours, 90, { isToday: true, nowTime: "15:10" })).toEqual(["16:00", "17:00"]);
    expect(quickTimes(null, 50, { isToday: false, nowTime: "10:00" })).toEqual([]);
  });

  it("asks before saving a past time or one outside her hours", () => {
    const hours = { start: "08:00", end: "12:00" };
    const now = { date: "2026-03-10", time: "10:00" };
    expect(timeWarning("2026-03-10", "09:00", 50, hours, now)).toBe("past");
    expect(timeWarning("2026-03-09", "11:00", 50, hours, now)).toBe("past");
    expect(timeWarning("2026-03-10", "10:30", 50, hours, now)).toBeNull();
    expect(timeWarning("2026-03-10", "11:30", 50, hours, now)).toBe("outside_hours");
    expect(timeWarning("2026-03-11", "07:30", 50, hours, now)).toBe("outside_hours");
    expect(timeWarning("2026-03-14", "09:00", 50, null, now)).toBe("outside_hours");
    expect(timeWarning("2026-03-11", "09:00", 50, undefined, now)).toBeNull();
  });
});
