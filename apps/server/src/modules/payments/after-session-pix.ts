import { PIX_MESSAGE_PROBLEMS, type PixMessageProblem } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { dropPendingJobs, scheduleJob } from "../../platform/jobs/job.repository";
import type { Clock } from "../../platform/lib/clock";
import { paymentsRepository } from "./payments.repository";

/** The job that sends a session's amount and Pix on WhatsApp once the session is over (docs/product/payments.md §6). */
export const AFTER_SESSION_PIX_JOB = "payments.after_session_pix";

/** One job per appointment: a change of the session moves it instead of adding a second. */
export const afterSessionPixKey = (appointmentId: string) => `payments.after-session-pix:${appointmentId}`;

/**
 * A WhatsApp message the practice starts, as the messaging module sends it: payments needs only this much of it, so
 * the app passes messaging's `sendToContact` in (consent, opt-out, the 24-hour window and the template are decided
 * there) and payments imports nothing of messaging.
 */
export interface PaymentMessenger {
  sendToContact(
    tx: DbOrTx,
    message: {
      professionalId: string;
      phone: string;
      patientId: string | null;
      patientName: string | null;
      text: string;
      template?: { contentSid: string; variables: Record<string, string>; content?: string };
      sender: "assistant" | "professional";
    },
  ): Promise<{ sent: true; as: "text" | "template" } | { sent: false; reason: Exclude<PixMessageProblem, "no_phone"> }>;
}

/** When the message after the session is due: at once when the session was marked concluded, else the set minutes after its end. */
export function afterSessionDueAt(appointment: { status: string; endsAt: Date }, afterMinutes: number, now: Date): Date {
  return appointment.status === "completed" ? now : new Date(appointment.endsAt.getTime() + afterMinutes * 60_000);
}

/**
 * In the appointment's transaction, after any change of it: when the professional sends the Pix after the session and
 * the session has an open charge whose message was not handled yet, its job is (re)scheduled for when it is due;
 * otherwise a pending one is dropped. The job re-reads everything when it runs, so a stale job sends nothing.
 */
export async function queueAfterSessionPix(tx: DbOrTx, clock: Clock, professionalId: string, appointmentId: string): Promise<void> {
  const repo = paymentsRepository(tx, professionalId);
  const key = afterSessionPixKey(appointmentId);
  const settings = await repo.findSettings();
  const appointment = settings?.sendPixInReminders && settings.pixTiming === "after_session" ? await repo.findAppointment(appointmentId) : null;
  const charge = appointment && appointment.status !== "cancelled" ? (await repo.listCharges({ appointmentId })).find((c) => c.status === "open" && !c.pixMessageAt) : undefined;
  if (!settings || !appointment || !charge) {
    await dropPendingJobs(tx, [key]);
    return;
  }
  const runAt = afterSessionDueAt(appointment, settings.pixAfterMinutes, clock.now());
  await scheduleJob(tx, { type: AFTER_SESSION_PIX_JOB, payload: { appointmentId }, professionalId, dedupeKey: key, runAt });
}

/** The message's first line; the amount and the Pix follow (paymentNoteText). */
export function afterSessionGreeting(patientName: string | null): string {
  const first = patientName?.trim().split(/\s+/)[0];
  return `Olá${first ? `, ${first}` : ""}! Obrigado pela sessão de hoje. Segue o pagamento da consulta:`;
}

/** The words the charge shows when the message could not go. */
export const pixMessageProblemText = (code: string | null): string | null => (code ? (PIX_MESSAGE_PROBLEMS[code as PixMessageProblem] ?? code) : null);
