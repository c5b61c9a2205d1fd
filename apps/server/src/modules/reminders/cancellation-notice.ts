import { CANCEL_NOTICE_TEXTS, cancellationNoticeText, type Appointment, type CancelNotice } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { ContactOutcome, MessagingService } from "../messaging";
import { practiceNameOf, practiceNamesOf } from "../professionals";

/** Why a notice did not go, as the screen tells the professional. */
const NOT_SENT: Record<Extract<ContactOutcome, { sent: false }>["reason"], string> = {
  not_configured: CANCEL_NOTICE_TEXTS.noSender,
  no_sender: CANCEL_NOTICE_TEXTS.noSender,
  opted_out: CANCEL_NOTICE_TEXTS.optedOut,
  window_closed: CANCEL_NOTICE_TEXTS.windowClosed,
};

export interface CancellationNoticeDeps {
  messaging: Pick<MessagingService, "sendToContact">;
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
export function cancellationNotice(db: Db, deps: CancellationNoticeDeps) {
  return async (professionalId: string, appointment: Appointment): Promise<CancelNotice> => {
    const phone = appointment.patient_phone;
    const notSent = (reason: string): CancelNotice => ({ sent: false, text: reason });
    if (!phone) return notSent(CANCEL_NOTICE_TEXTS.noPhone);
    const professional = await practiceNamesOf(db, professionalId);
    const text = cancellationNoticeText({
      patientName: appointment.patient_name,
      date: appointment.appointment_date,
      time: appointment.appointment_time,
      practiceName: (professional && practiceNameOf(professional)) || "a clínica",
    });
    const outcome = await db.transaction((tx) =>
      deps.messaging.sendToContact(tx, {
        professionalId,
        phone,
        patientId: appointment.patient_id,
        patientName: appointment.patient_name,
        text,
        template: deps.resendContentSid ? { contentSid: deps.resendContentSid, variables: { "1": text } } : undefined,
        sender: "professional",
      }),
    );
    if (!outcome.sent) return notSent(NOT_SENT[outcome.reason]);
    deps.wake();
    return { sent: true, text: CANCEL_NOTICE_TEXTS.queued };
  };
}
