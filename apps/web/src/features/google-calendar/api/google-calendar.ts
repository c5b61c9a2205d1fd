import { MSG, type CalendarAuthStart, type CalendarStatus, type CalendarSyncResult, type GoogleCalendarChoices } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export const googleCalendarKeys = {
  all: ["google-calendar"] as const,
  status: () => ["google-calendar", "status"] as const,
  calendars: () => ["google-calendar", "calendars"] as const,
};

export function fetchCalendarStatus(signal?: AbortSignal) {
  return api.get<CalendarStatus>("/google-calendar/status", { signal });
}

export function calendarStatusQueryOptions() {
  return queryOptions({
    queryKey: googleCalendarKeys.status(),
    queryFn: ({ signal }) => fetchCalendarStatus(signal),
    // "Not configured" is an answer, not a glitch: asking again would only delay the screen.
    retry: false,
  });
}

export const useCalendarStatus = () => useQuery(calendarStatusQueryOptions());

/** Asks the server for Google's consent page and sends the browser there (docs/product/google-calendar.md §7). */
export const useConnectCalendar = () =>
  useResourceMutation({
    mutationFn: () => api.get<CalendarAuthStart>("/google-calendar/auth"),
    onSuccess: ({ authorization_url }) => {
      if (authorization_url) window.location.assign(authorization_url);
      else toast.error(MSG.googleCalendarStartError);
    },
    failure: serverDetailOr(MSG.googleCalendarConnectError),
  });

/** docs/product/google-calendar.md §8 "Sync": the count of updated appointments, nothing to do, or some left behind. */
export const useSyncCalendar = () =>
  useResourceMutation({
    mutationFn: () => api.post<CalendarSyncResult>("/google-calendar/sync"),
    onSuccess: ({ synced, errors }) => {
      if (synced > 0) toast.success(MSG.googleCalendarSynced(synced));
      else if (errors.length === 0) toast.info(MSG.googleCalendarNothingToSync);
      if (errors.length > 0) toast.warning(MSG.googleCalendarPartialSync, { description: errors.slice(0, 3).join(" · ") });
    },
    failure: (error) => toast.error(serverDetail(error) ?? MSG.googleCalendarSyncError),
    invalidates: [googleCalendarKeys.status()],
    // A 409 "reconnect" means the connection changed state: show it.
    refreshesAfterFailure: [googleCalendarKeys.status()],
  });

/** The connected account's calendars and which of them block times (only asked while connected). */
export const useGoogleCalendars = (enabled: boolean) =>
  useQuery({
    queryKey: googleCalendarKeys.calendars(),
    queryFn: ({ signal }) => api.get<GoogleCalendarChoices>("/google-calendar/calendars", { signal }),
    enabled,
    retry: false,
  });

/** Saves which calendars' busy times block times; the list and the status (warning, last read) follow. */
export const useSaveBusyCalendars = () =>
  useResourceMutation({
    mutationFn: (calendarIds: string[]) => api.put<GoogleCalendarChoices>("/google-calendar/busy-calendars", { calendar_ids: calendarIds }),
    onSuccess: (choices, _ids, queryClient) => queryClient.setQueryData(googleCalendarKeys.calendars(), choices),
    success: MSG.googleBusySaved,
    failure: (error) => toast.error(serverDetail(error) ?? MSG.googleBusySaveError),
    invalidates: [googleCalendarKeys.status()],
    // A 409 "reconnect" means the connection changed state: show it, with the busy-times warning.
    refreshesAfterFailure: [googleCalendarKeys.status()],
  });

export const useDisconnectCalendar = () =>
  useResourceMutation({
    mutationFn: () => api.delete("/google-calendar/disconnect"),
    onSuccess: (_answer, _none, queryClient) => queryClient.removeQueries({ queryKey: googleCalendarKeys.calendars() }),
    success: MSG.googleCalendarDisconnected,
    failure: serverDetailOr(MSG.googleCalendarDisconnectError),
    invalidates: [googleCalendarKeys.status()],
  });
