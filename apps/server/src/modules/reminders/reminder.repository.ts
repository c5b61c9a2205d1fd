import { and, desc, eq, gt } from "drizzle-orm";
import type { ReminderOutcome } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { appointmentReminders } from "./reminders.schema";
import { appointmentFacts, appointmentStartsOf, upcomingAppointmentIds } from "../appointments";
import { practiceNamesOf, reminderSettingsOf, type ReminderSettingsOf, saveReminderSettings } from "../professionals";

/** Appointment statuses that get a reminder (docs/decisions/017: "each pending or confirmed appointment"). */
export const REMINDED_STATUSES = ["pending", "confirmed"] as const;

export type ReminderRow = typeof appointmentReminders.$inferSelect;

/**
 * The reminders of ONE professional (docs/decisions/004): the `appointment_reminders` ledger, and what a reminder
 * needs of its appointment and of the professional's settings, read through their owners (appointments,
 * professionals). Every query is scoped by the professional given at construction.
 */
export function reminderRepository(db: DbOrTx, professionalId: string) {
  const own = eq(appointmentReminders.professionalId, professionalId);

  return {
    findSettings() {
      return reminderSettingsOf(db, professionalId);
    },

    updateSettings(values: ReminderSettingsOf) {
      return saveReminderSettings(db, professionalId, values);
    },

    /** What a reminder of one appointment depends on: its time and status, its patient, the professional's settings. */
    async findAppointmentFacts(appointmentId: string) {
      const appointment = await appointmentFacts(db, professionalId, appointmentId);
      const [settings, names] = appointment ? await Promise.all([reminderSettingsOf(db, professionalId), practiceNamesOf(db, professionalId)]) : [null, null];
      if (!appointment || !settings || !names) return null;
      return {
        ...appointment,
        remindersEnabled: settings.enabled,
        leadHours: settings.leadHours,
        professionalName: names.fullName,
        clinicName: names.clinicName,
      };
    },

    /** What scheduling a reminder needs: the appointment's status and start, the professional's settings. */
    async findScheduleFacts(appointmentId: string) {
      const appointment = await appointmentFacts(db, professionalId, appointmentId);
      const settings = appointment ? await reminderSettingsOf(db, professionalId) : null;
      if (!appointment || !settings) return null;
      return { status: appointment.status, startsAt: appointment.startsAt, remindersEnabled: settings.enabled, leadHours: settings.leadHours };
    },

    /** Ids of the professional's upcoming appointments (pending or confirmed, starting after `from`). */
    listUpcomingIds(from: Date): Promise<string[]> {
      return upcomingAppointmentIds(db, professionalId, from);
    },

    /** The reminder of one appointment start, if any. */
    async findForStart(appointmentId: string, startsAt: Date): Promise<ReminderRow | null> {
      const [row] = await db
        .select()
        .from(appointmentReminders)
        .where(and(own, eq(appointmentReminders.appointmentId, appointmentId), eq(appointmentReminders.startsAt, startsAt)))
        .limit(1);
      return row ?? null;
    },

    /** Records what happened to the reminder of one start; a `skipped` one may later become `sent`. */
    async record(values: {
      appointmentId: string;
      startsAt: Date;
      leadHours: number;
      outcome: ReminderOutcome;
      reason: string | null;
      mode: string | null;
      conversationId: string | null;
      messageId: string | null;
      at: Date;
    }) {
      const { at, ...rest } = values;
      await db
        .insert(appointmentReminders)
        .values({ professionalId, ...rest, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [appointmentReminders.professionalId, appointmentReminders.appointmentId, appointmentReminders.startsAt],
          set: { ...rest, updatedAt: at },
        });
    },

    /**
     * The latest reminder sent in a conversation whose appointment has not started yet: what a "1" or a "2" from the
     * patient answers.
     */
    async findLatestSentInConversation(conversationId: string, now: Date) {
      // The appointment's start must still be the reminder's: read the sent ones still ahead, newest first, then
      // where their appointments start now (a handful: one per upcoming start the patient was reminded of).
      const sent = await db
        .select({ id: appointmentReminders.id, appointmentId: appointmentReminders.appointmentId, startsAt: appointmentReminders.startsAt })
        .from(appointmentReminders)
        .where(and(own, eq(appointmentReminders.conversationId, conversationId), eq(appointmentReminders.outcome, "sent"), gt(appointmentReminders.startsAt, now)))
        .orderBy(desc(appointmentReminders.createdAt));
      const starts = await appointmentStartsOf(db, professionalId, sent.map((row) => row.appointmentId));
      return sent.find((row) => starts.get(row.appointmentId)?.getTime() === row.startsAt.getTime()) ?? null;
    },
  };
}
