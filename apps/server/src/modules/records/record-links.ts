import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { recordEntries } from "./records.schema";

/**
 * Whether any prontuário entry (draft or finalised) names this appointment: such an appointment stays, so the entry
 * never points at nothing (record_entries.appointment_id has no foreign key, docs/decisions/034). Says nothing of
 * the entries themselves.
 */
export async function appointmentHasRecordEntries(db: DbOrTx, professionalId: string, appointmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: recordEntries.id })
    .from(recordEntries)
    .where(and(eq(recordEntries.professionalId, professionalId), eq(recordEntries.appointmentId, appointmentId)))
    .limit(1);
  return row !== undefined;
}
