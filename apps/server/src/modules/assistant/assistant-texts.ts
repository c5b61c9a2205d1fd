import { longDate } from "@clinora/contracts/date-display";
import { durationText } from "./assistant-tool-texts";
import { withTitle } from "../safety";
import { foldAccents } from "@clinora/contracts/text-fold";

/**
 * What the server itself says to patients. Confirmations are written here from the tools' results, never by the
 * model, so a patient is never told "agendado" for a booking that does not exist (docs/product/assistant.md §10).
 */

const fold = (text: string) => foldAccents(text).toLowerCase();

/** A patient asking for a person ("falar com a doutora", "atendente", "humano"...). */
export function asksForPerson(text: string): boolean {
  return /\b(atendente|humano|pessoa de verdade|recepcionista|falar com (a|o) (doutor|doutora|dra|dr|medic|psicolog|profissional|secretaria))/.test(fold(text));
}

export interface BookingFacts {
  date: string;
  time: string;
  address: string | null;
  /** The real length (the professional's), always said in the confirmation. */
  durationMinutes: number;
}

const addressLine = (address: string | null) => (address ? `\nEndereço: ${address}.` : "");

export const TEXTS = {
  booked: (b: BookingFacts) =>
    `Pronto! Sua consulta ficou agendada para ${longDate(b.date)}, às ${b.time} (duração: ${durationText(b.durationMinutes)}).${addressLine(b.address)}\nO consultório confirma o horário em breve. Se precisar remarcar ou cancelar, é só me avisar por aqui.`,
  rescheduled: (b: BookingFacts) =>
    `Pronto! Sua consulta foi remarcada para ${longDate(b.date)}, às ${b.time} (duração: ${durationText(b.durationMinutes)}).${addressLine(b.address)}`,
  cancelled: (b: Omit<BookingFacts, "address" | "durationMinutes">) => `Sua consulta de ${longDate(b.date)}, às ${b.time}, foi cancelada.`,
  confirmed: (b: Omit<BookingFacts, "address" | "durationMinutes">) => `Obrigado! Sua consulta de ${longDate(b.date)}, às ${b.time}, está confirmada. Até lá!`,
  handoff: (professionalName: string) =>
    `Vou passar sua mensagem para ${withTitle(professionalName)}, que vai responder por aqui assim que possível.`,
  empty: "Desculpe, não entendi. Pode me contar como posso ajudar?",
  /** Instead of a reply that repeated the prompt's instructions (docs/decisions/030). */
  echoReplaced: "Posso ajudar a ver horários livres, agendar, remarcar ou cancelar consultas, e tirar dúvidas sobre o atendimento. Como posso ajudar?",
  /** What the booking tool tells the model when a web-chat visitor has not given a name and WhatsApp yet. */
  contactRequired:
    "Antes de agendar, peça ao visitante o nome completo e o número de WhatsApp com DDD (ex.: (11) 98765-4321) e chame book_appointment de novo com patient_name e patient_phone.",
} as const;
