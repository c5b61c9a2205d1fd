import { describe, expect, it } from "vitest";
import { monthGrid, moveCursor, shiftMonths } from "./calendar-month";

describe("calendar month", () => {
  it("lays a month out in whole weeks from Monday", () => {
    const weeks = monthGrid("2026-11-25");
    expect(weeks[0]![0]).toBe("2026-10-26");
    expect(weeks.at(-1)!.at(-1)).toBe("2026-12-06");
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat()).toContain("2026-11-30");
  });

  it("moves the cursor by day, week, month, year and to the week's ends", () => {
    expect(moveCursor("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(moveCursor("2026-11-01", "ArrowLeft")).toBe("2026-10-31");
    expect(moveCursor("2026-11-25", "ArrowUp")).toBe("2026-11-18");
    expect(moveCursor("2026-11-25", "ArrowDown")).toBe("2026-12-02");
    expect(moveCursor("2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(moveCursor("2026-11-25", "PageUp", true)).toBe("2025-11-25");
    expect(moveCursor("2026-11-25", "Home")).toBe("2026-11-23");
    expect(moveCursor("2026-11-25", "End")).toBe("2026-11-29");
    expect(moveCursor("2026-11-25", "Enter")).toBeNull();
  });

  it("shifts by months, keeping the day when the month has it", () => {
    expect(shiftMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(shiftMonths("2026-03-15", -1)).toBe("2026-02-15");
  });
});
