import type { Appointment } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { toAppointmentDto } from "./appointment.mapper";
import { appointmentRepository } from "./appointment.repository";

/**
 * THE upcoming appointments of a professional's patients: pending or confirmed and starting after `now` (one that
 * starts at `now` has begun), soonest first. The patients list's "Próxima", what blocks an anonymisation and what a
 * booking page's reschedule link may move all read this one rule (docs/product/appointments.md §10).
 */
export async function upcomingAppointmentsOf(db: DbOrTx, professionalId: string, patientIds: string[], now: Date): Promise<Appointment[]> {
  if (patientIds.length === 0) return [];
  const rows = await appointmentRepository(db, professionalId).listUpcoming({ patientIds }, now);
  return rows.map(toAppointmentDto);
}

/** The appointment `id` when it is upcoming (the same rule), else null. */
export async function upcomingAppointment(db: DbOrTx, professionalId: string, id: string, now: Date): Promise<Appointment | null> {
  const [row] = await appointmentRepository(db, professionalId).listUpcoming({ id }, now);
  return row ? toAppointmentDto(row) : null;
}

/** The ids of all the professional's upcoming appointments (the same rule), soonest first: what a reminder setting moves. */
export function upcomingAppointmentIds(db: DbOrTx, professionalId: string, now: Date): Promise<string[]> {
  return appointmentRepository(db, professionalId).listUpcomingIds(now);
}
