/**
 * Limits, paths and texts of the public booking page (docs/decisions/028) without any import, so the
 * page's small script can share them with the server without loading zod.
 */

/** Where the public booking page lives; the professional's slug follows. */
export const BOOKING_PAGE_PATH = "/agendar";
/** Public JSON API of the page; the slug follows. */
export const BOOKING_PUBLIC_API_PATH = "/api/public/booking";
/** The page's address part: lowercase letters, digits and single hyphens, 3 to 40 characters. */
export const BOOKING_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;
export const BOOKING_SLUG_MIN_LENGTH = 3;
export const BOOKING_SLUG_MAX_LENGTH = 40;
/** The one-time reschedule token: 32 random bytes in base64url; only its SHA-256 is stored. */
export const BOOKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long a reschedule link sent by WhatsApp works. */
export const BOOKING_RESCHEDULE_TOKEN_HOURS = 24;
export const BOOKING_MIN_NOTICE_MAX_HOURS = 168;
export const BOOKING_DAYS_AHEAD_MAX = 180;
export const BOOKING_TYPES_MAX = 10;
export const BOOKING_TYPE_NAME_MAX_LENGTH = 100;
export const BOOKING_TYPE_DURATION_MIN = 15;
export const BOOKING_TYPE_DURATION_MAX = 180;
export const BOOKING_NAME_MAX_LENGTH = 200;
export const BOOKING_EMAIL_MAX_LENGTH = 254;
/** Bookings (and reschedule-link requests) one address may make per hour, and one phone number per day. */
export const BOOKING_LIMIT_PER_ADDRESS_PER_HOUR = 10;
export const BOOKING_LIMIT_PER_PHONE_PER_DAY = 3;
/**
 * "horário de Brasília" for the zones on Brasília time, the other Brazilian zones by their usual names, else the
 * zone's city ("horário de Lisboa" for Europe/Lisbon): the label next to every time the page offers.
 */
export function timeZoneLabel(timeZone: string): string {
  const brasilia = ["America/Sao_Paulo", "America/Bahia", "America/Fortaleza", "America/Recife", "America/Belem", "America/Maceio", "America/Araguaina", "America/Santarem"];
  const amazonas = ["America/Manaus", "America/Cuiaba", "America/Campo_Grande", "America/Porto_Velho", "America/Boa_Vista"];
  if (brasilia.includes(timeZone)) return "horário de Brasília";
  if (amazonas.includes(timeZone)) return "horário do Amazonas";
  if (timeZone === "America/Rio_Branco" || timeZone === "America/Eirunepe") return "horário do Acre";
  if (timeZone === "America/Noronha") return "horário de Fernando de Noronha";
  const city = timeZone.split("/").at(-1)?.replace(/_/g, " ");
  return city ? `horário de ${city}` : timeZone;
}

/** How many nearest free times answer a time taken meanwhile. */
export const BOOKING_NEAREST_FREE_COUNT = 3;

export const BOOKING_TEXTS = {
  pageNotFound: "Página de agendamento não encontrada.",
  slugInvalid: "Use de 3 a 40 letras minúsculas, números ou hífens (sem hífen no início ou no fim).",
  slugTaken: "Este endereço já está em uso. Escolha outro.",
  typeRequired: "Escolha o tipo de consulta.",
  typeUnknown: "Tipo de consulta inválido.",
  timeRequired: "Escolha um horário.",
  timeInvalid: "Horário inválido.",
  nameRequired: "Informe seu nome.",
  nameTooLong: `O nome pode ter no máximo ${BOOKING_NAME_MAX_LENGTH} caracteres.`,
  phoneRequired: "Informe seu WhatsApp com DDD.",
  phoneInvalid: "Informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.",
  emailInvalid: "E-mail inválido.",
  consentRequired: "Para receber a confirmação, autorize as mensagens pelo WhatsApp.",
  slotTaken: "Este horário acabou de ser ocupado. Escolha um dos horários livres mais próximos.",
  slotUnavailable: "Este horário não está mais disponível. Escolha outro.",
  // A date or time the page never offers (422, naming the field): none of them was ever free.
  dateImpossible: "Esta data não existe.",
  datePast: "Esta data já passou. Escolha um dos dias mostrados.",
  dateBeyond: (days: number) => `A agenda mostra só os próximos ${days} dias. Escolha um dos dias mostrados.`,
  dayClosed: "Não há atendimento neste dia. Escolha um dos dias mostrados.",
  timeOutsideHours: "Este horário não está entre os horários de atendimento. Escolha um dos horários mostrados.",
  timeTooSoon: (hours: number) =>
    hours > 0 ? `Este horário já passou ou está a menos de ${hours} h de agora. Escolha um dos horários mostrados.` : "Este horário já passou. Escolha um dos horários mostrados.",
  hasActiveAppointment:
    "Você já tem uma consulta marcada. Enviamos pelo WhatsApp um link para remarcá-la, se quiser.",
  rescheduleLinkSent: "Se houver uma consulta marcada para este número, enviaremos pelo WhatsApp um link para remarcá-la.",
  tokenInvalid: "Este link de remarcação não é mais válido. Peça um novo na página de agendamento.",
  tooManyRequests: "Muitas tentativas em pouco tempo. Tente novamente mais tarde.",
  booked: "Pronto! Seu horário foi reservado e aguarda confirmação da clínica. Enviaremos a confirmação pelo WhatsApp.",
  rescheduled: "Pronto! Sua consulta foi remarcada. Enviaremos a confirmação pelo WhatsApp.",
  /** When no WhatsApp message can go (no sending number, or outside the patient's window with no template): the clinic calls. */
  bookedByCall: "Pronto! Seu horário foi reservado e aguarda confirmação da clínica, que vai ligar para o número informado.",
  rescheduledByCall: "Pronto! Sua consulta foi remarcada. A clínica vai ligar para o número informado para confirmar.",
  rescheduleByCall: "Esta clínica não envia mensagens pelo WhatsApp. Para remarcar ou cancelar, fale com a clínica.",
  hasActiveAppointmentByCall: "Você já tem uma consulta marcada com este número. Para remarcar ou cancelar, fale com a clínica.",
} as const;
