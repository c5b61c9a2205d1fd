import {
  ACCESS_ACTION_LABELS,
  CONSENT_CHANNELS,
  type AccessLogEntry,
  type AccessLogQuery,
  type ConsentInput,
  type PatientConsents,
  type PatientExport,
} from "@clinora/contracts";
import { dateAtTime, dateTimeIn } from "@clinora/contracts/date-display";
import type { Db, DbOrTx } from "../../platform/db/client";
import { hhmm, iso, isoInstant } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import { upcomingAppointmentsOf } from "../appointments";
import { recordAudit } from "../audit";
import { recordRetentionOf, recordsForExport } from "../records";
import { queueCalendarSync } from "../google-calendar";
import type { MessagingService } from "../messaging";
import type { PatientService } from "../patients";
import { consentEventsOf, latestByChannel, recordConsents, scrubConsentEvents, type ConsentSubject } from "../consent";
import { ANONYMOUS_NAME, privacyRepository, REMOVED_TEXT, type AccessRow } from "./privacy.repository";
import { renderPatientExportHtml } from "./patient-export.html";
import { paymentsForExport } from "../payments";

const NOT_FOUND = "Paciente não encontrado";
export const FUTURE_APPOINTMENTS_ACTIVE = "O paciente ainda tem compromissos futuros ativos";

/** The refusal names the blocking appointments ("26/11/2026 às 14:00"), so the professional knows which to cancel. */
export function futureAppointmentsRefusal(blocking: { date: string; time: string }[]): string {
  const shown = blocking.slice(0, 5).map(({ date, time }) => dateAtTime(date, time));
  const more = blocking.length > shown.length ? ` e mais ${blocking.length - shown.length}` : "";
  return `${FUTURE_APPOINTMENTS_ACTIVE}: ${shown.join(", ")}${more}. Cancele-os antes de anonimizar.`;
}
export const ALREADY_ANONYMIZED = "Este paciente já foi anonimizado";

/** `dd/MM/yyyy HH:mm` in the practice's zone: how the professional reads a moment. */
export function localStamp(at: Date, timeZone: string): string {
  return dateTimeIn(at, timeZone);
}

function actorNameOf(row: { actorRole: string | null; actorName: string | null; actorUserId: string | null }): string {
  if (row.actorRole === "assistant") return "Assistente virtual";
  if (row.actorRole === "patient") return "O próprio paciente (WhatsApp)";
  if (row.actorName) return row.actorName;
  return row.actorUserId ? "Usuário removido" : "Sistema";
}

export type PrivacyService = ReturnType<typeof privacyService>;

/** What the professional ticked when exporting: registros documentais sigilosos are left out unless she does. */
export interface ExportOptions {
  includeConfidential: boolean;
}

/**
 * A patient's data rights under the LGPD (art. 18): consent per channel, who accessed the record, the export of
 * everything held, and anonymisation. docs/decisions/018-patient-data-rights-and-backups.md.
 */
export function privacyService(db: Db, clock: Clock, deps: { patients: PatientService; messaging: Pick<MessagingService, "patientThreads" | "scrubPatientThreads">; recordRetentionYears?: number }) {
  const findPatient = async (tx: DbOrTx, caller: TenantCaller, patientId: string) => {
    const row = await privacyRepository(tx, caller.professionalId).findPatient(patientId);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  };

  const toAccessEntry = (row: AccessRow, timeZone: string): AccessLogEntry => ({
    id: row.id,
    action: row.action,
    action_label: ACCESS_ACTION_LABELS[row.action] ?? row.action,
    actor_name: actorNameOf(row),
    actor_role: row.actorRole,
    entity_type: row.entityType,
    entity_id: row.entityId,
    ip: row.ip,
    details: (row.details as Record<string, unknown> | null) ?? null,
    at: isoInstant(row.at),
    at_local: localStamp(row.at, timeZone),
  });

  const consentsOf = async (tx: DbOrTx, caller: TenantCaller, subject: ConsentSubject): Promise<PatientConsents> => {
    const tz = caller.practice.timeZone;
    const events = await consentEventsOf(tx, caller.professionalId, subject);
    const latest = latestByChannel(events);
    const channels = CONSENT_CHANNELS.map((channel) => {
      const e = latest.get(channel);
      return {
        channel,
        state: e ? e.status : ("not_recorded" as const),
        method: e?.method ?? null,
        at: iso(e?.at),
        at_local: e ? localStamp(e.at, tz) : null,
      };
    });
    return {
      channels,
      whatsapp_opted_out: channels.some((c) => c.state === "withdrawn"),
      history: events.map((e) => ({
        id: e.id,
        channel: e.channel,
        status: e.status,
        method: e.method,
        note: e.note,
        actor_name: e.actorUserId ? (e.actorName ?? "Usuário removido") : "O próprio paciente (WhatsApp)",
        at: isoInstant(e.at),
        at_local: localStamp(e.at, tz),
      })),
    };
  };

  /** Everything about one patient, as the export document. */
  const collect = async (caller: TenantCaller, patientId: string, opts: ExportOptions): Promise<PatientExport> => {
    const tz = caller.practice.timeZone;
    const repo = privacyRepository(db, caller.professionalId);
    const row = await findPatient(db, caller, patientId);
    const subject = { id: row.id, phone: row.phone };
    // First: it logs the entries it carries, and the document's access history must show that.
    const records = await recordsForExport(db, caller, patientId, opts.includeConfidential);
    const [professional, appointmentRows, taskRows, threads, consents, access] = await Promise.all([
      repo.professional(),
      repo.appointmentsOf(patientId),
      repo.tasksOf(patientId),
      deps.messaging.patientThreads(db, caller.professionalId, subject),
      consentsOf(db, caller, subject),
      repo.accessLog(patientId, { limit: 10_000, offset: 0 }),
    ]);
    const payments = await paymentsForExport(db, caller.professionalId, patientId);
    const now = clock.now();
    return {
      format: "clinora.patient-export",
      version: 1,
      generated_at: isoInstant(now),
      generated_at_local: localStamp(now, tz),
      time_zone: tz,
      controller: {
        name: professional?.fullName ?? "",
        clinic_name: professional?.clinicName ?? null,
        email: professional?.clinicEmail ?? professional?.email ?? null,
        phone: professional?.clinicPhone ?? professional?.phone ?? null,
        address: professional?.clinicAddress ?? null,
      },
      patient: await deps.patients.withAppointments(caller, row),
      records,
      appointments: appointmentRows.map((a) => ({
        id: a.id,
        date: a.appointmentDate,
        time: hhmm(a.appointmentTime),
        duration: a.duration,
        type: a.appointmentType,
        status: a.status,
        source: a.source,
        notes: a.notes,
        created_at: isoInstant(a.createdAt),
        updated_at: isoInstant(a.updatedAt),
      })),
      tasks: taskRows.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        status: t.status,
        priority: t.priority,
        due_date: t.dueDate,
        completed_at: iso(t.completedAt),
        created_at: isoInstant(t.createdAt),
      })),
      conversations: threads.map(({ conversation: c, messages }) => ({
        id: c.id,
        channel: c.channel,
        status: c.status,
        patient_name: c.patientName,
        phone_number: c.phoneNumber,
        created_at: isoInstant(c.createdAt),
        messages: messages.map((m) => ({
          id: m.id,
          direction: m.direction,
          sender: m.sender,
          content: m.content,
          status: m.status,
          error_code: m.errorCode,
          sent_at: isoInstant(m.sentAt),
          sent_at_local: localStamp(m.sentAt, tz),
          media: m.media.map((f) => ({
            id: f.id,
            kind: f.kind,
            content_type: f.contentType,
            file_name: f.fileName,
            size_bytes: f.sizeBytes,
            status: f.status,
            transcript: f.transcriptStatus === "done" ? f.transcript : null,
            data_base64: f.data ? f.data.toString("base64") : null,
          })),
        })),
      })),
      consents,
      access_log: access.rows.map((r) => toAccessEntry(r, tz)),
      payments,
    };
  };

  return {
    async consents(caller: TenantCaller, patientId: string): Promise<PatientConsents> {
      const row = await findPatient(db, caller, patientId);
      return consentsOf(db, caller, { id: row.id, phone: row.phone });
    },

    /** The professional records a consent given or withdrawn in person, in writing, by phone or email. */
    async recordConsent(caller: TenantCaller, patientId: string, input: ConsentInput): Promise<PatientConsents> {
      return db.transaction(async (tx) => {
        const row = await findPatient(tx, caller, patientId);
        if (row.anonymizedAt) throw AppError.conflict("Este paciente foi anonimizado e não pode mais ser alterado");
        await recordConsents(tx, caller, { patientId, phone: row.phone, channels: [input.channel], status: input.status, method: input.method, note: input.note, at: clock.now() });
        return consentsOf(tx, caller, { id: row.id, phone: row.phone });
      });
    },

    /** Who viewed or changed the record (and its appointments), newest first, times in the practice's zone. */
    async accessLog(caller: TenantCaller, patientId: string, q: AccessLogQuery) {
      await findPatient(db, caller, patientId);
      const { rows, total } = await privacyRepository(db, caller.professionalId).accessLog(patientId, pageWindow(q));
      return pageOf(
        rows.map((r) => toAccessEntry(r, caller.practice.timeZone)),
        total,
        q,
      );
    },

    /** The export as data; the export itself is written to the access history first, so the document shows it. */
    async exportJson(caller: TenantCaller, patientId: string, opts: ExportOptions = { includeConfidential: false }): Promise<PatientExport> {
      await findPatient(db, caller, patientId);
      await recordAudit(db, caller, { action: "patient.exported", entityType: "patient", entityId: patientId, details: { format: "json" } });
      return collect(caller, patientId, opts);
    },

    /** The same export as a printable page in Portuguese. */
    async exportHtml(caller: TenantCaller, patientId: string, opts: ExportOptions = { includeConfidential: false }): Promise<string> {
      await findPatient(db, caller, patientId);
      await recordAudit(db, caller, { action: "patient.exported", entityType: "patient", entityId: patientId, details: { format: "html" } });
      return renderPatientExportHtml(await collect(caller, patientId, opts));
    },

    /**
     * Anonymises a patient at its request (LGPD art. 18 IV and VI): identifying values and every free text about it
     * go, in one transaction; the appointments' dates, types and statuses stay (Lei 13.787/2018 retention). Refused
     * while a future appointment is still pending or confirmed. The calendar events are re-synced so the name also
     * leaves Google Calendar.
     */
    async anonymize(caller: TenantCaller, patientId: string) {
      const at = clock.now();
      const row = await db.transaction(async (tx) => {
        const repo = privacyRepository(tx, caller.professionalId);
        const patient = await repo.lockPatient(patientId);
        if (!patient) throw AppError.notFound(NOT_FOUND);
        if (patient.anonymizedAt) throw AppError.conflict(ALREADY_ANONYMIZED);
        // Upcoming appointments block it (the appointments' one rule of an upcoming appointment).
        const blocking = (await upcomingAppointmentsOf(tx, caller.professionalId, [patientId], at)).map((a) => ({ date: a.appointment_date, time: a.appointment_time }));
        if (blocking.length > 0) throw AppError.conflict(futureAppointmentsRefusal(blocking));

        const subject = { id: patient.id, phone: patient.phone };
        const needles = [patient.name, patient.phone, patient.phone?.replace(/^\+55/, ""), patient.cpf, patient.email].filter(
          (v): v is string => typeof v === "string" && v.trim().length >= 4,
        );
        // Voice notes, photos and documents (and the transcripts) go with what was said.
        await deps.messaging.scrubPatientThreads(tx, caller.professionalId, subject, { name: ANONYMOUS_NAME, text: REMOVED_TEXT }, at);
        await scrubConsentEvents(tx, caller.professionalId, subject);
        await repo.scrubTasksOf(patientId, at);
        await repo.scrubMentionsInTasks(needles, at);
        await repo.scrubCopies(needles);
        const appointmentIds = await repo.scrubAppointments(patientId, at);
        // A prontuário under retention turns the anonymisation into a restriction (docs/product/records.md §7).
        const retained = await recordRetentionOf(tx, caller.professionalId, patientId, at, deps.recordRetentionYears);
        await (retained ? repo.restrictPatient(patientId, at) : repo.anonymizePatient(patientId, at));
        for (const id of appointmentIds) await queueCalendarSync(tx, clock, caller.professionalId, id);
        await recordAudit(tx, caller, {
          action: "patient.anonymized",
          entityType: "patient",
          entityId: patientId,
          details: { appointments_kept: appointmentIds.length, ...(retained ? { record_retained_until: retained.retainedUntil.toISOString() } : {}) },
        });
        return (await repo.lockPatient(patientId))!;
      });
      return deps.patients.withAppointments(caller, row);
    },
  };
}
