import { createHash, randomUUID } from "node:crypto";
import {
  BUILT_IN_RECORD_TEMPLATES,
  MSG,
  baseContentType,
  CUSTOM_TEMPLATE_PREFIX,
  MEDIA_MAX_BYTES,
  RECORD_ATTACHMENT_MSG,
  RECORD_AUTO_FINALISE_HOURS,
  outboundMediaKind,
  RECORD_KIND_LABELS,
  RECORD_MSG,
  RECORD_PENDING_SESSION_DAYS,
  RECORD_RETAINED_LABEL,
  RECORD_RETENTION_YEARS,
  professionOfSpecialty,
  type RecordAddendum,
  type RecordAddendumInput,
  type RecordAttachment,
  type RecordDraftUpdateParsed,
  type RecordEliminationDue,
  type RecordEliminationTermo,
  type RecordEntry,
  type RecordEntryInputParsed,
  type RecordExport,
  type RecordListQuery,
  type RecordPendingSessions,
  type RecordRetention,
  type RecordTemplate,
  type RecordTemplateField,
  type RecordTemplateInputParsed,
  type RecordTemplatesResponse,
} from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { isoInstant } from "../../platform/db/rows";
import { foldForSearch } from "../../platform/db/text-search";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import { appointmentFacts } from "../appointments";
import { recordAudit } from "../audit";
import { lockPatient, patientIdentity } from "../patients";
import { letterheadOf } from "../professionals";
import { looksLike } from "../../platform/lib/file-signature";
import { entryHash } from "./record-chain";
import { renderRecordPdf } from "./record-pdf";
import { checkedFields, fieldKeyOf, fieldLabel, templateOf } from "./record-templates";
import { recordRepository, type RecordRow, type RecordWrite } from "./record.repository";

export type RecordService = ReturnType<typeof recordService>;

type TermoRow = Awaited<ReturnType<ReturnType<typeof recordRepository>["eliminations"]>>[number];
const toTermoDto = (t: TermoRow): RecordEliminationTermo => ({
  id: t.id,
  patient_id: t.patientId,
  entries: t.entries,
  last_entry_at: isoInstant(t.lastEntryAt),
  eliminated_by: t.eliminatedByName,
  eliminated_at: isoInstant(t.eliminatedAt),
});

type TemplateRow = NonNullable<Awaited<ReturnType<ReturnType<typeof recordRepository>["findTemplate"]>>>;

/** One version of the professional's own template, in the built-in templates' shape. */
const toTemplate = (row: TemplateRow, profession: RecordTemplate["profession"] = "outras"): RecordTemplate => ({
  id: row.templateId,
  version: row.version,
  profession,
  kind: row.kind,
  name: row.name,
  fields: row.fields,
  custom: true,
});

/** A template as the API sends it (mutable arrays). */
const templateDto = (t: RecordTemplate) => ({ ...t, fields: t.fields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })) });

/** Field keys for a new version: a key kept from the input stays, a new field gets one from its label. */
function keyedFields(fields: RecordTemplateInputParsed["fields"]): RecordTemplateField[] {
  const taken = new Set<string>();
  const issues: { field: (string | number)[]; msg: string }[] = [];
  fields.forEach((f, i) => {
    if (!f.key) return;
    if (taken.has(f.key)) issues.push({ field: ["fields", i, "key"], msg: "Campo repetido no modelo" });
    taken.add(f.key);
  });
  if (issues.length > 0) throw AppError.validation(issues);
  return fields.map((f) => ({
    key: f.key ?? fieldKeyOf(f.label, taken),
    label: f.label,
    type: f.type,
    ...(f.type === "choice" ? { options: f.options ?? [] } : {}),
    required: f.required,
  }));
}

const HOUR_MS = 3_600_000;

function toAddendumDto(row: RecordRow): RecordAddendum {
  return {
    id: row.id,
    patient_id: row.patientId,
    appointment_id: row.appointmentId,
    kind: row.kind,
    kind_label: RECORD_KIND_LABELS[row.kind] ?? row.kind,
    template_id: row.templateId,
    template_version: row.templateVersion,
    fields: row.fields ?? {},
    free_text: row.freeText,
    session_at: isoInstant(row.sessionAt),
    visibility: row.visibility,
    document_purpose: row.documentPurpose,
    document_recipient: row.documentRecipient,
    status: row.status,
    author: { name: row.authorName, council_type: row.councilType, council_number: row.councilNumber, council_uf: row.councilUf },
    addendum_of: row.addendumOf,
    addendum_reason: row.addendumReason,
    content_hash: row.contentHash,
    previous_hash: row.previousHash,
    created_at: isoInstant(row.createdAt),
    updated_at: isoInstant(row.updatedAt),
    finalised_at: row.finalisedAt ? isoInstant(row.finalisedAt) : null,
    auto_finalised: row.autoFinalised,
  };
}

type AttachmentInfo = Awaited<ReturnType<ReturnType<typeof recordRepository>["attachmentsOf"]>>[number];

const toAttachmentDto = (a: AttachmentInfo): RecordAttachment => ({
  id: a.id,
  file_name: a.fileName,
  content_type: a.contentType,
  size_bytes: a.sizeBytes,
  sha256: a.sha256,
  created_at: isoInstant(a.createdAt),
});

const toEntryDto = (row: RecordRow, addenda: RecordRow[], attachments: AttachmentInfo[] = []): RecordEntry => ({
  ...toAddendumDto(row),
  addenda: addenda.map(toAddendumDto),
  attachments: attachments.filter((a) => a.entryId === row.id).map(toAttachmentDto),
});

/** The words the author's search looks in: free text, field values, the kind, purpose and recipient. */
function searchTextOf(w: Pick<RecordWrite, "kind" | "fields" | "freeText" | "documentPurpose" | "documentRecipient" | "addendumReason">): string {
  const parts = [RECORD_KIND_LABELS[w.kind], w.freeText ?? "", ...Object.values(w.fields ?? {}).map((v) => (v === null ? "" : String(v))), w.documentPurpose ?? "", w.documentRecipient ?? "", w.addendumReason ?? ""];
  return foldForSearch(parts.join(" \n "));
}

/** A retained record's facts: 20 years (or the setting's more) from its last entry (Lei 13.787/2018 art. 6). */
function retentionFrom(facts: { entries: number; lastEntryAt: Date | null }, years: number = RECORD_RETENTION_YEARS) {
  if (facts.entries === 0 || !facts.lastEntryAt) return null;
  const until = new Date(facts.lastEntryAt);
  until.setUTCFullYear(until.getUTCFullYear() + Math.max(years, RECORD_RETENTION_YEARS));
  return { entries: facts.entries, lastEntryAt: facts.lastEntryAt, retainedUntil: until };
}

/**
 * Whether the patient has a prontuário still under retention at `now`, and until when. Privacy asks this before
 * anonymising: a retained record turns the anonymisation into a restriction (docs/product/records.md §7).
 */
export async function recordRetentionOf(db: DbOrTx, professionalId: string, patientId: string, now: Date, years?: number) {
  const r = retentionFrom(await recordRepository(db, professionalId).retentionFacts(patientId), years);
  return r && r.retainedUntil > now ? r : null;
}

/**
 * Whether the professional holds finalised prontuário entries. Deleting her practice with all its data must refuse
 * then: a finalised entry is kept 20 years and never deleted with an account (docs/product/records.md §7).
 */
export function holdsFinalisedRecords(db: DbOrTx, professionalId: string) {
  return recordRepository(db, professionalId).holdsFinalised();
}

/**
 * The patient's prontuário for her LGPD export: every entry with its adendos, oldest session first; registros
 * documentais sigilosos only when the professional ticked them. Logged as an access with the entries it carried.
 */
export async function recordsForExport(db: DbOrTx, caller: TenantCaller, patientId: string, includeConfidential: boolean): Promise<RecordExport> {
  const all = await recordRepository(db, caller.professionalId).allOfPatient(patientId);
  const originals = all.filter((r) => !r.addendumOf);
  const shown = originals.filter((r) => includeConfidential || r.visibility !== "sigiloso");
  const files = await recordRepository(db, caller.professionalId).attachmentFilesOf(shown.map((r) => r.id));
  const entries = shown.map((r) => ({
    ...toEntryDto(
      r,
      all.filter((a) => a.addendumOf === r.id),
    ),
    attachments: files.filter((f) => f.entryId === r.id).map((f) => ({ ...toAttachmentDto(f), data_base64: f.data.toString("base64") })),
  }));
  const ids = entries.flatMap((e) => [e.id, ...e.addenda.map((a) => a.id)]);
  if (ids.length > 0) {
    await recordAudit(db, caller, { action: "record.exported", entityType: "patient", entityId: patientId, details: { entry_ids: ids, include_confidential: includeConfidential } });
  }
  return { included_confidential: includeConfidential, confidential_left_out: originals.length - shown.length, entries };
}

/**
 * The prontuário (docs/product/records.md, docs/decisions/034). Every read goes to the audit trail as an access of
 * the patient (the "Acessos" list and the LGPD export show it); no content is ever written there. Only the
 * professional who wrote an entry reaches it: the repository is scoped by the caller's professional.
 */
export function recordService(db: Db, clock: Clock, options: { retentionYears?: number } = {}) {
  const years = Math.max(options.retentionYears ?? RECORD_RETENTION_YEARS, RECORD_RETENTION_YEARS);
  const ownPatient = async (tx: DbOrTx, caller: TenantCaller, patientId: string) => {
    const row = await patientIdentity(tx, caller.professionalId, patientId);
    if (!row) throw AppError.notFound(RECORD_MSG.patientNotFound);
    return row;
  };

  /** Places an entry at the end of its patient's chain and locks it. */
  const finaliseRow = async (tx: DbOrTx, caller: TenantCaller, row: RecordRow, auto: boolean) => {
    const repo = recordRepository(tx, caller.professionalId);
    await lockPatient(tx, caller.professionalId, row.patientId);
    const head = await repo.chainHead(row.patientId);
    const finalisedAt = clock.now();
    const chainSeq = (head?.chainSeq ?? 0) + 1;
    const previousHash = head?.contentHash ?? null;
    const contentHash = entryHash({ ...row, chainSeq, finalisedAt }, previousHash);
    const locked = await repo.updateDraft(row.id, { status: "finalised", chainSeq, previousHash, contentHash, finalisedAt, autoFinalised: auto }, finalisedAt);
    if (!locked) throw AppError.conflict(RECORD_MSG.locked);
    return locked;
  };

  /** Drafts whose session was more than 24 h ago are finalised before anything reads or writes them. */
  const finaliseDue = async (caller: TenantCaller, patientId?: string) => {
    const cutoff = new Date(clock.now().getTime() - RECORD_AUTO_FINALISE_HOURS * HOUR_MS);
    const due = await recordRepository(db, caller.professionalId).draftsSessionBefore(cutoff, patientId);
    for (const row of due) {
      await db.transaction(async (tx) => {
        const current = await recordRepository(tx, caller.professionalId).findById(row.id);
        if (current?.status === "draft") await finaliseRow(tx, caller, current, true);
      });
    }
  };

  const loadEntry = async (tx: DbOrTx, caller: TenantCaller, id: string) => {
    const repo = recordRepository(tx, caller.professionalId);
    const row = await repo.findById(id);
    if (!row) throw AppError.notFound(RECORD_MSG.notFound);
    return { row, dto: toEntryDto(row, await repo.addendaOf([row.id]), await repo.attachmentsOf([row.id])) };
  };

  const authorSnapshot = async (tx: DbOrTx, caller: TenantCaller) => {
    const p = await letterheadOf(tx, caller.professionalId);
    return {
      authorUserId: caller.userId,
      authorName: p?.fullName ?? caller.email,
      councilType: p?.licenseType ?? null,
      councilNumber: p?.licenseNumber ?? null,
      councilUf: p?.licenseState ?? null,
    };
  };

  /** A built-in template or one of hers, at `version` (the latest when not given); null when there is none. */
  const resolveTemplate = async (tx: DbOrTx, caller: TenantCaller, id: string | null | undefined, version?: number | null): Promise<RecordTemplate | null> => {
    if (!id) return null;
    if (!id.startsWith(CUSTOM_TEMPLATE_PREFIX)) return templateOf(id, version);
    const row = await recordRepository(tx, caller.professionalId).findTemplate(id, version);
    return row ? toTemplate(row) : null;
  };

  /**
   * The checked content of an entry. `kept` is the draft's template and version: saving it again with the same
   * template keeps the version it was started with, even when the template changed since.
   */
  const contentOf = async (tx: DbOrTx, caller: TenantCaller, kind: RecordEntryInputParsed["kind"], input: RecordDraftUpdateParsed, kept?: { templateId: string | null; version: number | null }) => {
    const version = kept && kept.templateId === input.template_id ? kept.version : undefined;
    const resolved = await resolveTemplate(tx, caller, input.template_id, version);
    const { template, fields } = checkedFields(kind, input.template_id, resolved, input.fields, false);
    if (kind === "documento_emitido" && (!input.document_purpose || !input.document_recipient)) {
      throw AppError.validation([
        ...(input.document_purpose ? [] : [{ field: "document_purpose", msg: RECORD_MSG.documentRequired }]),
        ...(input.document_recipient ? [] : [{ field: "document_recipient", msg: RECORD_MSG.documentRequired }]),
      ]);
    }
    const write = {
      kind,
      templateId: template?.id ?? null,
      templateVersion: template?.version ?? null,
      fields,
      freeText: input.free_text,
      sessionAt: new Date(input.session_at),
      visibility: input.visibility,
      documentPurpose: input.document_purpose || null,
      documentRecipient: input.document_recipient || null,
    };
    return { ...write, searchText: searchTextOf(write) };
  };

  const audit = (tx: DbOrTx, caller: TenantCaller, action: string, patientId: string, entryIds: string[]) =>
    recordAudit(tx, caller, { action, entityType: "patient", entityId: patientId, details: { entry_ids: entryIds } });

  return {
    /** The built-in templates, those of the professional's profession (from the specialty) first. */
    async templates(caller: TenantCaller): Promise<RecordTemplatesResponse> {
      const repo = recordRepository(db, caller.professionalId);
      const p = await letterheadOf(db, caller.professionalId);
      const profession = professionOfSpecialty(p?.specialty ?? "");
      const own = (await repo.latestTemplates()).map((row) => toTemplate(row, profession));
      const mine = BUILT_IN_RECORD_TEMPLATES.filter((t) => t.profession === profession);
      const others = BUILT_IN_RECORD_TEMPLATES.filter((t) => t.profession !== profession);
      return { profession, templates: [...own, ...mine, ...others].map(templateDto) };
    },

    /** A template of her own, version 1. */
    async createTemplate(caller: TenantCaller, input: RecordTemplateInputParsed) {
      const row = await recordRepository(db, caller.professionalId).insertTemplate(
        { templateId: `${CUSTOM_TEMPLATE_PREFIX}${randomUUID()}`, version: 1, kind: input.kind, name: input.name, fields: keyedFields(input.fields) },
        clock.now(),
      );
      return templateDto(toTemplate(row));
    },

    /** One version of her template (the latest when not given): a draft written with an older one is continued with it. */
    async templateVersion(caller: TenantCaller, id: string, version?: number) {
      const row = await recordRepository(db, caller.professionalId).findTemplate(`${CUSTOM_TEMPLATE_PREFIX}${id}`, version);
      if (!row) throw AppError.notFound(RECORD_MSG.templateNotFound);
      return templateDto(toTemplate(row));
    },

    /** Editing her template writes its next version; entries keep the version they were written with. */
    async updateTemplate(caller: TenantCaller, id: string, input: RecordTemplateInputParsed) {
      return db.transaction(async (tx) => {
        const repo = recordRepository(tx, caller.professionalId);
        const templateId = `${CUSTOM_TEMPLATE_PREFIX}${id}`;
        const latest = await repo.findTemplate(templateId);
        if (!latest) throw AppError.notFound(RECORD_MSG.templateNotFound);
        const row = await repo.insertTemplate({ templateId, version: latest.version + 1, kind: input.kind, name: input.name, fields: keyedFields(input.fields) }, clock.now());
        return templateDto(toTemplate(row));
      });
    },

    /**
     * "Sessões sem evolução" on the Painel: concluded appointments of the last 7 days with no entry, up to `limit`.
     * No entry is read, so nothing is logged.
     */
    async pendingSessions(caller: TenantCaller, limit = 10): Promise<RecordPendingSessions> {
      const now = clock.now();
      const from = new Date(now.getTime() - RECORD_PENDING_SESSION_DAYS * 24 * HOUR_MS);
      const { rows, total } = await recordRepository(db, caller.professionalId).concludedWithoutEntry(from, now, limit);
      return {
        items: rows.map((r) => ({ appointment_id: r.id, patient_id: r.patientId, patient_name: r.patientName, appointment_type: r.appointmentType, starts_at: isoInstant(r.startsAt) })),
        total,
      };
    },

    /** A page of the patient's timeline (newest session first), each entry with its adendos. Logged as an access. */
    async list(caller: TenantCaller, patientId: string, q: RecordListQuery) {
      await ownPatient(db, caller, patientId);
      await finaliseDue(caller, patientId);
      const repo = recordRepository(db, caller.professionalId);
      const { rows, total } = await repo.listTopLevel(patientId, { kind: q.kind, search: q.search ? foldForSearch(q.search) : undefined }, pageWindow(q));
      const [addenda, attachments] = await Promise.all([repo.addendaOf(rows.map((r) => r.id)), repo.attachmentsOf(rows.map((r) => r.id))]);
      const items = rows.map((r) =>
        toEntryDto(
          r,
          addenda.filter((a) => a.addendumOf === r.id),
          attachments,
        ),
      );
      await audit(db, caller, "record.timeline_viewed", patientId, [...rows.map((r) => r.id), ...addenda.map((a) => a.id)]);
      return pageOf(items, total, q);
    },

    /** One entry with its adendos. Logged as an access. */
    async get(caller: TenantCaller, id: string) {
      const first = await recordRepository(db, caller.professionalId).findById(id);
      if (!first) throw AppError.notFound(RECORD_MSG.notFound);
      await finaliseDue(caller, first.patientId);
      const { dto } = await loadEntry(db, caller, id);
      await audit(db, caller, "record.entry_viewed", dto.patient_id, [dto.id, ...dto.addenda.map((a) => a.id)]);
      return dto;
    },

    /** A new draft for one of the professional's patients, optionally tied to one of its appointments. */
    async create(caller: TenantCaller, patientId: string, input: RecordEntryInputParsed) {
      return db.transaction(async (tx) => {
        const patient = await ownPatient(tx, caller, patientId);
        if (patient.anonymizedAt) throw AppError.conflict(RECORD_MSG.anonymized);
        if (input.appointment_id) {
          const appointment = await appointmentFacts(tx, caller.professionalId, input.appointment_id);
          if (!appointment || appointment.patientId !== patientId) throw AppError.validation([{ field: "appointment_id", msg: RECORD_MSG.appointmentNotFound }]);
        }
        const row = await recordRepository(tx, caller.professionalId).insert({
          ...(await contentOf(tx, caller, input.kind, input)),
          ...(await authorSnapshot(tx, caller)),
          patientId,
          appointmentId: input.appointment_id ?? null,
          status: "draft",
        }, clock.now());
        await audit(tx, caller, "record.entry_created", patientId, [row.id]);
        return toEntryDto(row, []);
      });
    },

    /** Saves a draft (the autosave); a finalised entry is refused with 409 and nothing is written. */
    async updateDraft(caller: TenantCaller, id: string, input: RecordDraftUpdateParsed) {
      const first = await recordRepository(db, caller.professionalId).findById(id);
      if (!first) throw AppError.notFound(RECORD_MSG.notFound);
      await finaliseDue(caller, first.patientId);
      return db.transaction(async (tx) => {
        const { row } = await loadEntry(tx, caller, id);
        if (row.status !== "draft") throw AppError.conflict(RECORD_MSG.locked);
        const content = await contentOf(tx, caller, row.kind, input, { templateId: row.templateId, version: row.templateVersion });
        const saved = await recordRepository(tx, caller.professionalId).updateDraft(id, content, clock.now());
        if (!saved) throw AppError.conflict(RECORD_MSG.locked);
        return toEntryDto(saved, [], await recordRepository(tx, caller.professionalId).attachmentsOf([id]));
      });
    },

    /** "Finalizar": the author locks the draft for good; its required fields must be filled. */
    async finalise(caller: TenantCaller, id: string) {
      return db.transaction(async (tx) => {
        const { row } = await loadEntry(tx, caller, id);
        if (row.status !== "draft") throw AppError.conflict(RECORD_MSG.locked);
        checkedFields(row.kind, row.templateId, await resolveTemplate(tx, caller, row.templateId, row.templateVersion), row.fields ?? {}, true);
        if (!row.freeText.trim() && Object.values(row.fields ?? {}).every((v) => v === null || v === "")) {
          throw AppError.validation([{ field: "free_text", msg: "Escreva o registro antes de finalizar" }]);
        }
        await finaliseRow(tx, caller, row, false);
        await audit(tx, caller, "record.entry_finalised", row.patientId, [row.id]);
        return (await loadEntry(tx, caller, id)).dto;
      });
    },

    /** An adendo to a finalised entry: a new, immediately finalised entry pointing to it; the original stays as it was. */
    async addAddendum(caller: TenantCaller, id: string, input: RecordAddendumInput) {
      return db.transaction(async (tx) => {
        const { row: original } = await loadEntry(tx, caller, id);
        if (original.addendumOf) throw AppError.conflict(RECORD_MSG.addendumOfAddendum);
        if (original.status !== "finalised") throw AppError.conflict(RECORD_MSG.notFinalised);
        const now = clock.now();
        const write = {
          kind: original.kind,
          fields: {},
          freeText: input.free_text.trim(),
          addendumReason: input.reason.trim(),
          documentPurpose: null,
          documentRecipient: null,
        };
        const draft = await recordRepository(tx, caller.professionalId).insert({
          ...write,
          ...(await authorSnapshot(tx, caller)),
          searchText: searchTextOf(write),
          patientId: original.patientId,
          appointmentId: original.appointmentId,
          sessionAt: now,
          visibility: original.visibility,
          addendumOf: original.id,
          status: "draft",
        }, now);
        await finaliseRow(tx, caller, draft, false);
        await audit(tx, caller, "record.addendum_created", original.patientId, [original.id, draft.id]);
        return (await loadEntry(tx, caller, id)).dto;
      });
    },

    /**
     * A PDF or image attached to a draft, with WhatsApp media's rules: an accepted type, at most 16 MB, bytes that
     * are what they claim. Stored in the practice's database and never sent anywhere; logged as a write.
     */
    async addAttachment(caller: TenantCaller, id: string, file: { data: Buffer; contentType: string | undefined }, fileName: string) {
      const first = await recordRepository(db, caller.professionalId).findById(id);
      if (!first) throw AppError.notFound(RECORD_MSG.notFound);
      await finaliseDue(caller, first.patientId);
      if (!outboundMediaKind(file.contentType)) throw new AppError(415, MSG.attachmentTypeNotAccepted, "unsupported_media_type");
      if (file.data.length > MEDIA_MAX_BYTES) throw new AppError(413, MSG.attachmentTooLarge, "payload_too_large");
      if (file.data.length === 0) throw AppError.validation([{ field: "body", msg: MSG.attachmentEmpty }]);
      if (!looksLike(file.contentType!, file.data)) throw AppError.validation([{ field: "body", msg: MSG.mediaEmpty }]);
      const contentType = baseContentType(file.contentType);
      return db.transaction(async (tx) => {
        const { row } = await loadEntry(tx, caller, id);
        if (row.status !== "draft") throw AppError.conflict(RECORD_ATTACHMENT_MSG.draftOnly);
        const repo = recordRepository(tx, caller.professionalId);
        const sha256 = createHash("sha256").update(file.data).digest("hex");
        const added = await repo.insertAttachment({ entryId: id, fileName, contentType, sizeBytes: file.data.length, sha256, data: file.data }, clock.now());
        await recordAudit(tx, caller, { action: "record.attachment_added", entityType: "patient", entityId: row.patientId, details: { entry_ids: [id], attachment_id: added.id } });
        return (await loadEntry(tx, caller, id)).dto;
      });
    },

    /** A file of one of her entries, to show or download; logged as an access with the entry and the file. */
    async attachment(caller: TenantCaller, id: string, fileId: string) {
      const file = await recordRepository(db, caller.professionalId).findAttachment(id, fileId);
      const entry = file ? await recordRepository(db, caller.professionalId).findById(id) : null;
      if (!file || !entry) throw AppError.notFound(RECORD_ATTACHMENT_MSG.notFound);
      await recordAudit(db, caller, { action: "record.attachment_downloaded", entityType: "patient", entityId: entry.patientId, details: { entry_ids: [id], attachment_id: fileId } });
      return file;
    },

    /** Removes a file from a draft; a finalised entry keeps its files (409). */
    async removeAttachment(caller: TenantCaller, id: string, fileId: string) {
      return db.transaction(async (tx) => {
        const { row } = await loadEntry(tx, caller, id);
        if (row.status !== "draft") throw AppError.conflict(RECORD_ATTACHMENT_MSG.draftOnly);
        if (!(await recordRepository(tx, caller.professionalId).deleteAttachment(id, fileId))) throw AppError.notFound(RECORD_ATTACHMENT_MSG.notFound);
        return (await loadEntry(tx, caller, id)).dto;
      });
    },

    /**
     * The prontuários past retention (docs/product/records.md §7): each patient whose last entry was written more
     * than the retention's years ago, with how many entries would go. Computed when read: nothing is due in between.
     */
    async dueForElimination(caller: TenantCaller): Promise<RecordEliminationDue> {
      const now = clock.now();
      const cutoff = new Date(now);
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
      const rows = await recordRepository(db, caller.professionalId).lastEntryBefore(cutoff);
      return {
        retention_years: years,
        items: rows.map((r) => ({
          patient_id: r.patientId,
          patient_name: r.patientName,
          entries: r.entries,
          last_entry_at: isoInstant(r.lastEntryAt),
          retained_until: isoInstant(retentionFrom({ entries: r.entries, lastEntryAt: r.lastEntryAt }, years)!.retainedUntil),
        })),
      };
    },

    /**
     * The professional confirms the elimination of one patient's prontuário past retention: every entry, adendo and
     * file goes, and a termo de eliminação (who, when, which patient id, how many entries) is kept, in one transaction.
     */
    async eliminate(caller: TenantCaller, patientId: string): Promise<RecordEliminationTermo> {
      return db.transaction(async (tx) => {
        await ownPatient(tx, caller, patientId);
        const repo = recordRepository(tx, caller.professionalId);
        await lockPatient(tx, caller.professionalId, patientId);
        const facts = await repo.retentionFacts(patientId);
        const r = retentionFrom(facts, years);
        const now = clock.now();
        if (!r) throw AppError.conflict(RECORD_MSG.nothingToEliminate);
        if (r.retainedUntil > now) throw AppError.conflict(RECORD_MSG.stillRetained);
        const entries = await repo.eliminateAllOfPatient(patientId);
        const author = await authorSnapshot(tx, caller);
        const termo = await repo.insertElimination({ patientId, entries, lastEntryAt: r.lastEntryAt, eliminatedByUserId: caller.userId, eliminatedByName: author.authorName, eliminatedAt: now });
        await recordAudit(tx, caller, { action: "record.eliminated", entityType: "patient", entityId: patientId, details: { entries, termo_id: termo.id } });
        return toTermoDto(termo);
      });
    },

    /** The termos de eliminação she signed, newest first. */
    async eliminations(caller: TenantCaller): Promise<RecordEliminationTermo[]> {
      return (await recordRepository(db, caller.professionalId).eliminations()).map(toTermoDto);
    },

    /** Whether the patient's record is under retention, and until when. */
    async retention(caller: TenantCaller, patientId: string): Promise<RecordRetention> {
      const patient = await ownPatient(db, caller, patientId);
      const r = retentionFrom(await recordRepository(db, caller.professionalId).retentionFacts(patientId), years);
      const restricted = Boolean(patient.anonymizedAt && r);
      return {
        entries: r?.entries ?? 0,
        last_entry_at: r ? isoInstant(r.lastEntryAt) : null,
        retained_until: r ? isoInstant(r.retainedUntil) : null,
        restricted,
        label: restricted ? RECORD_RETAINED_LABEL : null,
      };
    },

    /** The whole prontuário as a PDF; the print is logged with the entries it carried. */
    async pdf(caller: TenantCaller, patientId: string): Promise<Buffer> {
      const patient = await ownPatient(db, caller, patientId);
      await finaliseDue(caller, patientId);
      const repo = recordRepository(db, caller.professionalId);
      const [professional, all, head] = await Promise.all([letterheadOf(db, caller.professionalId), repo.allOfPatient(patientId), repo.chainHead(patientId)]);
      const templates = new Map<string, RecordTemplate | null>();
      for (const r of all) {
        const key = `${r.templateId}@${r.templateVersion}`;
        if (r.templateId && !templates.has(key)) templates.set(key, await resolveTemplate(db, caller, r.templateId, r.templateVersion));
      }
      const withLabels = (row: RecordRow): RecordRow => ({
        ...row,
        fields: Object.fromEntries(Object.entries(row.fields ?? {}).map(([k, v]) => [fieldLabel(templates.get(`${row.templateId}@${row.templateVersion}`) ?? null, k), v])),
      });
      const entries = all
        .filter((r) => !r.addendumOf)
        .map((r) =>
          toEntryDto(
            withLabels(r),
            all.filter((a) => a.addendumOf === r.id),
          ),
        );
      await audit(db, caller, "record.printed", patientId, all.map((r) => r.id));
      const council =
        professional?.licenseType && professional.licenseNumber
          ? `${professional.licenseType} ${professional.licenseNumber}${professional.licenseState ? `/${professional.licenseState}` : ""}`
          : null;
      return renderRecordPdf({
        letterhead: {
          name: professional?.fullName ?? "",
          council,
          clinicName: professional?.clinicName ?? null,
          clinicAddress: [professional?.clinicAddress, professional?.clinicCity, professional?.clinicState].filter(Boolean).join(", ") || null,
        },
        patient: { id: patient.id, name: patient.name, birthDate: patient.birthDate, cpf: patient.cpf },
        entries,
        generatedAt: clock.now(),
        timeZone: caller.practice.timeZone,
        lastHash: head?.contentHash ?? null,
        retainedLabel: patient.anonymizedAt ? RECORD_RETAINED_LABEL : null,
      });
    },
  };
}
