import { describe, expect, it } from "vitest";
import { revealOrder, todayDayIndex } from "./today-in-view";

const month = ["2026-11-03", "2026-11-10", "2026-11-25", "2026-11-27"];

describe("today in the list of Compromissos", () => {
  it("stands for today with today's day, else the next day, else the last day of today's month", () => {
    expect(todayDayIndex(month, "2026-11-25")).toBe(2);
    expect(todayDayIndex(month, "2026-11-11")).toBe(2);
    expect(todayDayIndex(month, "2026-11-01")).toBe(0);
    expect(todayDayIndex(month, "2026-11-30")).toBe(3);
  });

  it("has no day for today in another month's list or an empty one", () => {
    expect(todayDayIndex(month, "2026-12-01")).toBe(-1);
    expect(todayDayIndex(month, "2026-10-31")).toBe(-1);
    expect(todayDayIndex([], "2026-11-25")).toBe(-1);
  });

  it("renders from today's day to the end, then the earlier days from the nearest back", () => {
    expect(revealOrder(5, 2)).toEqual([2, 3, 4, 1, 0]);
    expect(revealOrder(3, 0)).toEqual([0, 1, 2]);
    expect(revealOrder(3, -1)).toEqual([0, 1, 2]);
    expect(revealOrder(0, 0)).toEqual([]);
  });
});
