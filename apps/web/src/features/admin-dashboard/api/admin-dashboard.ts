import type { DailyActivity, PlatformStats } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Days drawn in the dashboard chart. */
export const CHART_DAYS = 30;

export const adminDashboardKeys = {
  all: ["admin-dashboard"] as const,
  summary: () => ["admin-dashboard", "summary"] as const,
  daily: (days: number) => ["admin-dashboard", "daily", days] as const,
};

/** What the cards show when the statistics call fails (docs/product/admin.md §4: the values stay 0). */
export const EMPTY_PLATFORM_STATS: PlatformStats = {
  total_professionals: 0,
  active_users: 0,
  total_patients: 0,
  appointments_today: 0,
  total_appointments: 0,
  new_users_7_days: 0,
  new_patients_7_days: 0,
  system_alerts: 0,
  whatsapp_connections: 0,
  google_calendar_connections: 0,
  task_completion_rate: 0,
};

export function fetchPlatformStats(signal?: AbortSignal) {
  return api.get<PlatformStats>("/admin/dashboard/summary", { signal });
}

export function platformStatsQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.summary(),
    queryFn: async ({ signal }) => {
      try {
        return await fetchPlatformStats(signal);
      } catch (error) {
        // docs/product/admin.md §8: a failed statistics load is only logged; the screen shows zeros.
        if (!signal.aborted) console.error("Erro ao carregar dados:", error);
        throw error;
      }
    },
  });
}

export const usePlatformStats = () => useQuery(platformStatsQueryOptions());

export function fetchDailyActivity(days: number, signal?: AbortSignal) {
  return api.get<DailyActivity[]>("/admin/dashboard/daily", { query: { days }, signal });
}

export function dailyActivityQueryOptions(days: number) {
  return queryOptions({ queryKey: adminDashboardKeys.daily(days), queryFn: ({ signal }) => fetchDailyActivity(days, signal) });
}

export const useDailyActivity = (days: number) => useQuery(dailyActivityQueryOptions(days));
