/**
 * The texts of "Cancelar consulta" with "Avisar o paciente pelo WhatsApp" (docs/decisions/033), without zod, so the
 * Compromissos page shows them without loading the schemas (docs/decisions/019).
 */
import { longDate } from "./date-display";

/** What the patient is told, or why not, when an appointment is cancelled with "Avisar o paciente pelo WhatsApp". */
export const CANCEL_NOTICE_TEXTS = {
  queued: "O paciente vai receber o aviso de cancelamento pelo WhatsApp.",
  noPhone: "O paciente não tem celular no cadastro: avise-o por outro meio.",
  noSender: "Nenhum número de WhatsApp envia por este consultório: avise o paciente por telefone.",
  optedOut: "O paciente pediu para não receber mensagens automáticas: avise-o por telefone.",
  windowClosed:
    "O paciente não escreve há mais de 24 horas e o WhatsApp só aceita mensagens livres dentro desse prazo: avise-o por telefone.",
} as const;

/**
 * The cancellation notice the patient reads on WhatsApp, the same words the dialog shows before it is sent:
 * "Olá, Maria! Sua consulta de quinta-feira, 3 de dezembro, às 10:00, com Clínica Bem Viver foi cancelada. …"
 */
export function cancellationNoticeText(a: { patientName: string; date: string; time: string; practiceName: string }): string {
  const first = a.patientName.trim().split(/\s+/)[0] ?? "";
  return `Olá${first ? `, ${first}` : ""}! Sua consulta de ${longDate(a.date)}, às ${a.time}, com ${a.practiceName} foi cancelada. Para marcar outro horário, responda esta mensagem ou fale com a clínica.`;
}

