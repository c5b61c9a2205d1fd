import { MSG, type ProfessionalInputParsed, type ProfessionalListQuery, type ProfessionalStats, type UserProfessionalOverview } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import type { Actor } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { phonesOf } from "./account-profile";
import { toProfessionalDto } from "./professional.mapper";
import { professionalProfileOf } from "./practice-reads";
import { professionalRepository, type LinkedCounts, type ProfessionalWrite } from "./professional.repository";

export type ProfessionalService = ReturnType<typeof professionalService>;


const NOT_FOUND = "Profissional não encontrado";

/** Input -> columns: phone to E.164 (docs/product/patients.md §10.1), email in lower case. */
function toWrite(input: ProfessionalInputParsed): ProfessionalWrite {
  const { phone } = phonesOf({ phone: input.phone });
  return {
    fullName: input.full_name,
    specialty: input.specialty,
    phone,
    email: input.email?.toLowerCase() ?? null,
    clinicName: input.clinic_name ?? null,
    clinicAddress: input.clinic_address ?? null,
    clinicCity: input.clinic_city ?? null,
    clinicState: input.clinic_state ?? null,
    clinicZip: input.clinic_zip ?? null,
    bio: input.bio ?? null,
    appointmentDuration: input.appointment_duration,
    isAvailable: input.is_available,
    zenMode: input.zen_mode,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Não é possível excluir ...: possui dados vinculados (3 pacientes, 1 consulta)." */
function linkedDataMessage(linked: LinkedCounts): string | null {
  const parts = [
    linked.patients > 0 ? plural(linked.patients, "paciente", "pacientes") : null,
    linked.appointments > 0 ? plural(linked.appointments, "consulta", "consultas") : null,
    linked.users > 0 ? plural(linked.users, "conta de usuário", "contas de usuário") : null,
  ].filter(Boolean);
  return parts.length === 0 ? null : `Não é possível excluir este profissional: ele possui dados vinculados (${parts.join(", ")}).`;
}

export function professionalService(db: Db, clock: Clock) {
  const repo = professionalRepository(db);

  const getOrThrow = async (id: string) => {
    const row = await repo.findById(id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  };

  return {
    /** The caller's own professional record. */
    async getOwn(professionalId: string) {
      return toProfessionalDto(await getOrThrow(professionalId));
    },

    /** One page of professionals ordered by name, filtered by specialty, city and availability. */
    async list(q: ProfessionalListQuery) {
      const { rows, total } = await repo.list(
        { specialty: q.specialty || undefined, city: q.city || undefined, isAvailable: q.is_available },
        pageWindow(q),
      );
      return pageOf(rows.map(toProfessionalDto), total, q);
    },

    /** Figures of the four cards and the options of the specialty and city filters (docs/product/admin.md §2.2). */
    async stats(): Promise<ProfessionalStats> {
      const [{ total, available }, bySpecialty, byCity] = await Promise.all([
        repo.countByAvailability(),
        repo.countBySpecialty(),
        repo.countByCity(),
      ]);
      return { total, available, unavailable: total - available, by_specialty: bySpecialty, by_city: byCity };
    },

    async get(id: string) {
      return toProfessionalDto(await getOrThrow(id));
    },

    /** Refuses a second profile with the contact email of an existing one (docs/product/admin.md §2.2). */
    async create(actor: Actor, input: ProfessionalInputParsed) {
      const values = toWrite(input);
      return db.transaction(async (tx) => {
        if (values.email) {
          const [same] = await professionalRepository(tx).listByEmail(values.email);
          if (same) throw AppError.conflict(MSG.professionalEmailTaken(same.fullName));
        }
        const now = clock.now();
        const row = await professionalRepository(tx).insert({ ...values, createdAt: now, updatedAt: now });
        await recordAudit(tx, actor, { action: "professional.created", entityType: "professional", entityId: row.id, professionalId: row.id });
        return toProfessionalDto(row);
      });
    },

    async update(actor: Actor, id: string, input: ProfessionalInputParsed) {
      const values = toWrite(input);
      return db.transaction(async (tx) => {
        const row = await professionalRepository(tx).update(id, { ...values, updatedAt: clock.now() });
        if (!row) throw AppError.notFound(NOT_FOUND);
        await recordAudit(tx, actor, { action: "professional.updated", entityType: "professional", entityId: id, professionalId: id });
        return toProfessionalDto(row);
      });
    },

    /**
     * Refused with 409 while the professional has patients, appointments or a login account: those are
     * removed only through the user delete with cascade (docs/product/admin.md §10.3).
     */
    async remove(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const txRepo = professionalRepository(tx);
        if (!(await txRepo.lockById(id))) throw AppError.notFound(NOT_FOUND);
        const refusal = linkedDataMessage(await txRepo.countLinked(id));
        if (refusal) throw AppError.conflict(refusal);
        await txRepo.delete(id);
        await recordAudit(tx, actor, { action: "professional.deleted", entityType: "professional", entityId: id, professionalId: id });
      });
    },
  };
}

/*
 * Other modules' way to the professionals table. Plain functions of a connection rather than service methods,
 * because the callers run them inside their own transaction (an appointment, a new account, a user's deletion).
 */

/**
 * The version of the inputs of her free times (appointments, hours, Disponível, booking page, Google busy times),
 * raised by database triggers in the transaction of every change of one of them (docs/decisions/039); null when she
 * no longer exists. One primary-key read: what a cache of her free times checks on every request.
 */
export function scheduleVersionOf(db: DbOrTx, id: string): Promise<number | null> {
  return professionalRepository(db).findScheduleVersion(id);
}

/** Locks the professional's row until the transaction ends: one schedule change of a practice at a time. */
export function lockProfessional(tx: DbOrTx, id: string) {
  return professionalRepository(tx).lockById(id);
}

/**
 * The oldest profile holding this contact email (any case), or null: a new profile with it would be a second
 * profile of the same person (docs/product/admin.md §2.4).
 */
export async function profileHoldingEmail(db: DbOrTx, email: string): Promise<{ id: string; fullName: string } | null> {
  const [first] = await professionalRepository(db).listByEmail(email);
  return first ?? null;
}

/**
 * What the user administration shows of a login's practice (docs/product/admin.md §2.6): its profile, and the
 * patients, appointments, tasks and conversations it holds; no profile for an unknown id.
 */
export async function practiceOverview(db: DbOrTx, id: string): Promise<UserProfessionalOverview> {
  const [professional, counters] = await Promise.all([professionalProfileOf(db, id), professionalRepository(db).countPracticeData(id)]);
  return { professional, counters };
}

/**
 * Deletes the professional with her whole practice, in the caller's transaction (the user deletion with cascade,
 * docs/product/admin.md §10.3): her patients, appointments, tasks, conversations and messages, records, charges,
 * booking page, settings and links go with her row (the tenant tables' ON DELETE CASCADE, docs/decisions/004), her
 * queued jobs, which carry her id without a foreign key, explicitly. Her Twilio numbers stay, without an owner, and
 * the audit trail outlives its subjects.
 */
export async function deletePracticeWithAllItsData(tx: DbOrTx, professionalId: string): Promise<void> {
  const repo = professionalRepository(tx);
  await repo.deleteQueuedJobs(professionalId);
  await repo.delete(professionalId);
}
