import { MSG, type CalendarAuthStart, type CalendarFeed, type CalendarStatus, type CalendarSyncResult, type GoogleCalendarChoices } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export const calendarKeys = { status: ["google-calendar", "status"] as const, calendars: ["google-calendar", "calendars"] as const };

export function fetchCalendarStatus(signal?: AbortSignal) {
  return api.get<CalendarStatus>("/google-calendar/status", { signal });
}

export function calendarStatusQueryOptions() {
  return queryOptions({
    queryKey: calendarKeys.status,
    queryFn: ({ signal }) => fetchCalendarStatus(signal),
    // "Not configured" is an answer, not a glitch: asking again would only delay the screen.
    retry: false,
  });
}

export const useCalendarStatus = () => useQuery(calendarStatusQueryOptions());

/** Asks the server for Google's consent page and sends the browser there (spec part 2 §7). */
export function useConnectCalendar() {
  return useMutation({
    mutationFn: () => api.get<CalendarAuthStart>("/google-calendar/auth"),
    onSuccess: ({ authorization_url }) => {
      if (authorization_url) window.location.assign(authorization_url);
      else toast.error(MSG.googleCalendarStartError);
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.googleCalendarConnectError),
  });
}

/** Spec part 2 §8 "Sync": the count of updated appointments, nothing to do, or some left behind. */
export function useSyncCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarSyncResult>("/google-calendar/sync"),
    onSuccess: ({ synced, errors }) => {
      if (synced > 0) toast.success(MSG.googleCalendarSynced(synced));
      else if (errors.length === 0) toast.info(MSG.googleCalendarNothingToSync);
      if (errors.length > 0) toast.warning(MSG.googleCalendarPartialSync, { description: errors.slice(0, 3).join(" · ") });
      return queryClient.invalidateQueries({ queryKey: calendarKeys.status });
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? MSG.googleCalendarSyncError);
      // A 409 "reconnect" means the connection changed state: show it.
      return queryClient.invalidateQueries({ queryKey: calendarKeys.status });
    },
  });
}

/** The connected account's calendars and which of them block times (only asked while connected). */
export const useGoogleCalendars = (enabled: boolean) =>
  useQuery({
    queryKey: calendarKeys.calendars,
    queryFn: ({ signal }) => api.get<GoogleCalendarChoices>("/google-calendar/calendars", { signal }),
    enabled,
    retry: false,
  });

/** Saves which calendars' busy times block times; the list and the status (warning, last read) follow. */
export function useSaveBusyCalendars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendarIds: string[]) => api.put<GoogleCalendarChoices>("/google-calendar/busy-calendars", { calendar_ids: calendarIds }),
    onSuccess: (choices) => {
      queryClient.setQueryData(calendarKeys.calendars, choices);
      toast.success(MSG.googleBusySaved);
      return queryClient.invalidateQueries({ queryKey: calendarKeys.status });
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? MSG.googleBusySaveError);
      // A 409 "reconnect" means the connection changed state: show it, with the busy-times warning.
      return queryClient.invalidateQueries({ queryKey: calendarKeys.status });
    },
  });
}

export function useDisconnectCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/google-calendar/disconnect"),
    onSuccess: () => {
      toast.success(MSG.googleCalendarDisconnected);
      queryClient.removeQueries({ queryKey: calendarKeys.calendars });
      return queryClient.invalidateQueries({ queryKey: calendarKeys.status });
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.googleCalendarDisconnectError),
  });
}

export const calendarFeedKeys = { feed: ["calendar-feed"] as const };

/** Whether the private iCalendar link exists (its address is only known right after it is made). */
export const useCalendarFeed = () =>
  useQuery({ queryKey: calendarFeedKeys.feed, queryFn: ({ signal }) => api.get<CalendarFeed>("/calendar-feed", { signal }) });

/** Makes a new subscription link; the previous one stops working. The answer carries the address to copy. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>("/calendar-feed"),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.feed, feed),
    onError: (error) => toast.error(serverDetail(error) ?? "Não foi possível gerar o link da agenda."),
  });
}
