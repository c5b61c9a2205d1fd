/**
 * What the tools say, to the model or (composed by the server) to the patient, about the limits of one answer:
 * one change of each kind per patient message, the professional's own consultation length, and an agenda that is
 * closed (Indisponível). docs/decisions/023-assistant-bounds-and-resend.md.
 */

/** "50 minutos", "1 hora", "1 hora e 30 minutos". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? "1 hora" : `${hours} horas`;
  const m = rest === 1 ? "1 minuto" : `${rest} minutos`;
  if (hours === 0) return m;
  return rest === 0 ? h : `${h} e ${m}`;
}

export const TOOL_TEXTS = {
  /** To the model: a second booking, rescheduling or cancellation in answer to one patient message. */
  oneAtATime:
    "Uma alteração de cada tipo por mensagem do paciente: esta não foi feita. Faça uma de cada vez: confirme com o paciente o que já foi feito e pergunte se ele quer a próxima.",
  /** To the model: the tool was called more often than one message warrants. */
  tooManyTries: "Tentativas demais nesta mensagem: nada mais foi feito. Pergunte ao paciente como ele quer continuar.",
  /** To the model, in the booking tool's description. */
  durationRule: (minutes: number) =>
    `Cada consulta dura ${durationText(minutes)}, duração definida pela profissional: o paciente não escolhe a duração. Se ele pedir outra duração, envie-a em duration_minutes.`,
  /** To the patient, when they asked for another length: the server's own words, nothing is booked. */
  durationFixed: (minutes: number, asked: number) =>
    `As consultas têm duração de ${durationText(minutes)}, definida pela profissional, então não consigo marcar um horário de ${durationText(asked)}. Se quiser, agendo uma consulta de ${durationText(minutes)}.`,
  /** To the patient, when the agenda is closed (Indisponível): no times, and the clinic will get back. */
  notAccepting: "No momento a agenda não está aberta para novos agendamentos, então não consigo oferecer horários agora. O consultório vai retomar o contato com você por aqui assim que possível.",
  /** To the model, with the closed agenda's result. */
  notAcceptingForModel:
    "A agenda está fechada (profissional indisponível): não ofereça nem invente horários. O sistema já avisou o paciente de que o consultório vai retomar o contato.",
} as const;
