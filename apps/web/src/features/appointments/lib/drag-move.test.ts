import type { Appointment } from "@clinora/contracts";
import { describe, expect, it } from "vitest";
import { dayLanes, isMovable, movedBy, placementAfterKey, placementText, resizedBy, type Placement } from "./drag-move";

const week = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15"];
const tuesday1030: Placement = { date: "2026-03-10", start: 10 * 60 + 30, duration: 50 };

describe("moving an appointment in the week and the day timeline", () => {
  it("snaps a pointer move to 5 minutes and counts whole day columns", () => {
    expect(movedBy(tuesday1030, 12, 0, week)).toEqual({ ...tuesday1030, start: 10 * 60 + 40 });
    expect(movedBy(tuesday1030, -37.4, 2, week)).toEqual({ date: "2026-03-12", start: 9 * 60 + 55, duration: 50 });
  });

  it("keeps a pointer move inside the grid's hours and the week shown", () => {
    expect(movedBy(tuesday1030, -600, -5, week)).toEqual({ date: "2026-03-09", start: 8 * 60, duration: 50 });
    expect(movedBy(tuesday1030, 900, 9, week)).toEqual({ date: "2026-03-15", start: 20 * 60 - 50, duration: 50 });
  });

  it("resizes by the bottom edge in 5 minutes, between 15 and 180", () => {
    expect(resizedBy(tuesday1030, 22)).toEqual({ ...tuesday1030, duration: 70 });
    expect(resizedBy(tuesday1030, -100).duration).toBe(15);
    expect(resizedBy(tuesday1030, 500).duration).toBe(180);
  });

  it("moves by 15 minutes with up and down, by a day with left and right, and resizes with Shift", () => {
    expect(placementAfterKey(tuesday1030, "ArrowDown", false, week)).toEqual({ ...tuesday1030, start: 10 * 60 + 45 });
    expect(placementAfterKey(tuesday1030, "ArrowUp", false, week)).toEqual({ ...tuesday1030, start: 10 * 60 + 15 });
    expect(placementAfterKey(tuesday1030, "ArrowRight", false, week)).toEqual({ ...tuesday1030, date: "2026-03-11" });
    expect(placementAfterKey(tuesday1030, "ArrowLeft", false, week)).toEqual({ ...tuesday1030, date: "2026-03-09" });
    expect(placementAfterKey(tuesday1030, "ArrowDown", true, week)).toEqual({ ...tuesday1030, duration: 65 });
    expect(placementAfterKey({ ...tuesday1030, duration: 15 }, "ArrowUp", true, week)?.duration).toBe(15);
  });

  it("does not take left and right where there is no other day, nor other keys", () => {
    expect(placementAfterKey(tuesday1030, "ArrowLeft", false, ["2026-03-10"])).toBeNull();
    expect(placementAfterKey({ ...tuesday1030, date: "2026-03-15" }, "ArrowRight", false, week)).toBeNull();
    expect(placementAfterKey(tuesday1030, "Enter", false, week)).toBeNull();
  });

  it("says the new place as it is announced", () => {
    expect(placementText(tuesday1030)).toBe("terça, 10:30–11:20");
    expect(placementText({ date: "2026-03-14", start: 8 * 60, duration: 15 })).toBe("sábado, 08:00–08:15");
  });

  it("moves only what can still happen", () => {
    expect(isMovable({ status: "pending" })).toBe(true);
    expect(isMovable({ status: "confirmed" })).toBe(true);
    expect(isMovable({ status: "completed" })).toBe(false);
    expect(isMovable({ status: "cancelled" })).toBe(false);
  });

  it("puts overlapping blocks side by side and the others full width", () => {
    const at = (id: string, time: string, duration: number) => ({ id, appointment_time: time, duration }) as Appointment;
    const lanes = dayLanes([at("a", "09:00", 50), at("b", "09:30", 50), at("c", "10:10", 30), at("d", "11:00", 30)]);
    expect(lanes.get("a")).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get("b")).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get("c")).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get("d")).toEqual({ lane: 0, lanes: 1 });
  });
});
