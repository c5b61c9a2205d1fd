import { z } from "zod";

/** Platform statistics of the admin dashboard (spec part 1 §3). */
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
