import type { Appointment } from "@clinora/contracts";
import { describe, expect, it } from "vitest";
import {
  dayLanes,
  isMovable,
  movedBy,
  moveWarning,
  placementAfterKey,
  placementText,
  resizedBy,
  sidewaysStopText,
  type Placement,
} from "./drag-move";

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

  it("says plainly that left and right stop at the week's edges and in the one-day timeline", () => {
    expect(sidewaysStopText({ ...tuesday1030, date: "2026-03-09" }, "ArrowLeft", week)).toMatch(/^Início da semana: não dá para mover para a semana anterior/);
    expect(sidewaysStopText({ ...tuesday1030, date: "2026-03-15" }, "ArrowRight", week)).toMatch(/^Fim da semana: não dá para mover para a próxima semana/);
    expect(sidewaysStopText(tuesday1030, "ArrowLeft", week)).toBeNull();
    expect(sidewaysStopText({ ...tuesday1030, date: "2026-03-15" }, "ArrowLeft", week)).toBeNull();
    expect(sidewaysStopText(tuesday1030, "ArrowRight", ["2026-03-10"])).toMatch(/muda só de horário/);
    expect(sidewaysStopText(tuesday1030, "ArrowDown", week)).toBeNull();
  });
});

describe("the question before a move, as the dialog asks it", () => {
  const hours = { start: "08:00", end: "18:00" };
  // Her "now": Tuesday 10 March 2026, 12:00 in her zone.
  const now = { date: "2026-03-10", time: "12:00" };
  const wednesday1030: Placement = { date: "2026-03-11", start: 10 * 60 + 30, duration: 50 };

  it("asks nothing for a move to a later time inside her hours", () => {
    expect(moveWarning(wednesday1030, { ...wednesday1030, start: 14 * 60 }, hours, now)).toBeNull();
    expect(moveWarning(wednesday1030, { ...wednesday1030, start: 17 * 60 + 10 }, hours, now)).toBeNull();
  });

  it("asks when the new start has passed, earlier today or on a past day", () => {
    expect(moveWarning(wednesday1030, { ...tuesday1030, start: 11 * 60 }, hours, now)).toBe("past");
    expect(moveWarning(wednesday1030, { ...wednesday1030, date: "2026-03-09" }, hours, now)).toBe("past");
    expect(moveWarning(wednesday1030, { ...tuesday1030, start: 12 * 60 }, hours, now)).toBeNull();
  });

  it("asks when the new time starts before her hours, ends after them or falls on her day off", () => {
    expect(moveWarning(wednesday1030, { ...wednesday1030, start: 7 * 60 + 30 }, hours, now)).toBe("outside_hours");
    expect(moveWarning(wednesday1030, { ...wednesday1030, start: 17 * 60 + 15 }, hours, now)).toBe("outside_hours");
    expect(moveWarning(wednesday1030, { ...wednesday1030, date: "2026-03-15" }, null, now)).toBe("outside_hours");
  });

  it("checks only the past when her hours on that date are not known", () => {
    expect(moveWarning(wednesday1030, { ...wednesday1030, start: 7 * 60 }, undefined, now)).toBeNull();
    expect(moveWarning(wednesday1030, { ...tuesday1030, start: 9 * 60 }, undefined, now)).toBe("past");
  });

  it("asks on a change of length only when it makes the appointment run past her hours", () => {
    const late: Placement = { ...wednesday1030, start: 17 * 60 };
    expect(moveWarning(late, { ...late, duration: 60 }, hours, now)).toBeNull();
    expect(moveWarning(late, { ...late, duration: 75 }, hours, now)).toBe("outside_hours");
    // Already running past her hours: making it longer asks nothing new.
    expect(moveWarning({ ...late, duration: 75 }, { ...late, duration: 90 }, hours, now)).toBeNull();
    // A past appointment keeps its start: its length is a record, not a new time.
    expect(moveWarning({ ...tuesday1030, start: 9 * 60 }, { ...tuesday1030, start: 9 * 60, duration: 80 }, hours, now)).toBeNull();
  });
});
