import type { DbOrTx } from "../../platform/db/client";
import { recordRepository } from "./record.repository";

/**
 * Whether any prontuário entry (draft or finalised) names this appointment: such an appointment stays, so the entry
 * never points at nothing (record_entries.appointment_id has no foreign key, docs/decisions/034). Says nothing of
 * the entries themselves.
 */
export function appointmentHasRecordEntries(db: DbOrTx, professionalId: string, appointmentId: string): Promise<boolean> {
  return recordRepository(db, professionalId).namesAppointment(appointmentId);
}
