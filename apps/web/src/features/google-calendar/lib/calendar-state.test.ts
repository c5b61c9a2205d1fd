import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { calendarViewState, isNotConfiguredMessage } from "./calendar-state";

const status = (connected: boolean) => ({ connected, timezone: "UTC", last_synced_at: null, status: null, account_email: null, last_error: null, busy_calendar_ids: [], busy_fetched_at: null, busy_warning: null });

describe("Google Calendar view state", () => {
  it("recognises the 'not configured' answer in Portuguese or English", () => {
    expect(isNotConfiguredMessage("Google Calendar não está configurado no servidor.")).toBe(true);
    expect(isNotConfiguredMessage("Google Calendar is NOT CONFIGURED")).toBe(true);
    expect(isNotConfiguredMessage("Erro interno do servidor")).toBe(false);
    expect(isNotConfiguredMessage(null)).toBe(false);
  });

  it("goes from loading to not configured, unavailable, disconnected or connected", () => {
    expect(calendarViewState(undefined, null)).toBe("loading");
    const notConfigured = new ApiError("Google Calendar não está configurado no servidor.", { kind: "http", status: 503, detail: "Google Calendar não está configurado no servidor." });
    expect(calendarViewState(undefined, notConfigured)).toBe("not_configured");
    expect(calendarViewState(undefined, new ApiError("An error occurred", { kind: "http", status: 500 }))).toBe("unavailable");
    expect(calendarViewState(status(false), null)).toBe("disconnected");
    expect(calendarViewState(status(true), null)).toBe("connected");
  });
});
