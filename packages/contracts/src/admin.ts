import { z } from "zod";

/** Platform statistics of the admin dashboard (docs/product/admin.md §3). */
export const platformStatsSchema = z.object({
  total_professionals: z.number().int(),
  active_users: z.number().int(),
  total_patients: z.number().int(),
  appointments_today: z.number().int(),
  total_appointments: z.number().int(),
  new_users_7_days: z.number().int(),
  new_patients_7_days: z.number().int(),
  system_alerts: z.number().int(),
  whatsapp_connections: z.number().int(),
  google_calendar_connections: z.number().int(),
  task_completion_rate: z.number(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** GET /api/admin/dashboard/daily: days ending today (platform zone), for the dashboard chart. */
export const DAILY_ACTIVITY_MAX_DAYS = 90;
export const dailyActivityQuerySchema = z.object({
  days: z.coerce
    .number("Informe o número de dias")
    .int(`O número de dias deve estar entre 1 e ${DAILY_ACTIVITY_MAX_DAYS}`)
    .min(1, `O número de dias deve estar entre 1 e ${DAILY_ACTIVITY_MAX_DAYS}`)
    .max(DAILY_ACTIVITY_MAX_DAYS, `O número de dias deve estar entre 1 e ${DAILY_ACTIVITY_MAX_DAYS}`)
    .default(30),
});
export type DailyActivityQuery = z.infer<typeof dailyActivityQuerySchema>;

/** One calendar day: patients registered and non-cancelled appointments dated that day. */
export const dailyActivitySchema = z.object({
  date: z.string(),
  new_patients: z.number().int(),
  appointments: z.number().int(),
});
export const dailyActivityListSchema = z.array(dailyActivitySchema);
export type DailyActivity = z.infer<typeof dailyActivitySchema>;
