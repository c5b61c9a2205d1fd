import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { charges } from "./payments.schema";

/** Charge states that are money records the tax rules keep (docs/product/payments.md §9). */
const KEPT = ["paid", "refunded"] as const;

/** Whether a payment (paid, or paid and refunded) hangs on this appointment: such an appointment is not deleted. */
export async function appointmentHasPayment(db: DbOrTx, professionalId: string, appointmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.professionalId, professionalId), eq(charges.appointmentId, appointmentId), inArray(charges.status, [...KEPT])))
    .limit(1);
  return row !== undefined;
}
