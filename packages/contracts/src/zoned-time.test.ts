import { describe, expect, it } from "vitest";
import { addDays, localToInstant, minutesOfDay, timeOfDay, toLocal, todayIn, weekdayOf } from "./zoned-time";

describe("time in a professional's zone", () => {
  it("today differs from UTC's date just after midnight UTC", () => {
    const now = new Date("2026-03-11T02:30:00Z"); // 23:30 on the 10th in São Paulo (UTC-3)
    expect(todayIn("America/Sao_Paulo", now)).toBe("2026-03-10");
    expect(todayIn("America/Manaus", now)).toBe("2026-03-10"); // UTC-4
    expect(todayIn("America/Noronha", now)).toBe("2026-03-11"); // UTC-2: already 00:30
    expect(todayIn("UTC", now)).toBe("2026-03-11");
  });

  it("reads the wall-clock date and time in the given zone, not the machine's", () => {
    const justAfterMidnightUtc = new Date("2026-03-11T02:30:00Z");
    expect(toLocal(justAfterMidnightUtc, "America/Sao_Paulo")).toEqual({ date: "2026-03-10", time: "23:30", weekday: 2 });
    expect(toLocal(justAfterMidnightUtc, "America/Noronha")).toEqual({ date: "2026-03-11", time: "00:30", weekday: 3 });
  });

  it("answers each zone and each second on its own, however the calls alternate", () => {
    const lastOfMinute = new Date("2026-03-11T02:59:59.999Z");
    const nextMinute = new Date("2026-03-11T03:00:00.000Z");
    for (let round = 0; round < 2; round++) {
      expect(toLocal(lastOfMinute, "America/Sao_Paulo").time).toBe("23:59");
      expect(toLocal(new Date("2026-03-11T02:59:59.001Z"), "America/Sao_Paulo").time).toBe("23:59");
      expect(toLocal(nextMinute, "America/Sao_Paulo")).toEqual({ date: "2026-03-11", time: "00:00", weekday: 3 });
      expect(toLocal(nextMinute, "America/Noronha").time).toBe("01:00");
      // Before 1914 São Paulo kept local mean time, 3:06:28 behind UTC: minutes turn at :28 seconds past UTC's.
      expect(toLocal(new Date("1900-01-01T03:07:27.900Z"), "America/Sao_Paulo").time).toBe("00:00");
      expect(toLocal(new Date("1900-01-01T03:07:28.100Z"), "America/Sao_Paulo").time).toBe("00:01");
    }
    const answer = toLocal(nextMinute, "UTC");
    answer.time = "changed";
    expect(toLocal(nextMinute, "UTC").time).toBe("03:00");
  });

  it("converts local wall-clock time to the instant and back", () => {
    const instant = localToInstant("2026-03-10", "09:30", "America/Sao_Paulo");
    expect(instant.toISOString()).toBe("2026-03-10T12:30:00.000Z");
    expect(toLocal(instant, "America/Sao_Paulo")).toEqual({ date: "2026-03-10", time: "09:30", weekday: 2 });
    expect(localToInstant("2026-03-10", "09:30:00", "America/Rio_Branco").toISOString()).toBe("2026-03-10T14:30:00.000Z");
  });

  it("handles a zone that observed daylight saving time (São Paulo, 2018)", () => {
    // DST in force on 2018-12-01 (UTC-2), not on 2018-06-01 (UTC-3).
    expect(localToInstant("2018-12-01", "10:00", "America/Sao_Paulo").toISOString()).toBe("2018-12-01T12:00:00.000Z");
    expect(localToInstant("2018-06-01", "10:00", "America/Sao_Paulo").toISOString()).toBe("2018-06-01T13:00:00.000Z");
  });

  it("does calendar arithmetic on dates", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(weekdayOf("2026-03-09")).toBe(1); // Monday
  });

  it("converts times of day to minutes and back", () => {
    expect(minutesOfDay("09:30")).toBe(570);
    expect(minutesOfDay("18:00:00")).toBe(1080);
    expect(timeOfDay(570)).toBe("09:30");
    expect(timeOfDay(0)).toBe("00:00");
  });
});
