import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { ReminderOutcome } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { appointmentReminders } from "./reminders.schema";
import { appointments } from "../appointments/appointments.schema";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

/** Appointment statuses that get a reminder (docs/decisions/017: "each pending or confirmed appointment"). */
export const REMINDED_STATUSES = ["pending", "confirmed"] as const;

export type ReminderRow = typeof appointmentReminders.$inferSelect;

/**
 * The reminders of ONE professional (docs/decisions/004): their settings on the professional's row, the
 * appointment facts a reminder needs, and the `appointment_reminders` ledger. Every query is scoped by the
 * professional given at construction.
 */
export function reminderRepository(db: DbOrTx, professionalId: string) {
  const own = eq(appointmentReminders.professionalId, professionalId);

  return {
    async findSettings() {
      const [row] = await db
        .select({ enabled: professionals.remindersEnabled, leadHours: professionals.reminderLeadHours })
        .from(professionals)
        .where(eq(professionals.id, professionalId))
        .limit(1);
      return row ?? null;
    },

    async updateSettings(values: { enabled: boolean; leadHours: number }) {
      const [row] = await db
        .update(professionals)
        .set({ remindersEnabled: values.enabled, reminderLeadHours: values.leadHours, updatedAt: new Date() })
        .where(eq(professionals.id, professionalId))
        .returning({ enabled: professionals.remindersEnabled, leadHours: professionals.reminderLeadHours });
      return row ?? null;
    },

    /** What a reminder of one appointment depends on: its time and status, its patient, the professional's settings. */
    async findAppointmentFacts(appointmentId: string) {
      const [row] = await db
        .select({
          id: appointments.id,
          status: appointments.status,
          startsAt: appointments.startsAt,
          appointmentDate: appointments.appointmentDate,
          appointmentTime: appointments.appointmentTime,
          appointmentType: appointments.appointmentType,
          patientId: appointments.patientId,
          patientName: patients.name,
          patientPhone: patients.phone,
          remindersEnabled: professionals.remindersEnabled,
          leadHours: professionals.reminderLeadHours,
          timeZone: professionals.timezone,
          professionalName: professionals.fullName,
          clinicName: professionals.clinicName,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .innerJoin(professionals, eq(professionals.id, appointments.professionalId))
        .where(and(eq(appointments.professionalId, professionalId), eq(appointments.id, appointmentId)))
        .limit(1);
      return row ?? null;
    },

    /** What scheduling a reminder needs: the appointment's status and start, the professional's settings. */
    async findScheduleFacts(appointmentId: string) {
      const [row] = await db
        .select({ status: appointments.status, startsAt: appointments.startsAt, remindersEnabled: professionals.remindersEnabled, leadHours: professionals.reminderLeadHours })
        .from(appointments)
        .innerJoin(professionals, eq(professionals.id, appointments.professionalId))
        .where(and(eq(appointments.professionalId, professionalId), eq(appointments.id, appointmentId)))
        .limit(1);
      return row ?? null;
    },

    /** Ids of the professional's pending and confirmed appointments starting after `from`. */
    async listUpcomingIds(from: Date): Promise<string[]> {
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.professionalId, professionalId), inArray(appointments.status, [...REMINDED_STATUSES]), gt(appointments.startsAt, from)))
        .orderBy(asc(appointments.startsAt));
      return rows.map((r) => r.id);
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
      const [row] = await db
        .select({ id: appointmentReminders.id, appointmentId: appointmentReminders.appointmentId, startsAt: appointmentReminders.startsAt })
        .from(appointmentReminders)
        .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
        .where(
          and(
            own,
            eq(appointmentReminders.conversationId, conversationId),
            eq(appointmentReminders.outcome, "sent"),
            eq(appointments.startsAt, appointmentReminders.startsAt),
            gt(appointments.startsAt, now),
          ),
        )
        .orderBy(desc(appointmentReminders.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}
