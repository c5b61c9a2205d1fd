import { CANCEL_NOTICE_TEXTS, cancellationNoticeText, type Appointment, type CancelNotice } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import type { Clock } from "../../platform/lib/clock";
import { canSendBusinessInitiated } from "../consent";
import type { MessagingService } from "../messaging";
import { findProfessional } from "../professionals";
import { FREE_TEXT_WINDOW_MS } from "./reminder-decision";

export interface CancellationNoticeDeps {
  gateway: Pick<MessagingGateway, "configured">;
  messaging: Pick<MessagingService, "queue" | "senderOf" | "lockWhatsappConversation" | "openWhatsappConversation">;
  /** TWILIO_RESEND_CONTENT_SID: the approved template carrying one text, for the notice outside the 24-hour window. */
  resendContentSid: string | undefined;
  wake: () => void;
}

/**
 * The WhatsApp message that tells a patient their appointment was cancelled, sent only when the professional asks for
 * it ("Cancelar consulta" with "Avisar o paciente pelo WhatsApp"). A business-initiated message: free text inside the
 * patient's 24-hour window, else the one-text template of TWILIO_RESEND_CONTENT_SID; nothing without a sending number,
 * a phone, the patient's consent, or a way through the window, and the answer says which, so the screen can tell the
 * professional to call instead (docs/decisions/033).
 */
export function cancellationNotice(db: Db, clock: Clock, deps: CancellationNoticeDeps) {
  return async (professionalId: string, appointment: Appointment): Promise<CancelNotice> => {
    const phone = appointment.patient_phone;
    const notSent = (reason: string): CancelNotice => ({ sent: false, text: reason });
    if (!phone) return notSent(CANCEL_NOTICE_TEXTS.noPhone);
    if (!deps.gateway.configured || !(await deps.messaging.senderOf(db, professionalId))) return notSent(CANCEL_NOTICE_TEXTS.noSender);
    const professional = await findProfessional(db, professionalId);
    const text = cancellationNoticeText({
      patientName: appointment.patient_name,
      date: appointment.appointment_date,
      time: appointment.appointment_time,
      practiceName: professional?.clinicName?.trim() || professional?.fullName || "a clínica",
    });
    const outcome = await db.transaction(async (tx) => {
      if (!(await canSendBusinessInitiated(tx, professionalId, { patientId: appointment.patient_id, phone }))) return notSent(CANCEL_NOTICE_TEXTS.optedOut);
      const now = clock.now();
      const conversation =
        (await deps.messaging.lockWhatsappConversation(tx, professionalId, phone)) ??
        (await deps.messaging.openWhatsappConversation(tx, { professionalId, phone, patientId: appointment.patient_id, patientName: appointment.patient_name }));
      const windowOpen = conversation.lastInboundAt !== null && now.getTime() - conversation.lastInboundAt.getTime() < FREE_TEXT_WINDOW_MS;
      if (windowOpen) {
        await deps.messaging.queue(tx, { conversation, content: text, sender: "professional", at: now });
      } else if (deps.resendContentSid) {
        await deps.messaging.queue(tx, { conversation, content: text, sender: "professional", at: now, template: { contentSid: deps.resendContentSid, variables: { "1": text } } });
      } else {
        return notSent(CANCEL_NOTICE_TEXTS.windowClosed);
      }
      return { sent: true, text: CANCEL_NOTICE_TEXTS.queued };
    });
    if (outcome.sent) deps.wake();
    return outcome;
  };
}
