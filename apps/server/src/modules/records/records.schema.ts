import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { RecordKind, RecordStatus, RecordTemplateField, RecordVisibility } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * One entry of a patient's prontuário (docs/product/records.md, docs/decisions/034). Only its author (the
 * professional) reads it. A finalised row is never updated nor deleted: the repository refuses, and the trigger
 * `record_entries_locked` (migration 0016) refuses a raw UPDATE or DELETE on both databases. A correction is an
 * adendo: another row with `addendum_of` pointing to the original.
 *
 * `appointment_id` has no foreign key on purpose: an `on delete set null` would be an UPDATE of a locked row.
 */
export const recordEntries = pgTable(
  "record_entries",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: belongsTo("patient_id", () => patients.id),
    appointmentId: uuid("appointment_id"),
    kind: text("kind").$type<RecordKind>().notNull(),
    templateId: text("template_id"),
    templateVersion: integer("template_version"),
    /** The template's fields, validated against the template version by the service. */
    fields: jsonb("fields").$type<Record<string, string | number | null>>().notNull().default({}),
    freeText: text("free_text").notNull().default(""),
    /** When the session took place (the professional's statement); `created_at` is the server's own time. */
    sessionAt: timestamp("session_at", { withTimezone: true }).notNull(),
    visibility: text("visibility").$type<RecordVisibility>().notNull().default("prontuario"),
    documentPurpose: text("document_purpose"),
    documentRecipient: text("document_recipient"),
    status: text("status").$type<RecordStatus>().notNull().default("draft"),
    authorUserId: uuid("author_user_id"),
    /** A snapshot of the author at writing time: a later change of name or council number does not rewrite history. */
    authorName: text("author_name").notNull(),
    councilType: text("council_type"),
    councilNumber: text("council_number"),
    councilUf: varchar("council_uf", { length: 2 }),
    addendumOf: uuid("addendum_of").references((): AnyPgColumn => recordEntries.id),
    addendumReason: text("addendum_reason"),
    /** Position in the patient's chain, from 1, given at finalisation. */
    chainSeq: integer("chain_seq"),
    /** SHA-256 (hex) over the previous entry's hash and this entry's content, given at finalisation. */
    contentHash: text("content_hash"),
    previousHash: text("previous_hash"),
    /** Lower-cased, accent-free free text and field values, for the author's search. */
    searchText: text("search_text").notNull().default(""),
    finalisedAt: timestamp("finalised_at", { withTimezone: true }),
    autoFinalised: boolean("auto_finalised").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The timeline: one patient's entries, newest session first.
    index("record_entries_timeline_idx").on(t.professionalId, t.patientId, t.sessionAt.desc(), t.id),
    uniqueIndex("record_entries_chain_key").on(t.patientId, t.chainSeq).where(sql`${t.chainSeq} is not null`),
    index("record_entries_drafts_idx").on(t.professionalId, t.sessionAt).where(sql`${t.status} = 'draft'`),
    index("record_entries_addendum_idx").on(t.addendumOf),
    index("record_entries_appointment_idx").on(t.professionalId, t.appointmentId),
  ],
);

/**
 * A professional's own prontuário template, one row per version (docs/product/records.md §3). A version is never
 * changed: editing the template writes the next version, and an entry keeps the version it was written with.
 * `template_id` ("custom.<uuid>") is shared by every version of one template.
 */
export const recordTemplates = pgTable(
  "record_templates",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    templateId: text("template_id").notNull(),
    version: integer("version").notNull(),
    kind: text("kind").$type<RecordKind>().notNull(),
    name: text("name").notNull(),
    fields: jsonb("fields").$type<RecordTemplateField[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("record_templates_version_key").on(t.professionalId, t.templateId, t.version)],
);

/** PostgreSQL's bytea as a Buffer (both drivers hand back bytes; PGlite a Uint8Array). */
const fileBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A PDF or image attached to a prontuário entry (docs/product/records.md §3), with WhatsApp media's limits, stored
 * in the practice's database like a message's file: tenancy, the export and every backup cover it. Added to and
 * removed from a draft only; once the entry is finalised its files stay as they are.
 */
export const recordAttachments = pgTable(
  "record_attachments",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    entryId: belongsTo("entry_id", () => recordEntries.id),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** SHA-256 (hex) of the bytes, shown with the entry and in the export. */
    sha256: text("sha256").notNull(),
    data: fileBytes("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("record_attachments_entry_idx").on(t.entryId)],
);

/**
 * A termo de eliminação (docs/product/records.md §7): who eliminated a patient's prontuário after its retention,
 * when, which patient id and how many entries. The patient id has no foreign key: the termo outlives the patient.
 */
export const recordEliminations = pgTable(
  "record_eliminations",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: uuid("patient_id").notNull(),
    entries: integer("entries").notNull(),
    lastEntryAt: timestamp("last_entry_at", { withTimezone: true }).notNull(),
    eliminatedByUserId: uuid("eliminated_by_user_id"),
    eliminatedByName: text("eliminated_by_name").notNull(),
    eliminatedAt: timestamp("eliminated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("record_eliminations_professional_idx").on(t.professionalId, t.eliminatedAt)],
);
