import { describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { BUSY_MAX_AGE_MS, busyCacheUsable, busyWarning, subtractRanges, type BusyState } from "./calendar-busy";

const at = (hhmm: string) => new Date(`2026-05-04T${hhmm}:00Z`);
const r = (from: string, to: string) => ({ startsAt: at(from), endsAt: at(to) });

describe("subtractRanges", () => {
  it("cuts Clinora's own appointments out of merged busy times, keeping what is around them", () => {
    // A personal event 10:00-11:00 right after an appointment 09:00-10:00 comes back from freeBusy as one 09:00-11:00.
    expect(subtractRanges([r("09:00", "11:00")], [r("09:00", "10:00")])).toEqual([r("10:00", "11:00")]);
    expect(subtractRanges([r("09:00", "12:00")], [r("10:00", "10:30")])).toEqual([r("09:00", "10:00"), r("10:30", "12:00")]);
    expect(subtractRanges([r("09:00", "10:00")], [r("08:00", "11:00")])).toEqual([]);
    expect(subtractRanges([r("09:00", "10:00"), r("13:00", "14:00")], [])).toEqual([r("09:00", "10:00"), r("13:00", "14:00")]);
    expect(subtractRanges([r("09:00", "10:00"), r("09:30", "11:00")], [r("12:00", "13:00")])).toEqual([r("09:00", "11:00")]);
  });
});

describe("busy warning", () => {
  const now = at("12:00");
  const state = (overrides: Partial<BusyState> = {}): BusyState => ({
    status: "connected",
    busyCalendarIds: ["agenda@gmail.com"],
    busyFetchedAt: at("11:58"),
    busyCheckedAt: at("11:58"),
    busyError: null,
    ...overrides,
  });

  it("says nothing while every chosen calendar is read, or when none is chosen", () => {
    expect(busyWarning(state(), now)).toBeNull();
    expect(busyWarning(state({ busyCalendarIds: [], status: "error" }), now)).toBeNull();
    expect(busyWarning(null, now)).toBeNull();
  });

  it("keeps a recent read through a Google failure, then warns that only Clinora's agenda counts", () => {
    expect(busyWarning(state({ busyError: "unavailable" }), now)).toBeNull();
    expect(busyCacheUsable(state({ busyError: "unavailable" }), now)).toBe(true);
    const old = state({ busyError: "unavailable", busyFetchedAt: new Date(now.getTime() - BUSY_MAX_AGE_MS - 1) });
    expect(busyCacheUsable(old, now)).toBe(false);
    expect(busyWarning(old, now)).toBe(MSG.googleBusyUnavailable);
  });

  it("asks for a reconnection when the grant is gone, and names an unreadable calendar", () => {
    expect(busyWarning(state({ status: "error" }), now)).toBe(MSG.googleBusyNeedsReconnect);
    expect(busyWarning(state({ busyError: "needs_reconnect" }), now)).toBe(MSG.googleBusyNeedsReconnect);
    expect(busyCacheUsable(state({ busyError: "needs_reconnect" }), now)).toBe(false);
    expect(busyWarning(state({ busyError: "calendar_unreadable" }), now)).toBe(MSG.googleBusyCalendarUnreadable);
  });
});
