import { createSlot } from "@/lib/slot";

export interface AppointmentPaymentSlotProps {
  appointmentId: string;
  /** "badge" on a card; "detail" in the appointment dialog, with the amount. */
  variant: "badge" | "detail";
}

/**
 * The payment state of an appointment (docs/product/payments.md §10), owned by the payments feature: the screens that
 * show appointments to the professional fill it; elsewhere it shows nothing.
 */
const slot = createSlot<AppointmentPaymentSlotProps>("AppointmentPayment", { optional: true });
export const AppointmentPayment = slot.Slot;
export const FillAppointmentPayment = slot.Fill;
