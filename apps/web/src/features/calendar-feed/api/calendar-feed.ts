import type { CalendarFeed } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

export const calendarFeedKeys = { all: ["calendar-feed"] as const };

export function fetchCalendarFeed(signal?: AbortSignal) {
  return api.get<CalendarFeed>("/calendar-feed", { signal });
}

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: calendarFeedKeys.all, queryFn: ({ signal }) => fetchCalendarFeed(signal) });

/** Whether the private iCalendar link exists (its address is only known right after it is made). */
export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** Makes a new subscription link; the previous one stops working. The answer carries the address to copy. */
export const useRegenerateCalendarFeed = () =>
  useResourceMutation({
    mutationFn: () => api.post<CalendarFeed>("/calendar-feed"),
    onSuccess: (feed, _none, queryClient) => queryClient.setQueryData(calendarFeedKeys.all, feed),
    failure: serverDetailOr("Não foi possível gerar o link da agenda."),
  });
