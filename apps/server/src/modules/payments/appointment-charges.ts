import type { DbOrTx } from "../../platform/db/client";
import { paymentsRepository } from "./payments.repository";
import { txidOf } from "./pix-brcode";

/**
 * Keeps an appointment's charge in line with it (docs/product/payments.md §4), inside the appointment's own
 * transaction: a new session is charged at the patient's own price, else her type's (no price: no charge, the
 * professional charges by hand); an appointment cancelled, by the screens or by the patient, cancels its open charge.
 * A paid charge is never touched here: a refund is the professional's decision.
 */
export async function syncAppointmentCharge(tx: DbOrTx, professionalId: string, appointmentId: string, change: "created" | "updated" | "cancelled") {
  const repo = paymentsRepository(tx, professionalId);
  const appointment = await repo.findAppointment(appointmentId);
  if (!appointment) return;
  const existing = await repo.listCharges({ appointmentId });
  if (appointment.status === "cancelled") {
    for (const charge of existing) if (charge.status === "open") await repo.transition(charge.id, "open", { status: "cancelled" });
    return;
  }
  if (change !== "created" || existing.length > 0) return;
  const amount = (await repo.findPatientPrice(appointment.patientId)) ?? (await repo.findTypePrice(appointment.appointmentType));
  if (amount === null) return;
  const patient = await repo.findPatient(appointment.patientId);
  const id = crypto.randomUUID();
  await repo.insertCharge({
    id,
    patientId: appointment.patientId,
    appointmentId,
    description: `${appointment.appointmentType} em ${appointment.appointmentDate.split("-").reverse().join("/")}`,
    amountCents: amount,
    dueDate: appointment.appointmentDate,
    payerName: patient?.name ?? null,
    payerCpf: patient?.cpf ?? null,
    txid: txidOf(id),
  });
}

/** A patient's charges and payments for her LGPD export (docs/product/payments.md §9), oldest due first. */
export async function paymentsForExport(db: DbOrTx, professionalId: string, patientId: string) {
  const rows = await paymentsRepository(db, professionalId).listCharges({ patientId });
  return rows.reverse().map((c) => ({
    id: c.id,
    description: c.description,
    amount_cents: c.amountCents,
    due_date: c.dueDate,
    status: c.status,
    method: c.method,
    payment_date: c.paymentDate,
    payer_name: c.payerName,
    payer_cpf: c.payerCpf,
    beneficiary_cpf: c.beneficiaryCpf,
    receipt_number: c.receiptNumber,
  }));
}

/**
 * The prices the public booking page shows (docs/product/payments.md §6), by consultation type name: only when the
 * professional chose to show them; an empty map otherwise. Read before any tenant is known, by the page's owner.
 */
export async function bookingPagePrices(db: DbOrTx, professionalId: string): Promise<Map<string, number>> {
  const repo = paymentsRepository(db, professionalId);
  const settings = await repo.findSettings();
  if (!settings?.showPricesOnBookingPage) return new Map();
  return new Map((await repo.listTypePrices()).map((p) => [p.appointmentType, p.amountCents]));
}
