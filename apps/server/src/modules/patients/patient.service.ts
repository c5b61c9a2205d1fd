import type { Patient, PatientInputParsed, PatientListQuery } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import type { TenantCaller } from "../../platform/lib/caller";
import { upcomingAppointmentsOf } from "../appointments";
import { recordAudit, type AuditActor } from "../audit";
import { patientRepository, type PatientRow, type PatientWrite } from "./patient.repository";
import { iso, isoInstant } from "../../platform/db/rows";

export type PatientService = ReturnType<typeof patientService>;

type PatientExtra = Pick<Patient, "last_appointment" | "next_appointment" | "whatsapp_opted_out">;

/** A patient as the API returns it; `extra` carries what comes from other tables. */
export function toPatientDto(row: PatientRow, extra: PatientExtra): Patient {
  const created = isoInstant(row.createdAt);
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    birth_date: row.birthDate,
    cpf: row.cpf,
    address: row.address,
    preferred_time: row.preferredTime,
    notes: row.notes,
    medical_history: row.medicalHistory,
    emergency_contact: row.emergencyContact,
    created_date: created,
    created_at: created,
    updated_at: isoInstant(row.updatedAt),
    anonymized_at: iso(row.anonymizedAt),
    ...extra,
  };
}

/** Input -> columns (what is not given is null); the contract has already put the phone in E.164 and the CPF in digits. */
function toWrite(input: Pick<PatientInputParsed, "name"> & Partial<PatientInputParsed>): PatientWrite {
  return {
    name: input.name,
    phone: input.phone ?? null,
    email: input.email?.toLowerCase() ?? null,
    birthDate: input.birth_date ?? null,
    cpf: input.cpf ?? null,
    address: input.address ?? null,
    preferredTime: input.preferred_time ?? null,
    notes: input.notes ?? null,
    medicalHistory: input.medical_history ?? null,
    emergencyContact: input.emergency_contact ?? null,
  };
}

const CPF_TAKEN = "Já existe um paciente com este CPF";
export const ANONYMIZED_READ_ONLY = "Este paciente foi anonimizado e não pode mais ser alterado";

/**
 * The patients among `subjects` who withdrew a WhatsApp channel. The consents are the privacy module's, which itself
 * builds on patients: the app passes its lookup in, so the two modules do not import each other.
 */
export type OptedOutLookup = (db: DbOrTx, professionalId: string, subjects: { id: string; phone: string | null }[]) => Promise<Set<string>>;

export function patientService(db: Db, clock: Clock, deps: { optedOut: OptedOutLookup }) {
  const optedOutOf = (db: DbOrTx, professionalId: string, rows: PatientRow[]) =>
    deps.optedOut(db, professionalId, rows.map((r) => ({ id: r.id, phone: r.phone })));

  /** "Próxima" of each given patient: the first of their upcoming appointments (the appointments' one rule). */
  const nextAppointments = async (professionalId: string, patientIds: string[], now: Date) => {
    const next = new Map<string, { date: string; time: string }>();
    for (const a of await upcomingAppointmentsOf(db, professionalId, patientIds, now)) {
      if (!next.has(a.patient_id)) next.set(a.patient_id, { date: a.appointment_date, time: a.appointment_time });
    }
    return next;
  };

  return {
    /** One page of the caller's patients with their next and last appointment dates. */
    async list(caller: TenantCaller, q: PatientListQuery) {
      const repo = patientRepository(db, caller.professionalId);
      const now = clock.now();
      const { rows, total } = await repo.list({ search: q.search || undefined, sort: q.sort, now, ...pageWindow(q) });
      const next = await nextAppointments(caller.professionalId, rows.map((r) => r.patient.id), now);
      const optedOut = await optedOutOf(db, caller.professionalId, rows.map((r) => r.patient));
      const items = rows.map((r) =>
        toPatientDto(r.patient, { last_appointment: r.lastAppointment, next_appointment: next.get(r.patient.id) ?? null, whatsapp_opted_out: optedOut.has(r.patient.id) }),
      );
      return pageOf(items, total, q);
    },

    /** Name, phone, email or CPF match, for the appointment dialog's patient picker. */
    search(caller: TenantCaller, text: string, limit: number) {
      return patientRepository(db, caller.professionalId).search(text, limit);
    },

    async get(caller: TenantCaller, id: string) {
      const repo = patientRepository(db, caller.professionalId);
      const row = await repo.findById(id);
      if (!row) throw AppError.notFound("Paciente não encontrado");
      await recordAudit(db, caller, { action: "patient.viewed", entityType: "patient", entityId: id });
      return this.withAppointments(caller, row);
    },

    async create(caller: AuditActor & { professionalId: string }, input: PatientInputParsed) {
      const values = toWrite(input);
      return db.transaction(async (tx) => {
        const repo = patientRepository(tx, caller.professionalId);
        if (values.cpf && (await repo.findIdByCpf(values.cpf))) throw AppError.conflict(CPF_TAKEN);
        const row = await repo.insert(values);
        await recordAudit(tx, caller, { action: "patient.created", entityType: "patient", entityId: row.id });
        const optedOut = await optedOutOf(tx, caller.professionalId, [row]);
        return toPatientDto(row, { last_appointment: null, next_appointment: null, whatsapp_opted_out: optedOut.has(row.id) });
      });
    },

    async update(caller: TenantCaller, id: string, input: PatientInputParsed) {
      const values = toWrite(input);
      const row = await db.transaction(async (tx) => {
        const repo = patientRepository(tx, caller.professionalId);
        const current = await repo.findById(id);
        if (!current) throw AppError.notFound("Paciente não encontrado");
        if (current.anonymizedAt) throw AppError.conflict(ANONYMIZED_READ_ONLY);
        const holder = values.cpf ? await repo.findIdByCpf(values.cpf) : null;
        if (holder && holder !== id) throw AppError.conflict(CPF_TAKEN);
        const updated = (await repo.update(id, values))!;
        await recordAudit(tx, caller, { action: "patient.updated", entityType: "patient", entityId: id });
        return updated;
      });
      return this.withAppointments(caller, row);
    },

    async withAppointments(caller: TenantCaller, row: PatientRow) {
      const repo = patientRepository(db, caller.professionalId);
      const now = clock.now();
      const next = await nextAppointments(caller.professionalId, [row.id], now);
      const optedOut = await optedOutOf(db, caller.professionalId, [row]);
      return toPatientDto(row, { last_appointment: await repo.lastCompletedDate(row.id, now), next_appointment: next.get(row.id) ?? null, whatsapp_opted_out: optedOut.has(row.id) });
    },
  };
}

/*
 * Other modules' reads and writes of patients, inside their own transaction (a task's patient check, the booking
 * page's patient found by phone or created), each with a domain name and a typed result.
 */

/** Whether the professional has this patient (a task may link only to one of her own). */
export async function isOwnPatient(db: DbOrTx, professionalId: string, id: string): Promise<boolean> {
  return (await patientRepository(db, professionalId).findById(id)) !== null;
}

/** How to reach one of the professional's patients: their name and phone, or null for none of hers. */
export async function patientContact(db: DbOrTx, professionalId: string, id: string): Promise<{ name: string; phone: string | null } | null> {
  const row = await patientRepository(db, professionalId).findById(id);
  return row ? { name: row.name, phone: row.phone } : null;
}

/** Who one of the professional's patients is, as a document names and reaches them (the prontuário, a charge's receipt). */
export interface PatientIdentity {
  id: string;
  name: string;
  birthDate: string | null;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  /** Set once the patient was anonymised: nothing new may be written for them. */
  anonymizedAt: Date | null;
}

/** One of the professional's patients, or null for none of hers. */
export async function patientIdentity(db: DbOrTx, professionalId: string, id: string): Promise<PatientIdentity | null> {
  const row = await patientRepository(db, professionalId).findById(id);
  return row ? { id: row.id, name: row.name, birthDate: row.birthDate, cpf: row.cpf, email: row.email, phone: row.phone, anonymizedAt: row.anonymizedAt } : null;
}

/**
 * Holds one of the professional's patients until the transaction ends: one change at a time of what hangs on the
 * patient in order (the prontuário's chain of finalised entries).
 */
export async function lockPatient(tx: DbOrTx, professionalId: string, id: string): Promise<void> {
  await patientRepository(tx, professionalId).lockById(id);
}

/**
 * The professional's patient with this E.164 phone, the oldest record when several share it (the one its
 * conversations link to): how the assistant and the booking page recognise a patient who writes or books.
 */
export function patientByPhone(db: DbOrTx, professionalId: string, phone: string): Promise<{ id: string; name: string } | null> {
  return patientRepository(db, professionalId).findByPhone(phone);
}

/**
 * A patient another module's flow creates from what it knows of her (the booking page: name, E.164 phone, e-mail),
 * written like the patient's form writes her (toWrite: the e-mail in lower case) and to the access history with its
 * source. Answers her id and name, as patientByPhone does for one who exists.
 */
export async function createPatientFrom(
  tx: DbOrTx,
  actor: AuditActor & { professionalId: string },
  contact: { name: string; phone: string; email: string | null },
  source: string,
): Promise<{ id: string; name: string }> {
  const row = await patientRepository(tx, actor.professionalId).insert(toWrite(contact));
  await recordAudit(tx, actor, { action: "patient.created", entityType: "patient", entityId: row.id, details: { source } });
  return { id: row.id, name: row.name };
}
