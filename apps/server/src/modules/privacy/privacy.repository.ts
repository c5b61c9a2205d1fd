import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { jobs } from "../../platform/jobs/jobs.schema";
import { appointments } from "../appointments/appointments.schema";
import { auditLog } from "../audit/audit.schema";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";
import { tasks } from "../tasks/tasks.schema";
import { users } from "../users/users.schema";
import { nameSortKey } from "../../platform/db/text-search";

export type AccessRow = typeof auditLog.$inferSelect & { actorName: string | null };

/** What anonymisation writes instead of a patient's identifying values (docs/decisions/018). */
export const ANONYMOUS_NAME = "Paciente anonimizado";
export const REMOVED_TEXT = "[conteúdo removido por anonimização]";

/**
 * Reads and writes behind a patient's data rights (export, access history, anonymisation), for ONE professional:
 * every query is scoped by it (docs/decisions/004).
 */
export function privacyRepository(db: DbOrTx, professionalId: string) {
  /** The audit rows about the patient itself or one of its appointments. */
  const aboutPatient = (patientId: string) =>
    and(
      eq(auditLog.professionalId, professionalId),
      or(
        and(eq(auditLog.entityType, "patient"), eq(auditLog.entityId, patientId)),
        and(
          eq(auditLog.entityType, "appointment"),
          inArray(
            auditLog.entityId,
            db.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.professionalId, professionalId), eq(appointments.patientId, patientId))),
          ),
        ),
      ),
    );
  return {
    async professional() {
      const [row] = await db.select().from(professionals).where(eq(professionals.id, professionalId)).limit(1);
      return row ?? null;
    },

    async accessLog(patientId: string, window: { limit: number; offset: number }): Promise<{ rows: AccessRow[]; total: number }> {
      const where = aboutPatient(patientId);
      const rows = await db
        .select({ entry: auditLog, actorName: users.fullName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset);
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      return { rows: rows.map((r) => ({ ...r.entry, actorName: r.actorName })), total: total?.n ?? 0 };
    },

    appointmentsOf(patientId: string) {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.professionalId, professionalId), eq(appointments.patientId, patientId)))
        .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime));
    },

    tasksOf(patientId: string) {
      return db.select().from(tasks).where(and(eq(tasks.professionalId, professionalId), eq(tasks.patientId, patientId))).orderBy(asc(tasks.createdAt));
    },

    /** The patient, without a lock (reads outside a transaction). */
    async findPatient(patientId: string) {
      const [row] = await db.select().from(patients).where(and(eq(patients.professionalId, professionalId), eq(patients.id, patientId))).limit(1);
      return row ?? null;
    },

    /** Locks the patient row for the anonymisation's transaction. */
    async lockPatient(patientId: string) {
      const [row] = await db.select().from(patients).where(and(eq(patients.professionalId, professionalId), eq(patients.id, patientId))).limit(1).for("update");
      return row ?? null;
    },

    async anonymizePatient(patientId: string, at: Date) {
      await db
        .update(patients)
        .set({
          name: ANONYMOUS_NAME,
          phone: null,
          email: null,
          birthDate: null,
          cpf: null,
          address: null,
          preferredTime: null,
          notes: null,
          medicalHistory: null,
          emergencyContact: null,
          searchText: ANONYMOUS_NAME.toLowerCase(),
          nameSort: nameSortKey(ANONYMOUS_NAME),
          anonymizedAt: at,
          updatedAt: at,
        })
        .where(and(eq(patients.professionalId, professionalId), eq(patients.id, patientId)));
    },

    /**
     * Anonymisation of a patient whose prontuário is under retention (Lei 13.787/2018 art. 6; LGPD art. 16, I): the
     * name, CPF and birth date that tie the record to the patient stay; contact data and free texts go.
     */
    async restrictPatient(patientId: string, at: Date) {
      await db
        .update(patients)
        .set({ phone: null, email: null, address: null, preferredTime: null, notes: null, medicalHistory: null, emergencyContact: null, anonymizedAt: at, updatedAt: at })
        .where(and(eq(patients.professionalId, professionalId), eq(patients.id, patientId)));
    },

    /** Keeps date, time, duration, type and status (the retention rule); the free-text notes go. Returns the ids. */
    async scrubAppointments(patientId: string, at: Date) {
      const rows = await db
        .update(appointments)
        .set({ notes: null, updatedAt: at })
        .where(and(eq(appointments.professionalId, professionalId), eq(appointments.patientId, patientId)))
        .returning({ id: appointments.id });
      return rows.map((r) => r.id);
    },

    async scrubTasksOf(patientId: string, at: Date) {
      await db
        .update(tasks)
        .set({ title: `Tarefa de ${ANONYMOUS_NAME.toLowerCase()}`, description: null, updatedAt: at })
        .where(and(eq(tasks.professionalId, professionalId), eq(tasks.patientId, patientId)));
    },

    /** Other tasks of the professional that mention one of `needles` (name, phone, CPF): the mention is replaced. */
    async scrubMentionsInTasks(needles: string[], at: Date) {
      for (const needle of needles) {
        const pattern = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
        await db
          .update(tasks)
          .set({
            title: sql`regexp_replace(${tasks.title}, ${escapeRegex(needle)}, ${"[paciente anonimizado]"}, 'gi')`,
            description: sql`regexp_replace(${tasks.description}, ${escapeRegex(needle)}, ${"[paciente anonimizado]"}, 'gi')`,
            updatedAt: at,
          })
          .where(and(eq(tasks.professionalId, professionalId), or(sql`${tasks.title} ilike ${`%${pattern}%`}`, sql`${tasks.description} ilike ${`%${pattern}%`}`)));
      }
    },

    /** Copies of identifying strings outside the patient's own rows: audit details and job errors/payloads. */
    async scrubCopies(needles: string[]) {
      for (const needle of needles) {
        const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        await db
          .update(auditLog)
          .set({ details: sql`jsonb_build_object('removido', 'anonimização')` })
          .where(and(eq(auditLog.professionalId, professionalId), sql`${auditLog.details}::text ilike ${pattern}`));
        await db
          .update(jobs)
          .set({ lastError: sql`regexp_replace(${jobs.lastError}, ${escapeRegex(needle)}, ${"[removido]"}, 'gi')` })
          .where(and(eq(jobs.professionalId, professionalId), sql`${jobs.lastError} ilike ${pattern}`));
        await db
          .update(jobs)
          .set({ payload: sql`jsonb_build_object('removido', 'anonimização')` })
          .where(and(eq(jobs.professionalId, professionalId), sql`${jobs.payload}::text ilike ${pattern}`));
      }
    },
  };
}

/** A literal string as a POSIX regular expression (for regexp_replace). */
function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
