import { BOOKING_TYPE_DURATION_MAX, BOOKING_TYPE_DURATION_MIN } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { bookingPageRepository } from "./booking-page.repository";

/**
 * When her default consultation length changes, the booking page's types that still had the old default follow it
 * ("Consulta" is made with it); a type she set to another length is hers and stays (docs/decisions/032).
 */
export async function followDefaultDuration(tx: DbOrTx, professionalId: string, previous: number, next: number): Promise<void> {
  if (previous === next) return;
  const repo = bookingPageRepository(tx);
  const page = await repo.findByProfessional(professionalId);
  if (!page || !page.appointmentTypes.some((t) => t.duration === previous)) return;
  const duration = Math.min(BOOKING_TYPE_DURATION_MAX, Math.max(BOOKING_TYPE_DURATION_MIN, next));
  await repo.updateTypes(
    professionalId,
    page.appointmentTypes.map((t) => (t.duration === previous ? { ...t, duration } : t)),
  );
}
