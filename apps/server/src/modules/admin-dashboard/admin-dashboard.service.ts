import { PLATFORM_TIME_ZONE, type DailyActivity } from "@clinora/contracts";
import { addDays, localToInstant, todayIn } from "@clinora/contracts/zoned-time";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/lib/clock";
import { adminDashboardRepository } from "./admin-dashboard.repository";

const HOUR = 60 * 60 * 1000;

export type AdminDashboardService = ReturnType<typeof adminDashboardService>;

export function adminDashboardService(db: Db, clock: Clock) {
  const repo = adminDashboardRepository(db);
  return {
    /** The eleven platform figures, with the definitions of docs/product/admin.md §10.1. */
    async summary() {
      const now = clock.now();
      const c = await repo.counts({
        today: todayIn(PLATFORM_TIME_ZONE, now),
        since7d: new Date(now.getTime() - 7 * 24 * HOUR),
        since24h: new Date(now.getTime() - 24 * HOUR),
        staleBefore: new Date(now.getTime() - 2 * HOUR),
      });
      return {
        total_professionals: c.total_professionals,
        active_users: c.active_users,
        total_patients: c.total_patients,
        appointments_today: c.appointments_today,
        total_appointments: c.total_appointments,
        new_users_7_days: c.new_users_7_days,
        new_patients_7_days: c.new_patients_7_days,
        system_alerts: c.failed_messages_24h + c.stale_waiting_conversations + c.calendar_errors,
        whatsapp_connections: c.whatsapp_connections,
        google_calendar_connections: c.google_calendar_connections,
        task_completion_rate: c.tasks_total === 0 ? 0 : Math.round((c.tasks_done / c.tasks_total) * 100),
      };
    },

    /** The last `days` days up to today in the platform zone, oldest first, every day present (zeros included). */
    async daily(days: number): Promise<DailyActivity[]> {
      const to = todayIn(PLATFORM_TIME_ZONE, clock.now());
      const from = addDays(to, -(days - 1));
      const counts = await repo.dailyCounts({ zone: PLATFORM_TIME_ZONE, since: localToInstant(from, "00:00", PLATFORM_TIME_ZONE), from, to });
      return Array.from({ length: days }, (_, i) => {
        const date = addDays(from, i);
        return { date, new_patients: counts.newPatients.get(date) ?? 0, appointments: counts.appointments.get(date) ?? 0 };
      });
    },
  };
}
