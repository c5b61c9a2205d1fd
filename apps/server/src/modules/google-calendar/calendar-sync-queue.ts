import type { DbOrTx } from "../../platform/db/client";
import { enqueueJob } from "../../platform/jobs/job.repository";
import type { Clock } from "../../platform/lib/clock";
import { calendarConnectionRepository } from "./google-calendar.repository";

/** Pushes one appointment to the professional's Google Calendar (payload: professionalId, appointmentId). */
export const CALENDAR_SYNC_JOB = "calendar.sync";
/** Pushes every appointment that is out of date, after a (re)connection (payload: professionalId). */
export const CALENDAR_SYNC_ALL_JOB = "calendar.sync_all";

/**
 * Queues the appointment's calendar sync in the caller's transaction, so the change and its sync commit together
 * (docs/decisions/003). Nothing is queued without a working connection: a reconnection replays what changed
 * meanwhile. No dedupe key: the queue's keys are forever, and every change must be seen; the job reads the
 * appointment as it is when it runs, so extra jobs find nothing to do.
 */
export async function queueCalendarSync(tx: DbOrTx, clock: Clock, professionalId: string, appointmentId: string): Promise<void> {
  if (!(await calendarConnectionRepository(tx, professionalId).isConnected())) return;
  await enqueueJob(tx, { type: CALENDAR_SYNC_JOB, payload: { professionalId, appointmentId }, professionalId, runAt: clock.now() });
}

/** Queues a replay of every out-of-date appointment of the professional (after connecting or reconnecting). */
export async function queueCalendarSyncAll(tx: DbOrTx, clock: Clock, professionalId: string): Promise<void> {
  await enqueueJob(tx, { type: CALENDAR_SYNC_ALL_JOB, payload: { professionalId }, professionalId, runAt: clock.now() });
}
