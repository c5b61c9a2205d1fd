import type { ReminderSettings, ReminderSettingsInput } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const reminderSettingsKeys = { all: ["reminder-settings"] as const };

export function fetchReminderSettings(signal?: AbortSignal) {
  return api.get<ReminderSettings>("/professionals/me/reminders", { signal });
}

export const reminderSettingsQueryOptions = () =>
  queryOptions({ queryKey: reminderSettingsKeys.all, queryFn: ({ signal }) => fetchReminderSettings(signal) });

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

/** PUT /professionals/me/reminders: the switch and the lead time; the server moves every upcoming reminder. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingsInput) => api.put<ReminderSettings>("/professionals/me/reminders", input),
    onSuccess: (settings) => queryClient.setQueryData(reminderSettingsKeys.all, settings),
  });
}
