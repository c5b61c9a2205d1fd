import { longDate } from "@clinora/contracts/date-display";

/**
 * What reminders and their replies say to patients. The template's text lives at Twilio (an approved WhatsApp
 * template, README "Reminders"); `reminderText` is the same message as free text, and what the thread shows.
 */

export interface ReminderFacts {
  patientName: string;
  /** YYYY-MM-DD, local to the professional. */
  date: string;
  /** HH:MM, local to the professional. */
  time: string;
  /** The clinic's name, else the professional's. */
  practiceName: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The template's variables, in the order of the approved template:
 * "Olá, {{1}}! Lembrete da sua consulta em {{2}}, às {{3}}, com {{4}}. Responda 1 para confirmar ou 2 para cancelar."
 */
export function reminderVariables(f: ReminderFacts): Record<string, string> {
  return { "1": firstName(f.patientName), "2": longDate(f.date), "3": f.time, "4": f.practiceName };
}

export function reminderText(f: ReminderFacts): string {
  const v = reminderVariables(f);
  return `Olá, ${v["1"]}! Lembrete da sua consulta em ${v["2"]}, às ${v["3"]}, com ${v["4"]}. Responda 1 para confirmar ou 2 para cancelar.`;
}

export const REPLY_TEXTS = {
  confirmed: (f: { date: string; time: string }) => `Obrigado! Sua consulta de ${longDate(f.date)}, às ${f.time}, está confirmada. Até lá!`,
  cancelled: (f: { date: string; time: string }) =>
    `Sua consulta de ${longDate(f.date)}, às ${f.time}, foi cancelada. Se quiser marcar outro horário, é só responder por aqui.`,
  alreadyCancelled: (f: { date: string; time: string }) =>
    `Sua consulta de ${longDate(f.date)}, às ${f.time}, já estava cancelada. Se quiser marcar outro horário, é só responder por aqui.`,
  closed: "Esta consulta não pode mais ser alterada por aqui. Se precisar, responda com sua dúvida que o consultório retorna.",
} as const;
