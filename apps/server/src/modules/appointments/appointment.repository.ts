import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { AppointmentSource, AppointmentStatus, PatientResponse, ReminderOutcome } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { appointments } from "./appointments.schema";
import { patients } from "../patients/patients.schema";
import { appointmentReminders } from "../reminders/reminders.schema";
import { preparedRead, type Placeholders } from "../../platform/db/prepared-read";
import { pageWithTotal } from "../../platform/lib/pagination";

export type AppointmentWrite = Pick<
  typeof appointments.$inferInsert,
  "patientId" | "appointmentDate" | "appointmentTime" | "duration" | "appointmentType" | "notes" | "status" | "startsAt" | "endsAt"
> & { source?: AppointmentSource; patientResponse?: PatientResponse | null; patientRespondedAt?: Date | null };

export interface AppointmentFilters {
  status?: AppointmentStatus;
  date?: string;
  dateFrom?: string;
  dateTo?: string;
  patientId?: string;
}

/**
 * Longer than any appointment can last: bounds overlap searches. Far above APPOINTMENT_DURATION_MAX (the limit the
 * API and the form enforce), so a row written under an older or looser limit is still found.
 */
const LONGEST_APPOINTMENT_MS = 24 * 60 * 60 * 1000;

/** The statuses of an appointment still to happen: the ones an upcoming appointment has. */
const UPCOMING_STATUSES: AppointmentStatus[] = ["pending", "confirmed"];

/** An instant range [startsAt, endsAt). */
export interface InstantRange {
  startsAt: Date;
  endsAt: Date;
}

/**
 * What an appointment is shown with: its own columns and its patient's contact details, selected flat (a flat
 * row costs the driver about half as much to map as nested table objects; lists map 100 of them per request).
 */
const shownColumns = {
  id: appointments.id,
  patientId: appointments.patientId,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  duration: appointments.duration,
  appointmentType: appointments.appointmentType,
  notes: appointments.notes,
  status: appointments.status,
  source: appointments.source,
  patientResponse: appointments.patientResponse,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  patientName: patients.name,
  patientEmail: patients.email,
  patientPhone: patients.phone,
  reminderOutcome: appointmentReminders.outcome,
  reminderReason: appointmentReminders.reason,
  reminderAt: appointmentReminders.updatedAt,
};

/** The dashboard's shorter line: time, patient, duration, status and type. */
const todayColumns = {
  id: appointments.id,
  appointmentTime: appointments.appointmentTime,
  duration: appointments.duration,
  status: appointments.status,
  appointmentType: appointments.appointmentType,
  patientResponse: appointments.patientResponse,
  patientName: patients.name,
};

/** An appointment with the contact details of its patient. */
export type ShownAppointment = Omit<SelectResultFields<typeof shownColumns>, "reminderOutcome" | "reminderReason" | "reminderAt"> & {
  /** From the left-joined reminder of the current start: null when it has none. */
  reminderOutcome: ReminderOutcome | null;
  reminderReason: string | null;
  reminderAt: Date | null;
};
export type TodayAppointmentRow = SelectResultFields<typeof todayColumns>;

const listOrder = [asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id)];

const patientOfRow = eq(patients.id, appointments.patientId);
/** The reminder of the appointment's current start (at most one: unique by appointment and start). */
const reminderOfRow = and(
  eq(appointmentReminders.professionalId, appointments.professionalId),
  eq(appointmentReminders.appointmentId, appointments.id),
  eq(appointmentReminders.startsAt, appointments.startsAt),
);

/** The list's parameters: whose appointments, the filters given and the page. */
const LIST_PARAMS = ["professionalId", "status", "date", "dateFrom", "dateTo", "patientId", "limit", "offset"] as const;
type ListPlaceholders = Placeholders<(typeof LIST_PARAMS)[number]>;

const listCondition = (p: ListPlaceholders) =>
  and(
    eq(appointments.professionalId, p.professionalId!),
    p.status && eq(appointments.status, p.status),
    p.date && eq(appointments.appointmentDate, p.date),
    p.dateFrom && gte(appointments.appointmentDate, p.dateFrom),
    p.dateTo && lte(appointments.appointmentDate, p.dateTo),
    p.patientId && eq(appointments.patientId, p.patientId),
  );

/** A page of the list, in date and time order (runs on every visit of Compromissos: prepared once per filter set). */
const listPage = preparedRead(shownColumns, LIST_PARAMS, (db, p) =>
  db
    .select(shownColumns)
    .from(appointments)
    .innerJoin(patients, patientOfRow)
    .leftJoin(appointmentReminders, reminderOfRow)
    .where(listCondition(p))
    .orderBy(...listOrder)
    .limit(p.limit!)
    .offset(p.offset!),
);
const totalColumns = { n: count() };
const listTotal = preparedRead(totalColumns, LIST_PARAMS, (db, p) => db.select(totalColumns).from(appointments).where(listCondition(p)));

/**
 * The appointments of ONE professional: every query is scoped by the professional given at construction
 * (docs/decisions/004-tenancy-model.md).
 */
export function appointmentRepository(db: DbOrTx, professionalId: string) {
  const own = eq(appointments.professionalId, professionalId);

  return {
    async findById(id: string): Promise<ShownAppointment | null> {
      const [row] = await db
        .select(shownColumns)
        .from(appointments)
        .innerJoin(patients, patientOfRow)
        .leftJoin(appointmentReminders, reminderOfRow)
        .where(and(own, eq(appointments.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** One page in date and time order, with the filters' total. */
    async list(filters: AppointmentFilters, window: { limit: number; offset: number }) {
      // The filters' names are the read's parameters; one left undefined is no filter.
      const values = { professionalId, ...filters, ...window };
      return pageWithTotal(
        window,
        () => listPage(db, values),
        async () => (await listTotal(db, values))[0]?.n ?? 0,
      );
    },

    /** Every appointment of one local date, in time order. */
    listOnDate(date: string): Promise<TodayAppointmentRow[]> {
      return db
        .select(todayColumns)
        .from(appointments)
        .innerJoin(patients, patientOfRow)
        .where(and(own, eq(appointments.appointmentDate, date)))
        .orderBy(asc(appointments.appointmentTime), asc(appointments.id));
    },

    /** Non-cancelled appointments overlapping `range`, other than `exceptId`. */
    findOverlapping(range: InstantRange, exceptId?: string) {
      return db
        .select({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
        .from(appointments)
        .where(
          and(
            own,
            ne(appointments.status, "cancelled"),
            lt(appointments.startsAt, range.endsAt),
            gt(appointments.endsAt, range.startsAt),
            // Implied by the line above (no appointment lasts a day), but it bounds the (professional_id, starts_at)
            // index scan from below: without it the scan reads every earlier appointment, the whole history.
            gt(appointments.startsAt, new Date(range.startsAt.getTime() - LONGEST_APPOINTMENT_MS)),
            exceptId ? ne(appointments.id, exceptId) : undefined,
          ),
        );
    },

    /**
     * Upcoming appointments (docs/product/appointments.md: pending or confirmed, starting after `now`) of the given
     * patients, or the one with `id`, soonest first. THE comparison: an appointment that starts at `now` has begun.
     */
    listUpcoming(of: { patientIds: string[] } | { id: string }, now: Date): Promise<ShownAppointment[]> {
      const which = "id" in of ? eq(appointments.id, of.id) : inArray(appointments.patientId, of.patientIds);
      return db
        .select(shownColumns)
        .from(appointments)
        .innerJoin(patients, patientOfRow)
        .leftJoin(appointmentReminders, reminderOfRow)
        .where(and(own, which, inArray(appointments.status, UPCOMING_STATUSES), gt(appointments.startsAt, now)))
        .orderBy(asc(appointments.startsAt));
    },

    /** A patient's non-cancelled appointments starting at or after `from`, soonest first. */
    listUpcomingOfPatient(patientId: string, from: Date, limit: number): Promise<ShownAppointment[]> {
      return db
        .select(shownColumns)
        .from(appointments)
        .innerJoin(patients, patientOfRow)
        .leftJoin(appointmentReminders, reminderOfRow)
        .where(and(own, eq(appointments.patientId, patientId), ne(appointments.status, "cancelled"), gte(appointments.startsAt, from)))
        .orderBy(asc(appointments.startsAt))
        .limit(limit);
    },

    /** The ids of the upcoming appointments (the same rule as listUpcoming), soonest first. */
    async listUpcomingIds(now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(own, inArray(appointments.status, UPCOMING_STATUSES), gt(appointments.startsAt, now)))
        .orderBy(asc(appointments.startsAt));
      return rows.map((row) => row.id);
    },

    startsOf(ids: string[]) {
      return db.select({ id: appointments.id, startsAt: appointments.startsAt }).from(appointments).where(and(own, inArray(appointments.id, ids)));
    },

    async patientExists(patientId: string) {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.professionalId, professionalId), eq(patients.id, patientId)))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: AppointmentWrite) {
      const [row] = await db
        .insert(appointments)
        .values({ ...values, professionalId })
        .returning({ id: appointments.id });
      return row!.id;
    },

    /** Deletes the row (an appointment entered by mistake); its reminders and links go with it by their keys. */
    async delete(id: string) {
      const [row] = await db.delete(appointments).where(and(own, eq(appointments.id, id))).returning({ id: appointments.id });
      return row?.id ?? null;
    },

    async update(id: string, values: Partial<AppointmentWrite>) {
      const [row] = await db
        .update(appointments)
        .set({ ...values, updatedAt: new Date() })
        .where(and(own, eq(appointments.id, id)))
        .returning({ id: appointments.id });
      return row?.id ?? null;
    },
  };
}
