import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";

export interface PlatformCounts {
  total_professionals: number;
  active_users: number;
  total_patients: number;
  appointments_today: number;
  total_appointments: number;
  new_users_7_days: number;
  new_patients_7_days: number;
  failed_messages_24h: number;
  stale_waiting_conversations: number;
  calendar_errors: number;
  whatsapp_connections: number;
  google_calendar_connections: number;
  tasks_done: number;
  tasks_total: number;
}

export function adminDashboardRepository(db: DbOrTx) {
  return {
    /** Every platform figure in one round trip. */
    async counts(p: { today: string; since7d: Date; since24h: Date; staleBefore: Date }): Promise<PlatformCounts> {
      const result = await db.execute(sql`
        select
          (select count(*) from professionals)::int as total_professionals,
          (select count(*) from users where status = 'active')::int as active_users,
          (select count(*) from patients)::int as total_patients,
          (select count(*) from appointments where appointment_date = ${p.today}::date and status <> 'cancelled')::int as appointments_today,
          (select count(*) from appointments)::int as total_appointments,
          (select count(*) from users where created_at >= ${p.since7d.toISOString()}::timestamptz)::int as new_users_7_days,
          (select count(*) from patients where created_at >= ${p.since7d.toISOString()}::timestamptz)::int as new_patients_7_days,
          (select count(*) from messages where direction = 'outbound' and status = 'failed'
             and sent_at >= ${p.since24h.toISOString()}::timestamptz)::int as failed_messages_24h,
          (select count(*) from conversations where status = 'waiting'
             and last_message_at < ${p.staleBefore.toISOString()}::timestamptz)::int as stale_waiting_conversations,
          (select count(*) from calendar_connections where status = 'error')::int as calendar_errors,
          (select count(distinct professional_id) from twilio_numbers where professional_id is not null)::int as whatsapp_connections,
          (select count(*) from calendar_connections where status = 'connected')::int as google_calendar_connections,
          (select count(*) from tasks where status = 'done')::int as tasks_done,
          (select count(*) from tasks)::int as tasks_total
      `);
      return rowsOf<PlatformCounts>(result)[0]!;
    },

    /**
     * Per local day (YYYY-MM-DD in `zone`): patients registered since `since`, and non-cancelled appointments
     * dated from `from` to `to`. Days without any are absent.
     */
    async dailyCounts(p: { zone: string; since: Date; from: string; to: string }) {
      const [patientDays, appointmentDays] = await Promise.all([
        db.execute(sql`
          select to_char(created_at at time zone ${p.zone}, 'YYYY-MM-DD') as day, count(*)::int as n
          from patients where created_at >= ${p.since.toISOString()}::timestamptz
          group by 1`),
        db.execute(sql`
          select to_char(appointment_date, 'YYYY-MM-DD') as day, count(*)::int as n
          from appointments
          where appointment_date between ${p.from}::date and ${p.to}::date and status <> 'cancelled'
          group by 1`),
      ]);
      const byDay = (result: unknown) => new Map(rowsOf<{ day: string; n: number }>(result).map((r) => [r.day, r.n]));
      return { newPatients: byDay(patientDays), appointments: byDay(appointmentDays) };
    },
  };
}
