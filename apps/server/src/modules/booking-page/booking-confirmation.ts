import type { ContactMessage } from "../messaging";
import { reminderText, reminderVariables } from "../reminders";
import { practiceNameOf } from "../professionals";
import { whenOf, type BookingContext } from "./booking-page-context";

/**
 * The WhatsApp confirmation of a booking or a move made on the page: free text inside the patient's window, else the
 * approved appointment template (TWILIO_REMINDER_CONTENT_SID) when there is one.
 */
export function confirmationMessage(
  ctx: BookingContext,
  a: { date: string; time: string; appointment_type: string; patient_id: string },
  contact: { phone: string; patientName: string | null },
  options: { rescheduled: boolean; reminderContentSid: string | undefined },
): Omit<ContactMessage, "sender"> {
  const address = ctx.professional.address;
  const text = [
    `${options.rescheduled ? "Sua consulta foi remarcada" : "Recebemos seu agendamento"}: ${a.appointment_type} em ${whenOf(a.date, a.time)}, com ${practiceNameOf(ctx.professional)}.`,
    address ? `Endereço: ${address}.` : null,
    "O horário aguarda a confirmação da clínica. Para parar de receber mensagens, envie PARAR.",
  ]
    .filter(Boolean)
    .join(" ");
  const facts = { patientName: contact.patientName ?? "", date: a.date, time: a.time, practiceName: practiceNameOf(ctx.professional) };
  return {
    professionalId: ctx.page.professionalId,
    patientId: a.patient_id,
    patientName: contact.patientName,
    phone: contact.phone,
    text,
    template: options.reminderContentSid ? { contentSid: options.reminderContentSid, variables: reminderVariables(facts), content: reminderText(facts) } : undefined,
  };
}
