import { eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { appointments, patients, professionals } from "./schema/index";

/**
 * Appointments with what a calendar event shows of them (type, status, times, the patient's name for its first
 * word, the professional's zone): the one select the Google sync and the ICS feed both build on, so the two
 * calendars can never show different things. Callers add their own filter, order and limit.
 */
export function selectAppointmentEvents(db: DbOrTx) {
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
