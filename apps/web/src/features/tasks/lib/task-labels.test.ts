import { describe, expect, it } from "vitest";
import { dueBadgeOf } from "./task-labels";

const TODAY = "2026-03-10";
const open = (due_date: string | null) => ({ status: "todo" as const, due_date });

describe("dueBadgeOf", () => {
  it("shows nothing for done or undated tasks", () => {
    expect(dueBadgeOf({ status: "done", due_date: "2026-03-01" }, TODAY)).toBeNull();
    expect(dueBadgeOf(open(null), TODAY)).toBeNull();
  });

  it("marks past dates overdue and today's as Hoje", () => {
    expect(dueBadgeOf(open("2026-03-09"), TODAY)).toEqual({ label: "Vencida", tone: "danger" });
    expect(dueBadgeOf({ status: "in_progress", due_date: TODAY }, TODAY)).toEqual({ label: "Hoje", tone: "warning" });
  });

  it("shows dd/MM in blue up to 3 days ahead, then in grey", () => {
    expect(dueBadgeOf(open("2026-03-13"), TODAY)).toEqual({ label: "13/03", tone: "info" });
    expect(dueBadgeOf(open("2026-03-14"), TODAY)).toEqual({ label: "14/03", tone: "neutral" });
  });
});
