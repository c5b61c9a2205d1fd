import { REMINDER_LEAD_HOURS } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { dropPendingJobs, scheduleJob } from "../../platform/jobs/job.repository";
import type { Clock } from "../../platform/lib/clock";
import { REMINDED_STATUSES, reminderRepository } from "./reminder.repository";

/** Sends (or records why it cannot send) the WhatsApp reminder of one appointment (payload: appointmentId, leadHours). */
export const REMINDER_JOB = "reminder.send";
/** Applies a patient's "1" / "2" to the appointment of the reminder it answers (payload: messageId, appointmentId, intent). */
export const REMINDER_REPLY_JOB = "reminder.reply";

/**
 * A reminder that would be due before now (an appointment booked or moved inside the lead time) goes at once only
 * while the appointment is at least this far away; closer than that it is not worth a message.
 */
export const LATE_REMINDER_MIN_NOTICE_MS = 60 * 60_000;

const HOUR_MS = 60 * 60_000;

/** One job per appointment and lead time (docs/decisions/017): an edit moves it, a lead-time change replaces it. */
export const reminderKey = (appointmentId: string, leadHours: number) => `reminder:${appointmentId}:${leadHours}h`;

/** The keys the appointment's reminder job may have (one per lead time), other than `except`. */
const otherKeys = (appointmentId: string, leadHours: readonly number[], except?: string) =>
  [...new Set([...REMINDER_LEAD_HOURS, ...leadHours])].map((h) => reminderKey(appointmentId, h)).filter((k) => k !== except);

/**
 * When the reminder of an appointment starting at `startsAt` should go: `leadHours` before the start; when that is
 * already past, now (if `late` is allowed and the start is still LATE_REMINDER_MIN_NOTICE_MS away), else never (null).
 */
export function reminderRunAt(p: { startsAt: Date; leadHours: number; now: Date; late: boolean }): Date | null {
  const due = p.startsAt.getTime() - p.leadHours * HOUR_MS;
  if (due > p.now.getTime()) return new Date(due);
  if (!p.late) return null;
  return p.startsAt.getTime() - p.now.getTime() >= LATE_REMINDER_MIN_NOTICE_MS ? p.now : null;
}

/**
 * Brings the reminder job of one appointment in line with the appointment and the professional's settings, in the
 * caller's transaction (docs/decisions/017): one job due `leadHours` before the start for a pending or confirmed
 * appointment with reminders on; none otherwise. Called by every appointment write (screens and assistant) and by a
 * settings change. `late`: an appointment booked or moved inside the lead time may get its reminder at once (false
 * when the patient arranged it themselves, through the assistant, a moment ago).
 */
export async function queueReminder(tx: DbOrTx, clock: Clock, professionalId: string, appointmentId: string, options: { late: boolean }): Promise<void> {
  const facts = await reminderRepository(tx, professionalId).findScheduleFacts(appointmentId);
  const reminded = facts && facts.remindersEnabled && (REMINDED_STATUSES as readonly string[]).includes(facts.status);
  const runAt = reminded ? reminderRunAt({ startsAt: facts.startsAt, leadHours: facts.leadHours, now: clock.now(), late: options.late }) : null;
  if (!facts || !runAt) {
    await dropPendingJobs(tx, otherKeys(appointmentId, facts ? [facts.leadHours] : []));
    return;
  }
  const key = reminderKey(appointmentId, facts.leadHours);
  await dropPendingJobs(tx, otherKeys(appointmentId, [facts.leadHours], key));
  await scheduleJob(tx, { type: REMINDER_JOB, payload: { appointmentId, leadHours: facts.leadHours }, professionalId, dedupeKey: key, runAt });
}

/** After a settings change: every upcoming appointment's reminder follows the new switch and lead time. */
export async function queueAllReminders(tx: DbOrTx, clock: Clock, professionalId: string): Promise<number> {
  const ids = await reminderRepository(tx, professionalId).listUpcomingIds(clock.now());
  for (const id of ids) await queueReminder(tx, clock, professionalId, id, { late: true });
  return ids.length;
}
