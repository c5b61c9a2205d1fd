import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { foldedText } from "../../platform/db/text-search";
import { preparedRead } from "../../platform/db/prepared-read";
import { preparedStatement } from "../../platform/db/prepared-statement";
import { rowsOf } from "../../platform/db/rows";
import { professionals } from "./professionals.schema";
import { jobs } from "../../platform/jobs/jobs.schema";
import { appointments } from "../appointments/appointments.schema";
import { auditLog } from "../audit/audit.schema";
import { bookingPages } from "../booking-page/booking-page.schema";
import { conversations } from "../messaging/messaging.schema";
import { patients } from "../patients/patients.schema";
import { tasks } from "../tasks/tasks.schema";
import { users } from "../users/users.schema";
import { pageWithTotal } from "../../platform/lib/pagination";

export type NewProfessional = typeof professionals.$inferInsert;
/** The columns the administrator's dialogs write (docs/product/admin.md §2.2). */
export type ProfessionalWrite = Pick<
  NewProfessional,
  | "fullName"
  | "specialty"
  | "phone"
  | "email"
  | "clinicName"
  | "clinicAddress"
  | "clinicCity"
  | "clinicState"
  | "clinicZip"
  | "bio"
  | "appointmentDuration"
  | "isAvailable"
  | "zenMode"
>;
/** Any subset of columns; `updatedAt` defaults to now. */
export type ProfessionalChanges = Partial<Omit<NewProfessional, "id" | "createdAt">>;

export interface LinkedCounts {
  patients: number;
  appointments: number;
  /** Login accounts linked to the professional. */
  users: number;
}

export interface PracticeDataCounts {
  patients: number;
  appointments: number;
  tasks: number;
  conversations: number;
}

export interface FirstStepFacts {
  hours: boolean;
  duration: boolean;
  patient: boolean;
  booking_page: boolean;
}

export interface ProfessionalFilters {
  specialty?: string;
  city?: string;
  isAvailable?: boolean;
}

/** Professionals are the tenants themselves: this repository is platform-wide, for administrators. */
/** The inputs version of her free times (docs/decisions/039): read on every booking-page request, so prepared once. */
const scheduleVersionRead = preparedRead({ version: professionals.scheduleVersion }, ["id"] as const, (db, p) =>
  db.select({ version: professionals.scheduleVersion }).from(professionals).where(eq(professionals.id, p.id!)),
);

/** findById's read, on every assistant reply among others: built once (docs/decisions/036). */
const professionalById = preparedStatement(["id"], (db, p) => db.select().from(professionals).where(eq(professionals.id, p.id)).limit(1));

export function professionalRepository(db: DbOrTx) {
  const whereOf = (f: ProfessionalFilters): SQL | undefined =>
    and(
      f.specialty ? eq(professionals.specialty, f.specialty) : undefined,
      f.city ? eq(professionals.clinicCity, f.city) : undefined,
      f.isAvailable === undefined ? undefined : eq(professionals.isAvailable, f.isAvailable),
    );

  return {
    /** Her schedule_version, or null when she no longer exists. */
    async findScheduleVersion(id: string): Promise<number | null> {
      const [row] = await scheduleVersionRead(db, { id });
      return row ? Number(row.version) : null;
    },

    async findById(id: string) {
      const [row] = await professionalById(db, { id });
      return row ?? null;
    },

    /** Locks the row until the transaction ends, so no patient or appointment can be added meanwhile. */
    async lockById(id: string) {
      const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.id, id)).for("update");
      return row ?? null;
    },

    /** Ordered by name, accents and case aside. */
    async list(filters: ProfessionalFilters, page: { limit: number; offset: number }) {
      const where = whereOf(filters);
      return pageWithTotal(
        page,
        () => db.select().from(professionals).where(where).orderBy(asc(foldedText(professionals.fullName)), asc(professionals.id)).limit(page.limit).offset(page.offset),
        async () => (await db.select({ n: count() }).from(professionals).where(where))[0]?.n ?? 0,
      );
    },

    async countByAvailability() {
      const [row] = await db
        .select({ total: count(), available: sql<number>`(count(*) filter (where ${professionals.isAvailable}))::int` })
        .from(professionals);
      return { total: row?.total ?? 0, available: row?.available ?? 0 };
    },

    async countBySpecialty() {
      const n = count();
      return db
        .select({ specialty: professionals.specialty, count: n })
        .from(professionals)
        .groupBy(professionals.specialty)
        .orderBy(desc(n), asc(professionals.specialty));
    },

    /** Professionals without a clinic city are left out. */
    async countByCity() {
      const n = count();
      const rows = await db
        .select({ city: professionals.clinicCity, count: n })
        .from(professionals)
        .where(isNotNull(professionals.clinicCity))
        .groupBy(professionals.clinicCity)
        .orderBy(desc(n), asc(professionals.clinicCity));
      return rows.map((r) => ({ city: r.city!, count: r.count }));
    },

    /** What deleting the professional would remove or leave without an owner (docs/product/admin.md §10.3). */
    async countLinked(id: string): Promise<LinkedCounts> {
      const result = await db.execute(sql`
        select
          (select count(*) from ${patients} where ${patients.professionalId} = ${id})::int as patients,
          (select count(*) from ${appointments} where ${appointments.professionalId} = ${id})::int as appointments,
          (select count(*) from ${users} where ${users.professionalId} = ${id})::int as users
      `);
      return rowsOf<LinkedCounts>(result)[0]!;
    },

    async insert(values: NewProfessional) {
      const [row] = await db.insert(professionals).values(values).returning();
      return row!;
    },

    async update(id: string, changes: ProfessionalChanges) {
      const [row] = await db
        .update(professionals)
        .set({ updatedAt: new Date(), ...changes })
        .where(eq(professionals.id, id))
        .returning();
      return row ?? null;
    },

    /** Deletes her row: the rows of the tenant tables go with it (ON DELETE CASCADE, docs/decisions/004). */
    async delete(id: string) {
      await db.delete(professionals).where(eq(professionals.id, id));
    },

    /** Professionals whose contact email is this one (any case), oldest first. */
    async listByEmail(email: string) {
      return db
        .select({ id: professionals.id, fullName: professionals.fullName })
        .from(professionals)
        .where(sql`lower(${professionals.email}) = ${email.toLowerCase()}`)
        .orderBy(asc(professionals.createdAt));
    },

    /**
     * What the first-steps checklist reads: whether her hours or consultation length were ever saved in
     * Configurações (the profile's audit records name the fields), whether she has a patient and a live booking page.
     */
    async firstStepFacts(id: string): Promise<FirstStepFacts> {
      const savedField = (fields: string[]) => sql`exists (
        select 1 from ${auditLog}
        where ${auditLog.professionalId} = ${id} and ${auditLog.action} = 'professional.profile_updated'
          and ${auditLog.details} -> 'fields' ?| array[${sql.join(fields.map((f) => sql`${f}`), sql`, `)}]::text[])`;
      const result = await db.execute(sql`
        select
          ${savedField(["business_days", "business_start", "business_end"])} as hours,
          ${savedField(["appointment_duration"])} as duration,
          exists (select 1 from ${patients} where ${patients.professionalId} = ${id}) as patient,
          exists (select 1 from ${bookingPages} where ${bookingPages.professionalId} = ${id} and ${bookingPages.enabled}) as booking_page
      `);
      return rowsOf<FirstStepFacts>(result)[0]!;
    },

    /** The professional's patients, appointments, tasks and conversations, in one round trip. */
    async countPracticeData(id: string): Promise<PracticeDataCounts> {
      const result = await db.execute(sql`
        select
          (select count(*) from ${patients} where ${patients.professionalId} = ${id})::int as patients,
          (select count(*) from ${appointments} where ${appointments.professionalId} = ${id})::int as appointments,
          (select count(*) from ${tasks} where ${tasks.professionalId} = ${id})::int as tasks,
          (select count(*) from ${conversations} where ${conversations.professionalId} = ${id})::int as conversations
      `);
      return rowsOf<PracticeDataCounts>(result)[0]!;
    },

    /** Her queued jobs: they carry her id without a foreign key, so deleting her row leaves them. */
    async deleteQueuedJobs(id: string) {
      await db.delete(jobs).where(eq(jobs.professionalId, id));
    },
  };
}
