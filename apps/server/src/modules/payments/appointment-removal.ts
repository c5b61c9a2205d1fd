import type { DbOrTx } from "../../platform/db/client";
import { paymentsRepository } from "./payments.repository";

/** Whether a payment (paid, or paid and refunded) hangs on this appointment: such an appointment is not deleted. */
export function appointmentHasPayment(db: DbOrTx, professionalId: string, appointmentId: string): Promise<boolean> {
  // Money records the tax rules keep (docs/product/payments.md §9).
  return paymentsRepository(db, professionalId).appointmentHasChargeIn(appointmentId, ["paid", "refunded"]);
}
