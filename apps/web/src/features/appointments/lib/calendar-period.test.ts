import { describe, expect, it } from "vitest";
import { monthWeeks, periodLabel, periodOf, shiftAnchor, TIMELINE_HOURS, weekDates } from "./calendar-period";

describe("calendar periods", () => {
  it("covers a day, a Monday-to-Sunday week or a month", () => {
    expect(periodOf("timeline", "2026-03-11")).toEqual({ from: "2026-03-11", to: "2026-03-11" });
    expect(periodOf("week", "2026-03-15")).toEqual({ from: "2026-03-09", to: "2026-03-15" }); // a Sunday
    expect(periodOf("month", "2026-02-10")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodOf("list", "2026-02-10")).toEqual(periodOf("month", "2026-02-10"));
  });

  it("steps by a day, a week or a month", () => {
    expect(shiftAnchor("timeline", "2026-02-28", 1)).toBe("2026-03-01");
    expect(shiftAnchor("week", "2026-03-11", -1)).toBe("2026-03-04");
    expect(shiftAnchor("month", "2026-01-31", 1)).toBe("2026-02-28");
  });

  it("names the period in Portuguese", () => {
    expect(periodLabel("timeline", "2026-03-10")).toBe("Terça-feira, 10 de março de 2026");
    expect(periodLabel("week", "2026-03-11")).toBe("9 a 15 de mar de 2026");
    expect(periodLabel("week", "2026-04-01")).toBe("30 de mar a 5 de abr de 2026");
    expect(periodLabel("month", "2026-03-11")).toBe("Março de 2026");
  });

  it("lays out weeks starting on Monday", () => {
    expect(weekDates("2026-03-11")).toEqual(["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15"]);
    const march = monthWeeks("2026-03-20");
    expect(march[0]![0]).toBe("2026-02-23");
    expect(march.at(-1)!.at(-1)).toBe("2026-04-05");
    expect(march.every((week) => week.length === 7)).toBe(true);
  });

  it("has twelve hourly timeline rows from 08:00 to 19:00", () => {
    expect(TIMELINE_HOURS).toHaveLength(12);
    expect([TIMELINE_HOURS[0], TIMELINE_HOURS.at(-1)]).toEqual([8, 19]);
  });
});
