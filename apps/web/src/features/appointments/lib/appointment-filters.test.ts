import { describe, expect, it } from "vitest";
import type { AppointmentStatus } from "@clinora/contracts";
import { applyStatusFilter, groupByDate, startingInHour, summarize } from "./appointment-filters";

const item = (status: AppointmentStatus, appointment_date = "2026-03-10", appointment_time = "09:00") => ({ status, appointment_date, appointment_time });
const items = [item("pending"), item("confirmed"), item("completed"), item("cancelled"), item("pending")];

describe("appointment filters", () => {
  it("hides cancelled appointments under 'all' and shows them only when asked", () => {
    expect(applyStatusFilter(items, "all").map((a) => a.status)).toEqual(["pending", "confirmed", "completed", "pending"]);
    expect(applyStatusFilter(items, "cancelled").map((a) => a.status)).toEqual(["cancelled"]);
    expect(applyStatusFilter(items, "pending")).toHaveLength(2);
  });

  it("counts the summary cards, the total without cancelled", () => {
    expect(summarize(items)).toEqual({ total: 4, pending: 2, confirmed: 1, completed: 1 });
  });

  it("groups by date and picks the appointments of a timeline hour", () => {
    const days = groupByDate([item("pending", "2026-03-10"), item("pending", "2026-03-11"), item("confirmed", "2026-03-10")]);
    expect([...days.keys()]).toEqual(["2026-03-10", "2026-03-11"]);
    expect(days.get("2026-03-10")).toHaveLength(2);
    const hours = [item("pending", "d", "08:59"), item("pending", "d", "09:00"), item("pending", "d", "19:30")];
    expect(startingInHour(hours, 8)).toHaveLength(1);
    expect(startingInHour(hours, 19)).toEqual([hours[2]]);
  });
});
