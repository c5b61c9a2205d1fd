import type { AppointmentStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { appointmentRepository } from "./appointment.repository";

/** One appointment as another module's rule reads it (a reminder, a prontuário entry, a charge): when, what, and whose. */
export interface AppointmentFacts {
  id: string;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  appointmentDate: string;
  appointmentTime: string;
  appointmentType: string;
  patientId: string;
  patientName: string;
  patientPhone: string | null;
}

/** The professional's appointment `id`, or null for none of hers. */
export async function appointmentFacts(db: DbOrTx, professionalId: string, id: string): Promise<AppointmentFacts | null> {
  const row = await appointmentRepository(db, professionalId).findById(id);
  if (!row) return null;
  const { status, startsAt, endsAt, appointmentDate, appointmentTime, appointmentType, patientId, patientName, patientPhone } = row;
  return { id: row.id, status, startsAt, endsAt, appointmentDate, appointmentTime, appointmentType, patientId, patientName, patientPhone };
}

/** Where the given appointments start now, by id (a reminder still answers only the start it was sent for). */
export async function appointmentStartsOf(db: DbOrTx, professionalId: string, ids: readonly string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await appointmentRepository(db, professionalId).startsOf([...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.startsAt]));
}
