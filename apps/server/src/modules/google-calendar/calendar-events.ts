import { and, asc, eq, gte, lt, ne } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { appointments } from "../appointments/appointments.schema";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * Appointments with what a calendar event shows of them (type, status, times, the patient's name for its first
 * word, the professional's zone): the one select the Google sync and the ICS feed both build on, so the two
 * calendars can never show different things.
 */
function selectAppointmentEvents(db: DbOrTx) {
  return db
    .select({
      id: appointments.id,
      appointmentType: appointments.appointmentType,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      updatedAt: appointments.updatedAt,
      patientName: patients.name,
      timeZone: professionals.timezone,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(professionals, eq(professionals.id, appointments.professionalId));
}

/** What a calendar event shows of one appointment. */
export type AppointmentEvent = Awaited<ReturnType<typeof selectAppointmentEvents>>[number];

/** One appointment of the professional with what its calendar event shows; null when it is not hers. */
export async function appointmentEventOf(db: DbOrTx, professionalId: string, appointmentId: string): Promise<AppointmentEvent | null> {
  const [row] = await selectAppointmentEvents(db)
    .where(and(eq(appointments.professionalId, professionalId), eq(appointments.id, appointmentId)))
    .limit(1);
  return row ?? null;
}

/** The professional's appointments not cancelled between `from` and `to`, soonest first, with what an event shows. */
export function appointmentEventsBetween(db: DbOrTx, professionalId: string, range: { from: Date; to: Date }, limit: number): Promise<AppointmentEvent[]> {
  return selectAppointmentEvents(db)
    .where(and(eq(appointments.professionalId, professionalId), ne(appointments.status, "cancelled"), gte(appointments.endsAt, range.from), lt(appointments.startsAt, range.to)))
    .orderBy(asc(appointments.startsAt))
    .limit(limit);
}
