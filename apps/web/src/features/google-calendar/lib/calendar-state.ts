import type { CalendarStatus } from "@clinora/contracts";
import { isApiError } from "@/lib/api-client";

export type CalendarViewState = "loading" | "not_configured" | "unavailable" | "disconnected" | "connected";

/** docs/product/google-calendar.md §4: the screen recognises the server's "not configured" answer by these words. */
export function isNotConfiguredMessage(message: string | null | undefined): boolean {
  const text = message?.toLowerCase() ?? "";
  return text.includes("não está configurado") || text.includes("not configured");
}

/** docs/product/google-calendar.md §4 "Google Calendar": loading, then not configured, disconnected or connected. */
export function calendarViewState(status: CalendarStatus | undefined, error: unknown): CalendarViewState {
  if (error) {
    const message = isApiError(error) ? (error.detail ?? error.message) : error instanceof Error ? error.message : null;
    return isNotConfiguredMessage(message) ? "not_configured" : "unavailable";
  }
  if (!status) return "loading";
  return status.connected ? "connected" : "disconnected";
}
