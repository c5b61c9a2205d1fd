import type { ReminderSettings, ReminderSettingsInput } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

export const reminderKeys = { all: ["reminder-settings"] as const };

export function fetchReminderSettings(signal?: AbortSignal) {
  return api.get<ReminderSettings>("/professionals/me/reminders", { signal });
}

export const reminderSettingsQueryOptions = () =>
  queryOptions({ queryKey: reminderKeys.all, queryFn: ({ signal }) => fetchReminderSettings(signal) });

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

/** PUT /professionals/me/reminders: the switch and the lead time; the server moves every upcoming reminder. */
export const useSaveReminderSettings = () =>
  useResourceMutation({
    mutationFn: (input: ReminderSettingsInput) => api.put<ReminderSettings>("/professionals/me/reminders", input),
    onSuccess: (settings, _input, queryClient) => queryClient.setQueryData(reminderKeys.all, settings),
  });
