import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, max, notExists, sql } from "drizzle-orm";
import type { RecordKind, RecordTemplateField } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { recordAttachments, recordEliminations, recordEntries, recordTemplates } from "./records.schema";
import { appointments } from "../appointments/appointments.schema";
import { patients } from "../patients/patients.schema";
import { patientNamesOf } from "../patients";
import { likeContains } from "../../platform/db/text-search";

export type RecordRow = typeof recordEntries.$inferSelect;
export type RecordWrite = Omit<typeof recordEntries.$inferInsert, "id" | "professionalId" | "createdAt" | "updatedAt">;

export interface RecordListFilters {
  kind?: RecordKind;
  /** Already folded (foldForSearch). */
  search?: string;
}

/**
 * The prontuário entries of ONE professional, who is their only author and reader: every query is scoped by the
 * professional given at construction (docs/decisions/004, 034). Finalised rows are only ever read here; the one
 * write that touches them is the elimination after retention, which the trigger allows only for that transaction.
 */
export function recordRepository(db: DbOrTx, professionalId: string) {
  const own = eq(recordEntries.professionalId, professionalId);

  return {
    async findById(id: string) {
      const [row] = await db
        .select()
        .from(recordEntries)
        .where(and(own, eq(recordEntries.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** The last link of the patient's chain: its position and hash. */
    async chainHead(patientId: string) {
      const [row] = await db
        .select({ chainSeq: recordEntries.chainSeq, contentHash: recordEntries.contentHash })
        .from(recordEntries)
        .where(and(own, eq(recordEntries.patientId, patientId), eq(recordEntries.status, "finalised")))
        .orderBy(desc(recordEntries.chainSeq))
        .limit(1);
      return row ?? null;
    },

    /** One page of the patient's entries (not adendos), newest session first, with the filters' total. */
    async listTopLevel(patientId: string, filters: RecordListFilters, page: { limit: number; offset: number }) {
      const where = and(
        own,
        eq(recordEntries.patientId, patientId),
        isNull(recordEntries.addendumOf),
        filters.kind ? eq(recordEntries.kind, filters.kind) : undefined,
        filters.search ? ilike(recordEntries.searchText, likeContains(filters.search)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(recordEntries).where(where).orderBy(desc(recordEntries.sessionAt), desc(recordEntries.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(recordEntries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The adendos of the given entries, oldest first. */
    async addendaOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(recordEntries)
        .where(and(own, inArray(recordEntries.addendumOf, ids)))
        .orderBy(asc(recordEntries.createdAt), asc(recordEntries.chainSeq));
    },

    /** Every entry of the patient, adendos included, in the order of its chain (drafts last): the printout. */
    async allOfPatient(patientId: string) {
      return db
        .select()
        .from(recordEntries)
        .where(and(own, eq(recordEntries.patientId, patientId)))
        .orderBy(asc(recordEntries.sessionAt), asc(recordEntries.createdAt));
    },

    /** Drafts whose session ended before `cutoff`: due for automatic finalisation. */
    async draftsSessionBefore(cutoff: Date, patientId?: string) {
      return db
        .select()
        .from(recordEntries)
        .where(and(own, eq(recordEntries.status, "draft"), lte(recordEntries.sessionAt, cutoff), patientId ? eq(recordEntries.patientId, patientId) : undefined))
        .orderBy(asc(recordEntries.sessionAt), asc(recordEntries.createdAt));
    },

    /**
     * Concluded appointments that started in [from, to] and have no entry tied to them ("Sessões sem evolução"),
     * newest first; anonymised patients are left out (no entry can be written for them).
     */
    async concludedWithoutEntry(from: Date, to: Date, limit: number) {
      const where = and(
        eq(appointments.professionalId, professionalId),
        eq(appointments.status, "completed"),
        gte(appointments.startsAt, from),
        lte(appointments.startsAt, to),
        isNull(patients.anonymizedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(recordEntries)
            .where(and(own, eq(recordEntries.appointmentId, appointments.id))),
        ),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: appointments.id, patientId: appointments.patientId, patientName: patients.name, appointmentType: appointments.appointmentType, startsAt: appointments.startsAt })
          .from(appointments)
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .where(where)
          .orderBy(desc(appointments.startsAt), desc(appointments.id))
          .limit(limit),
        db.select({ n: count() }).from(appointments).innerJoin(patients, eq(patients.id, appointments.patientId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many entries the patient has and when the last was written: what retention counts from. */
    async retentionFacts(patientId: string) {
      const [row] = await db
        .select({ n: count(), last: max(recordEntries.createdAt) })
        .from(recordEntries)
        .where(and(own, eq(recordEntries.patientId, patientId)));
      return { entries: row?.n ?? 0, lastEntryAt: row?.last ?? null };
    },

    /** Whether the professional holds any finalised entry: those outlive her account (Lei 13.787/2018). */
    /** Whether any entry (draft or finalised) names this appointment. */
    async namesAppointment(appointmentId: string) {
      const [row] = await db.select({ id: recordEntries.id }).from(recordEntries).where(and(own, eq(recordEntries.appointmentId, appointmentId))).limit(1);
      return row !== undefined;
    },

    async holdsFinalised() {
      const [row] = await db.select({ n: count() }).from(recordEntries).where(and(own, eq(recordEntries.status, "finalised")));
      return (row?.n ?? 0) > 0;
    },

    /** One version of one of her templates; the latest when `version` is not given. */
    async findTemplate(templateId: string, version?: number | null) {
      const [row] = await db
        .select()
        .from(recordTemplates)
        .where(and(eq(recordTemplates.professionalId, professionalId), eq(recordTemplates.templateId, templateId), version == null ? undefined : eq(recordTemplates.version, version)))
        .orderBy(desc(recordTemplates.version))
        .limit(1);
      return row ?? null;
    },

    /** The latest version of each of her templates, by name. */
    async latestTemplates() {
      const rows = await db
        .selectDistinctOn([recordTemplates.templateId])
        .from(recordTemplates)
        .where(eq(recordTemplates.professionalId, professionalId))
        .orderBy(recordTemplates.templateId, desc(recordTemplates.version));
      return rows.sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
    },

    async insertTemplate(values: { templateId: string; version: number; kind: RecordKind; name: string; fields: RecordTemplateField[] }, at: Date) {
      const [row] = await db
        .insert(recordTemplates)
        .values({ ...values, professionalId, createdAt: at })
        .returning();
      return row!;
    },

    /** The files of the given entries, without their bytes, oldest first. */
    async attachmentsOf(entryIds: string[]) {
      if (entryIds.length === 0) return [];
      return db
        .select({
          id: recordAttachments.id,
          entryId: recordAttachments.entryId,
          fileName: recordAttachments.fileName,
          contentType: recordAttachments.contentType,
          sizeBytes: recordAttachments.sizeBytes,
          sha256: recordAttachments.sha256,
          createdAt: recordAttachments.createdAt,
        })
        .from(recordAttachments)
        .where(and(eq(recordAttachments.professionalId, professionalId), inArray(recordAttachments.entryId, entryIds)))
        .orderBy(asc(recordAttachments.createdAt), asc(recordAttachments.id));
    },

    /** The files of the given entries with their bytes: the export. */
    async attachmentFilesOf(entryIds: string[]) {
      if (entryIds.length === 0) return [];
      return db
        .select()
        .from(recordAttachments)
        .where(and(eq(recordAttachments.professionalId, professionalId), inArray(recordAttachments.entryId, entryIds)))
        .orderBy(asc(recordAttachments.createdAt), asc(recordAttachments.id));
    },

    async findAttachment(entryId: string, fileId: string) {
      const [row] = await db
        .select()
        .from(recordAttachments)
        .where(and(eq(recordAttachments.professionalId, professionalId), eq(recordAttachments.entryId, entryId), eq(recordAttachments.id, fileId)))
        .limit(1);
      return row ?? null;
    },

    async insertAttachment(values: { entryId: string; fileName: string; contentType: string; sizeBytes: number; sha256: string; data: Buffer }, at: Date) {
      const [row] = await db
        .insert(recordAttachments)
        .values({ ...values, professionalId, createdAt: at })
        .returning({ id: recordAttachments.id });
      return row!;
    },

    async deleteAttachment(entryId: string, fileId: string) {
      const gone = await db
        .delete(recordAttachments)
        .where(and(eq(recordAttachments.professionalId, professionalId), eq(recordAttachments.entryId, entryId), eq(recordAttachments.id, fileId)))
        .returning({ id: recordAttachments.id });
      return gone.length > 0;
    },

    /** Patients whose last entry was written before `cutoff`: their prontuário is past retention. */
    async lastEntryBefore(cutoff: Date) {
      const last = max(recordEntries.createdAt);
      const rows = await db
        .select({ patientId: recordEntries.patientId, entries: count(), lastEntryAt: last })
        .from(recordEntries)
        .where(own)
        .groupBy(recordEntries.patientId)
        .having(lte(last, cutoff))
        .orderBy(asc(last));
      const names = await patientNamesOf(db, professionalId, rows.map((r) => r.patientId));
      return rows.map((r) => ({ ...r, patientName: names.get(r.patientId) ?? "", lastEntryAt: new Date(r.lastEntryAt!) }));
    },

    async insertElimination(values: Omit<typeof recordEliminations.$inferInsert, "id" | "professionalId">) {
      const [row] = await db
        .insert(recordEliminations)
        .values({ ...values, professionalId })
        .returning();
      return row!;
    },

    async eliminations() {
      return db.select().from(recordEliminations).where(eq(recordEliminations.professionalId, professionalId)).orderBy(desc(recordEliminations.eliminatedAt));
    },

    /** `at` is the server's time of writing, from the injected clock. */
    async insert(values: RecordWrite, at: Date) {
      const [row] = await db
        .insert(recordEntries)
        .values({ ...values, professionalId, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /** Changes a draft; a finalised entry is never matched, so nothing is written (null). */
    async updateDraft(id: string, values: Partial<RecordWrite>, at: Date) {
      const [row] = await db
        .update(recordEntries)
        .set({ ...values, updatedAt: at })
        .where(and(own, eq(recordEntries.id, id), eq(recordEntries.status, "draft")))
        .returning();
      return row ?? null;
    },

    /**
     * Deletes every entry of a patient whose retention has passed, in one transaction with the termo de eliminação.
     * The trigger lets a finalised row go only while `clinora.record_elimination` is on for this transaction.
     */
    async eliminateAllOfPatient(patientId: string) {
      await db.execute(sql`select set_config('clinora.record_elimination', 'on', true)`);
      // Adendos first: they point to their originals.
      const addenda = await db
        .delete(recordEntries)
        .where(and(own, eq(recordEntries.patientId, patientId), sql`${recordEntries.addendumOf} is not null`))
        .returning({ id: recordEntries.id });
      const gone = await db
        .delete(recordEntries)
        .where(and(own, eq(recordEntries.patientId, patientId)))
        .returning({ id: recordEntries.id });
      await db.execute(sql`select set_config('clinora.record_elimination', 'off', true)`);
      // Every row counts, adendos included: the termo says how many entries went.
      return addenda.length + gone.length;
    },
  };
}

/** Every finalised entry of every patient, in chain order: for `npm run records:verify` (all tenants, no content shown). */
export function allChains(db: DbOrTx) {
  return db
    .select()
    .from(recordEntries)
    .where(eq(recordEntries.status, "finalised"))
    .orderBy(asc(recordEntries.patientId), asc(recordEntries.chainSeq));
}
