import type { BrainReply, LlmBrain, NormalizedLlmRequest, NormalizedToolCall, NormalizedTurn } from "./llm-types";

/**
 * A small deterministic, rule-based receptionist that speaks Brazilian Portuguese: enough for the demo and the
 * browser tests to show a patient booking, rescheduling, cancelling and asking for a person, without a real model.
 * It reads the latest user message and any tool results after it, and calls the server's assistant tools
 * (check_availability, book_appointment, list_my_appointments, reschedule_appointment, cancel_appointment,
 * handoff_to_human) with their fixed JSON arguments.
 */

const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];
const WEEKDAY_STEMS = ["domingo", "segunda", "terca", "quarta", "quinta", "sexta", "sabado"];
const MONTHS = ["janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
const MAX_TIMES_OFFERED = 5;

/** Lower case without accents, so "Amanhã às 9" and "amanha as 9" read the same. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

// ---- dates -------------------------------------------------------------------------------------------------

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function fromIso(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function addDays(iso: string, days: number): string {
  const date = fromIso(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** A real calendar date, or null (31/02 is not one). */
function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return toIso(date);
}

export function weekdayOf(iso: string): string {
  return WEEKDAYS[fromIso(iso).getUTCDay()] ?? "";
}

/** 2025-03-14 → 14/03 */
export function shortDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
}

/**
 * Today as the server states it in the system prompt (`Hoje é <weekday>, YYYY-MM-DD`), else today's date in
 * São Paulo (where the product's professionals work).
 */
export function todayFromSystem(system: string, now: Date = new Date()): string {
  const stated = /hoje (?:é|e)\s[^\n]*?(\d{4}-\d{2}-\d{2})/i.exec(system);
  if (stated?.[1]) return stated[1];
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A day/month without a year that already passed this year means next year's. */
function upcoming(year: number, month: number, day: number, today: string): string | null {
  const thisYear = validDate(year, month, day);
  if (thisYear && thisYear >= today) return thisYear;
  return validDate(year + 1, month, day);
}

/**
 * The date a message mentions: YYYY-MM-DD, dd/mm(/yyyy), "15 de março", "dia 15", "hoje", "amanhã",
 * "depois de amanhã" or a weekday name (the next one after today). Null when there is none.
 */
export function parseDate(text: string, today: string): string | null {
  const folded = foldText(text);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));

  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(folded);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  const slashed = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?\b/.exec(folded);
  if (slashed) {
    const day = Number(slashed[1]);
    const mon = Number(slashed[2]);
    if (slashed[3]) {
      const fullYear = slashed[3].length === 2 ? 2000 + Number(slashed[3]) : Number(slashed[3]);
      return validDate(fullYear, mon, day);
    }
    return upcoming(year, mon, day, today);
  }

  const named = new RegExp(`\\b(\\d{1,2}) de (${MONTHS.join("|")})\\b`).exec(folded);
  if (named) return upcoming(year, MONTHS.indexOf(named[2] ?? "") + 1, Number(named[1]), today);

  // "dia 15", but not "bom dia 10h".
  const dayOnly = /\bdia (\d{1,2})\b(?!\s*(?:h|:|horas?)\b)/.exec(folded);
  if (dayOnly) {
    const day = Number(dayOnly[1]);
    const thisMonth = validDate(year, month, day);
    if (thisMonth && thisMonth >= today) return thisMonth;
    return month === 12 ? validDate(year + 1, 1, day) : validDate(year, month + 1, day);
  }

  if (/\bdepois de amanha\b/.test(folded)) return addDays(today, 2);
  if (/\bamanha\b/.test(folded)) return addDays(today, 1);
  if (/\bhoje\b/.test(folded)) return today;

  const weekday = new RegExp(`\\b(${WEEKDAY_STEMS.join("|")})(?:[- ]feira)?\\b`).exec(folded);
  if (weekday) {
    const target = WEEKDAY_STEMS.indexOf(weekday[1] ?? "");
    const current = fromIso(today).getUTCDay();
    const ahead = (target - current + 7) % 7 || 7;
    return addDays(today, ahead);
  }
  return null;
}

// ---- times -------------------------------------------------------------------------------------------------

function hhmm(hour: number, minute: number): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** The time a message mentions: "14:30", "14h30", "14h", "14 horas", "às 9", "meio-dia"; "da tarde/noite" adds 12 h. */
export function parseTime(text: string): string | null {
  const folded = foldText(text);
  if (/\bmeio[- ]dia\b/.test(folded)) return "12:00";
  const afternoon = /\bda (tarde|noite)\b/.test(folded);
  const adjust = (hour: number) => (afternoon && hour < 12 ? hour + 12 : hour);

  const withMinutes = /\b([01]?\d|2[0-3])\s*(?::|h)\s*([0-5]\d)\b/.exec(folded);
  if (withMinutes) return hhmm(adjust(Number(withMinutes[1])), Number(withMinutes[2]));
  const withUnit = /\b([01]?\d|2[0-3])\s*(?:h|hs|hrs|horas?)\b/.exec(folded);
  if (withUnit) return hhmm(adjust(Number(withUnit[1])), 0);
  const afterPreposition = /\b(?:as|pelas|das|por volta das)\s+([01]?\d|2[0-3])\b(?![/:\d])/.exec(folded);
  if (afterPreposition) return hhmm(adjust(Number(afterPreposition[1])), 0);
  return null;
}

// ---- names -------------------------------------------------------------------------------------------------

const NAME_STOP_WORDS = new Set([
  "e", "quero", "queria", "gostaria", "preciso", "para", "pra", "amanha", "hoje", "as", "na", "no", "marcar", "agendar",
  "consulta", "tenho", "com", "pode", "poderia", "por", "favor", "sou", "estou", "meu", "minha", "obrigado", "obrigada",
]);
const NAME_PARTICLES = new Set(["da", "de", "do", "das", "dos"]);

function titleCase(word: string): string {
  const lower = word.toLocaleLowerCase("pt-BR");
  return NAME_PARTICLES.has(foldText(lower)) ? lower : lower.charAt(0).toLocaleUpperCase("pt-BR") + lower.slice(1);
}

/** Up to five name-like words from the start of `words`, stopping at punctuation or a word that is not a name. */
function nameFromWords(phrase: string): string | null {
  const words: string[] = [];
  for (const word of phrase.trim().split(/\s+/)) {
    const clean = word.replace(/[.,;:!?]+$/, "");
    if (!/^[\p{L}']+$/u.test(clean) || NAME_STOP_WORDS.has(foldText(clean))) break;
    words.push(clean);
    if (clean !== word || words.length === 5) break;
  }
  while (words.length && NAME_PARTICLES.has(foldText(words[words.length - 1] ?? ""))) words.pop();
  return words.length ? words.map(titleCase).join(" ") : null;
}

/** The name in "meu nome é X" / "me chamo X" (title-cased), or null. */
export function parseName(text: string): string | null {
  const match = /(?:meu nome (?:completo )?(?:é|e)|me chamo)\s*:?\s+(.+)/iu.exec(text);
  return match?.[1] ? nameFromWords(match[1]) : null;
}

/** A bare answer to "qual é o seu nome?" ("Maria Souza"), or null when the message does not look like a name. */
function bareName(text: string): string | null {
  const trimmed = text.trim().replace(/[.!]+$/, "");
  if (!/^[\p{L}' ]{2,60}$/u.test(trimmed) || trimmed.split(/\s+/).length > 6) return null;
  return nameFromWords(trimmed);
}

/**
 * A phone number the patient typed ("(11) 98765-4321", "11 98765 4321", "+55 11 98765-4321"), digits only with
 * the country code when given, or null. The server validates it (E.164); the brain only picks it out of the text.
 */
export function parsePhone(text: string): string | null {
  const match = /(\+?\d{2}\s?)?\(?\d{2}\)?[\s.-]?9?\d{4}[\s.-]?\d{4}\b/.exec(text);
  return match ? match[0].trim() : null;
}

// ---- intents -----------------------------------------------------------------------------------------------

export type ReceptionistIntent = "handoff" | "cancel" | "reschedule" | "book" | "list" | "thanks" | "other";

/** What the patient wants, by keywords; the order settles overlaps ("remarcar" is not "marcar"). */
export function detectIntent(text: string): ReceptionistIntent {
  const folded = foldText(text);
  if (
    /\b(atendente|humano|humana|recepcionista|pessoa de verdade|falar com alguem)\b/.test(folded) ||
    /\bfalar com (?:a |o )?(doutora|doutor|dra|dr|medica|medico|profissional|psicologa|psicologo|dentista|terapeuta)\b/.test(folded)
  ) {
    return "handoff";
  }
  if (/\b(cancelar|cancela|cancele|desmarcar|desmarca)\b/.test(folded)) return "cancel";
  if (/\b(remarcar|remarca|reagendar|reagenda)\b|\b(mudar|trocar) (o horario|a data|a consulta|minha consulta)\b/.test(folded)) {
    return "reschedule";
  }
  if (/\b(marcar|agendar|agendamento|reservar)\b/.test(folded)) return "book";
  if (/\b(minhas consultas|meus horarios|meus agendamentos|minha consulta|tenho consulta|consultas marcadas)\b/.test(folded)) {
    return "list";
  }
  if (/\b(consulta|horario|horarios|vaga|vagas|disponibilidade|disponivel|atendimento)\b/.test(folded)) return "book";
  if (/\b(obrigad[oa]|valeu|agradeco)\b/.test(folded)) return "thanks";
  return "other";
}

// ---- the conversation --------------------------------------------------------------------------------------

interface Appointment {
  id: string;
  date: string;
  time: string;
  weekday?: string;
  type?: string;
  status?: string;
}

type ToolTurn = Extract<NormalizedTurn, { role: "tool" }>;

function parseJson(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Free times as a tool may give them: "14:00", or {date, time} for times on other days ("15/03 às 09:00"). */
function freeTimes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === "string") return [item];
    if (item && typeof item === "object" && typeof (item as { time?: unknown }).time === "string") {
      const { date, time } = item as { date?: unknown; time: string };
      return [typeof date === "string" ? `${shortDate(date)} às ${time}` : time];
    }
    return [];
  });
}

function appointmentsOf(result: Record<string, unknown>): Appointment[] {
  const list = Array.isArray(result.appointments) ? result.appointments : [];
  return list.filter(
    (item): item is Appointment =>
      typeof item === "object" && item !== null && "id" in item && "date" in item && "time" in item,
  );
}

/** Upcoming, still active appointments, soonest first. */
function upcomingAppointments(appointments: Appointment[], today: string): Appointment[] {
  return appointments
    .filter((appointment) => !/cancel|conclu|complet|falt|no_show|realiz/.test(foldText(appointment.status ?? "")))
    .filter((appointment) => appointment.date >= today)
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
}

function describe(appointment: Appointment): string {
  const weekday = appointment.weekday || weekdayOf(appointment.date);
  return `${weekday}, ${shortDate(appointment.date)} às ${appointment.time}`;
}

function say(text: string): BrainReply {
  return { text };
}

/** Everything the brain needs to know about where the conversation is. */
class Conversation {
  readonly today: string;
  readonly latestUserText: string;
  /** Tool results after the latest user message (this turn's work so far). */
  readonly currentToolResults: ToolTurn[];
  /** Tool calls and results of the exchange before the latest user message (for follow-up answers). */
  readonly previousCalls: { call: NormalizedToolCall; result: Record<string, unknown> }[];
  readonly previousAssistantText: string;

  constructor(private readonly request: NormalizedLlmRequest) {
    this.today = todayFromSystem(request.system);
    const turns = request.messages;
    const userIndexes = turns.flatMap((turn, index) => (turn.role === "user" ? [index] : []));
    const last = userIndexes[userIndexes.length - 1] ?? -1;
    const beforeLast = userIndexes[userIndexes.length - 2] ?? -1;
    const lastTurn = turns[last];
    this.latestUserText = lastTurn?.role === "user" ? lastTurn.content : "";
    this.currentToolResults = turns.slice(last + 1).filter((turn): turn is ToolTurn => turn.role === "tool");

    const previous = last >= 0 ? turns.slice(beforeLast + 1, last) : [];
    const results = new Map(previous.filter((turn): turn is ToolTurn => turn.role === "tool").map((turn) => [turn.toolCallId, turn]));
    this.previousCalls = previous.flatMap((turn) =>
      turn.role === "assistant"
        ? (turn.toolCalls ?? []).map((call) => ({ call, result: parseJson(results.get(call.id)?.content ?? "{}") }))
        : [],
    );
    this.previousAssistantText = previous
      .filter((turn) => turn.role === "assistant")
      .map((turn) => turn.content ?? "")
      .join("\n");
  }

  offers(tool: string): boolean {
    return this.request.toolNames.includes(tool);
  }

  call(name: string, args: Record<string, unknown>): BrainReply {
    if (!this.offers(name)) return say("Desculpe, por aqui não consigo fazer isso agora. Vou pedir para a equipe falar com você.");
    return { toolCalls: [{ name, arguments: args }] };
  }

  /** The patient's name from "meu nome é X" anywhere in the conversation, the latest first. */
  patientName(): string | null {
    const userTexts = this.request.messages.flatMap((turn) => (turn.role === "user" ? [turn.content] : []));
    for (const text of userTexts.reverse()) {
      const name = parseName(text);
      if (name) return name;
    }
    return null;
  }

  /** Day and time of the booking under way, read back from the patient's earlier messages (newest first). */
  earlierDayAndTime(): { date: string | null; time: string | null } {
    const userTexts = this.request.messages.flatMap((turn) => (turn.role === "user" ? [turn.content] : [])).slice(0, -1).reverse();
    const time = userTexts.map(parseTime).find(Boolean) ?? null;
    const date = userTexts.map((text) => parseDate(text, this.today)).find(Boolean) ?? null;
    return { date, time };
  }

  /** The latest phone number the patient typed (the web chat asks for a WhatsApp number before booking). */
  patientPhone(): string | null {
    const userTexts = this.request.messages.flatMap((turn) => (turn.role === "user" ? [turn.content] : []));
    for (const text of userTexts.reverse()) {
      const phone = parsePhone(text);
      if (phone) return phone;
    }
    return null;
  }

  /** The assistant asked "para qual dia e horário … remarcar?" and the patient now gives both. */
  answersRescheduleQuestion(): boolean {
    const text = this.latestUserText;
    return /remarcar/.test(foldText(this.previousAssistantText)) && !!parseDate(text, this.today) && !!parseTime(text);
  }

  lastPreviousCall(...names: string[]) {
    return [...this.previousCalls].reverse().find((entry) => names.includes(entry.call.name));
  }
}

function bookingArgs(conversation: Conversation, date: string, time: string, name: string | null = conversation.patientName()) {
  const phone = conversation.patientPhone();
  return { date, time, ...(name ? { patient_name: name } : {}), ...(phone ? { patient_phone: phone } : {}) };
}

function replyToToolResult(conversation: Conversation, tool: ToolTurn): BrainReply {
  const result = parseJson(tool.content);
  const intent = detectIntent(conversation.latestUserText);
  if (typeof result.error === "string") return say(`Não consegui concluir: ${result.error}. Pode tentar outra data ou horário?`);

  switch (tool.name) {
    case "check_availability": {
      const date = typeof result.date === "string" ? result.date : "";
      const weekday = typeof result.weekday === "string" ? result.weekday : date ? weekdayOf(date) : "";
      const times = strings(result.free_times).slice(0, MAX_TIMES_OFFERED);
      const day = date ? `${weekday}, ${shortDate(date)}` : "esse dia";
      if (!times.length) return say(`Não há horários livres em ${day}. Quer tentar outro dia?`);
      return say(`Para ${day}, tenho estes horários livres: ${times.join(", ")}. Qual prefere?`);
    }
    case "book_appointment":
    case "reschedule_appointment": {
      const status = String(result.status ?? "");
      if (status === "booked" || status === "rescheduled") return say("Posso ajudar em algo mais?");
      if (status === "taken") {
        const nearest = freeTimes(result.nearest_free_times).slice(0, MAX_TIMES_OFFERED);
        if (!nearest.length) return say("Esse horário já está ocupado e não há outros livres nesse dia. Quer tentar outro dia?");
        return say(`Esse horário já está ocupado. Os horários livres mais próximos são: ${nearest.join(", ")}. Qual prefere?`);
      }
      if (status === "name_required") return say("Para concluir o agendamento, qual é o seu nome completo?");
      if (status === "contact_required") return say("Para concluir o agendamento, preciso do seu nome completo e do seu WhatsApp com DDD.");
      if (status === "not_accepting") {
        return say("No momento a agenda não está recebendo agendamentos por aqui. A equipe do consultório vai entrar em contato com você.");
      }
      if (status === "invalid") {
        const reason = typeof result.reason === "string" ? result.reason : "data ou horário inválido";
        return say(`Não consegui agendar: ${reason}. Pode escolher outro dia ou horário?`);
      }
      return say("Não consegui concluir o agendamento. Pode tentar outro dia ou horário?");
    }
    case "list_my_appointments": {
      const upcoming = upcomingAppointments(appointmentsOf(result), conversation.today);
      // The list was asked for to find the appointment to cancel or move, or to show it.
      const purpose = intent === "cancel" ? "cancel" : intent === "reschedule" || conversation.answersRescheduleQuestion() ? "reschedule" : "list";
      if (purpose === "cancel" || purpose === "reschedule") {
        if (!upcoming.length) return say("Não encontrei consultas futuras marcadas para você.");
        const mentionedDate = purpose === "cancel" ? parseDate(conversation.latestUserText, conversation.today) : null;
        const target = upcoming.find((appointment) => appointment.date === mentionedDate) ?? upcoming[0];
        if (!target) return say("Não encontrei consultas futuras marcadas para você.");
        if (purpose === "cancel") return conversation.call("cancel_appointment", { appointment_id: target.id });
        const date = parseDate(conversation.latestUserText, conversation.today);
        const time = parseTime(conversation.latestUserText);
        if (!date || !time) return say("Para qual dia e horário você gostaria de remarcar?");
        return conversation.call("reschedule_appointment", { appointment_id: target.id, date, time });
      }
      if (!upcoming.length) return say("Você não tem consultas marcadas. Quer agendar uma?");
      return say(`Suas próximas consultas:\n${upcoming.map((appointment) => `• ${describe(appointment)}`).join("\n")}`);
    }
    case "cancel_appointment":
      if (result.status === "cancelled") return say("Sua consulta foi cancelada. Posso ajudar em algo mais?");
      return say("Não encontrei essa consulta. Quer que eu mostre as suas consultas marcadas?");
    case "handoff_to_human":
      return say("Certo! Vou chamar a equipe do consultório; em breve alguém continua a conversa por aqui.");
    default:
      return say("Posso ajudar em algo mais?");
  }
}

/** Answers to a question the assistant asked in the previous exchange (a name, a time among those offered...). */
function followUp(conversation: Conversation): BrainReply | null {
  const text = conversation.latestUserText;
  const date = parseDate(text, conversation.today);
  const time = parseTime(text);

  const booking = conversation.lastPreviousCall("book_appointment", "check_availability", "reschedule_appointment");
  if (booking?.call.name === "book_appointment" && booking.result.status === "contact_required") {
    const args = booking.call.arguments;
    const name = parseName(text) ?? conversation.patientName() ?? bareName(text.split(/[,;\n]/)[0] ?? "");
    if (typeof args.date === "string" && typeof args.time === "string") {
      return conversation.call("book_appointment", bookingArgs(conversation, args.date, args.time, name));
    }
  }
  // Only the text of earlier turns kept: the question for name and WhatsApp is read back from the assistant's words.
  if (!booking && /whatsapp com ddd/.test(foldText(conversation.previousAssistantText)) && parsePhone(text)) {
    const earlier = conversation.earlierDayAndTime();
    const name = parseName(text) ?? conversation.patientName() ?? bareName(text.split(/[,;\n]/)[0] ?? "");
    if (earlier.date && earlier.time) return conversation.call("book_appointment", bookingArgs(conversation, earlier.date, earlier.time, name));
  }
  if (booking?.call.name === "book_appointment" && booking.result.status === "name_required") {
    const name = parseName(text) ?? bareName(text);
    const args = booking.call.arguments;
    if (name && typeof args.date === "string" && typeof args.time === "string") {
      return conversation.call("book_appointment", bookingArgs(conversation, args.date, args.time, name));
    }
  }
  if (booking?.call.name === "reschedule_appointment" && booking.result.status === "taken" && time) {
    const args = booking.call.arguments;
    return conversation.call("reschedule_appointment", { appointment_id: args.appointment_id, date: date ?? args.date, time });
  }
  if (conversation.answersRescheduleQuestion()) return conversation.call("list_my_appointments", {});
  const previousText = foldText(conversation.previousAssistantText);
  const askedForDay = /para qual dia|outro dia/.test(previousText);
  // A product that keeps only the text of earlier turns: the day offered is read back from the assistant's words.
  const offeredDay = /horarios livres/.test(previousText) ? parseDate(conversation.previousAssistantText, conversation.today) : null;
  if (booking || askedForDay || offeredDay) {
    const contextDate = typeof booking?.call.arguments.date === "string" ? booking.call.arguments.date : offeredDay;
    const day = date ?? (time ? contextDate : null);
    if (day && time) return conversation.call("book_appointment", bookingArgs(conversation, day, time));
    if (day) return conversation.call("check_availability", { date: day });
  }
  return null;
}

/**
 * Phrases on which this receptionist raises the alarm with report_risk (docs/decisions/030), unknown to the server's
 * rules and to the stand-in's moderation, so the demo and the e2e suite reach that layer too.
 */
export const FAKE_ALARM_WORDS = /\b(?:nem vou estar (?:mais )?por aqui|tanto faz se eu (?:acordar|nao acordar))\b/;

function replyToUser(conversation: Conversation): BrainReply {
  const text = conversation.latestUserText;
  if (conversation.offers("report_risk") && FAKE_ALARM_WORDS.test(text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase())) {
    return conversation.call("report_risk", { reason: "O paciente diz que não vai estar mais por aqui." });
  }
  const intent = detectIntent(text);
  if (intent === "handoff") return conversation.call("handoff_to_human", { reason: "O paciente pediu para falar com uma pessoa." });
  if (intent === "cancel") return conversation.call("list_my_appointments", {});
  if (intent === "reschedule") {
    if (!parseDate(text, conversation.today) || !parseTime(text)) return say("Claro! Para qual dia e horário você gostaria de remarcar?");
    return conversation.call("list_my_appointments", {});
  }
  if (intent === "list") return conversation.call("list_my_appointments", {});

  const answer = followUp(conversation);
  if (answer) return answer;

  if (intent === "book") {
    const date = parseDate(text, conversation.today);
    const time = parseTime(text);
    if (date && time) return conversation.call("book_appointment", bookingArgs(conversation, date, time));
    if (date) return conversation.call("check_availability", { date });
    return say("Claro! Para qual dia você gostaria de agendar?");
  }
  if (intent === "thanks") return say("Por nada! Se precisar de algo, é só chamar.");
  return say("Olá! Sou a assistente virtual do consultório. Posso marcar, remarcar ou cancelar sua consulta. Para qual dia você gostaria de agendar?");
}

/** The default brain of the fake LLM (see the file comment); synchronous, so it fits any LlmBrain slot. */
export function receptionistBrain(request: NormalizedLlmRequest): BrainReply {
  const conversation = new Conversation(request);
  const lastResult = conversation.currentToolResults[conversation.currentToolResults.length - 1];
  return lastResult ? replyToToolResult(conversation, lastResult) : replyToUser(conversation);
}

receptionistBrain satisfies LlmBrain;
