import { weekdayDayMonth } from "@clinora/contracts/date-display";
import { addDays, weekdayOf } from "@clinora/contracts/zoned-time";
import { normalizeForRules, sentencesOf } from "../../safety";
import { claimsAgendaChange, describeFreeTimes, namesDayOrTime, type FreeTime } from "./claims";

/**
 * What a patient reads about the agenda (docs/decisions/030): decided by what the tools did in the turn, not by the
 * model's words. The rules here are pure; the second opinion (a vendor call) is passed in as its verdict.
 */

/** What one state-changing tool call did in this turn (assistant-tools.ts marks them). */
export interface ChangeAttempt {
  tool: string;
  ok: boolean;
  /** The tool's status when it failed (not_found, taken, invalid, not_accepting, one_at_a_time, error…). */
  status: string;
}

/** A day and time the server itself gave this turn: a free time, a real coming appointment. */
export interface GroundedSlot {
  date: string;
  time: string;
}

/** What the server knows this turn, against which the model's days and times are checked. */
export interface Grounding {
  /** Today in the practice's time zone (YYYY-MM-DD). */
  today: string;
  /** Free times a tool returned and the patient's real coming appointments (and any appointment a tool returned). */
  slots: GroundedSlot[];
  /** Opening hours from the settings. */
  businessDays: readonly number[];
  businessStart: string;
  businessEnd: string;
}

const WEEKDAYS: Record<string, number> = { domingo: 0, segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6 };
const MONTHS: Record<string, number> = {
  janeiro: 1, fevereiro: 2, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
};
/** The normalized (collapsed) spelling of the months: "fevereiro" → "fevereiro", "março" → "marco". */
const MONTH_RX = Object.keys(MONTHS).map((m) => normalizeForRules(m)).join("|");

const pad = (n: number) => String(n).padStart(2, "0");

/** Every day and time a text names, read from its normalized form. */
export function namedDaysAndTimes(text: string, today: string): { weekdays: number[]; dates: { day: number; month: number | null }[]; relative: string[]; times: string[] } {
  const t = ` ${normalizeForRules(text)} `;
  const weekdays = [...t.matchAll(/\b(domingo|segunda|terca|quarta|quinta|sexta|sabado)s?\b/g)].map((m) => WEEKDAYS[m[1]!]!);
  const dates: { day: number; month: number | null }[] = [];
  for (const m of t.matchAll(/\b(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/g)) dates.push({ day: Number(m[1]), month: Number(m[2]) });
  for (const m of t.matchAll(new RegExp(`\\b(?:dia\\s+)?(\\d{1,2})\\s+de\\s+(${MONTH_RX})\\b`, "g"))) {
    const month = Object.entries(MONTHS).find(([name]) => normalizeForRules(name) === m[2])?.[1] ?? null;
    dates.push({ day: Number(m[1]), month });
  }
  for (const m of t.matchAll(/\bdia\s+(\d{1,2})\b(?!\s+de\s)/g)) dates.push({ day: Number(m[1]), month: null });
  const relative: string[] = [];
  if (/\bdepois de amanha\b/.test(t)) relative.push(addDays(today, 2));
  else if (/\bamanha\b/.test(t)) relative.push(addDays(today, 1));
  if (/\bhoje\b/.test(t)) relative.push(today);
  const times: string[] = [];
  const add = (h: string, m: string | undefined) => {
    const hour = Number(h);
    const minute = Number(m ?? "0");
    if (hour <= 23 && minute <= 59) times.push(`${pad(hour)}:${pad(minute)}`);
  };
  for (const m of t.matchAll(/\b(\d{1,2}):(\d{2})\b/g)) add(m[1]!, m[2]);
  for (const m of t.matchAll(/\b(\d{1,2})\s?h(?:s|oras?)?\s?(\d{2})?\b/g)) add(m[1]!, m[2]);
  for (const m of t.matchAll(/\b(?:as|das)\s+(\d{1,2})(?![\d:/h])(?!\s+(?:de|dias?|semanas?|meses|minutos|anos|reais|consultas?|pesoas|vezes|horas)\b)/g)) add(m[1]!, undefined);
  return { weekdays, dates, relative, times };
}

/**
 * Whether every day, date and time the text names is one the server gave: a free time or a real appointment of
 * this turn, or the opening hours (their days and their first and last hour).
 */
export function daysAndTimesGrounded(text: string, grounding: Grounding): boolean {
  const named = namedDaysAndTimes(text, grounding.today);
  const slotDates = new Set(grounding.slots.map((s) => s.date));
  const slotTimes = new Set(grounding.slots.map((s) => s.time.slice(0, 5)));
  const hours = new Set([grounding.businessStart.slice(0, 5), grounding.businessEnd.slice(0, 5)]);
  const groundedWeekdays = new Set([...grounding.businessDays, ...[...slotDates].map((d) => weekdayOf(d))]);
  if (named.weekdays.some((w) => !groundedWeekdays.has(w))) return false;
  for (const date of named.relative) if (!slotDates.has(date) && !grounding.businessDays.includes(weekdayOf(date))) return false;
  for (const { day, month } of named.dates) {
    const found = [...slotDates].some((d) => Number(d.slice(8, 10)) === day && (month === null || Number(d.slice(5, 7)) === month));
    if (!found) return false;
  }
  // A time must be one the server gave; a time next to a weekday of the opening hours only as the hours themselves.
  return named.times.every((time) => slotTimes.has(time) || hours.has(time));
}

/**
 * Appointments and free times anywhere in this turn's tool results (list_my_appointments, check_availability,
 * nearest_free_times, a booking's result): objects with an ISO `date` and a `time`, and `free_times` of a `date`.
 */
export function slotsFromToolResults(contents: readonly string[]): GroundedSlot[] {
  const found: GroundedSlot[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const v = value as Record<string, unknown>;
    const date = typeof v.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v.date) ? v.date : null;
    if (date && typeof v.time === "string") found.push({ date, time: v.time.slice(0, 5) });
    if (date && Array.isArray(v.free_times)) for (const time of v.free_times) if (typeof time === "string") found.push({ date, time: time.slice(0, 5) });
    for (const child of Object.values(v)) visit(child, depth + 1);
  };
  for (const content of contents) {
    try {
      visit(JSON.parse(content), 0);
    } catch {
      // Not JSON: nothing to read.
    }
  }
  return found;
}

/** In plain words why a change did not happen, from the failed tools' statuses. */
function whyNothingChanged(attempts: readonly ChangeAttempt[]): string {
  const statuses = new Set(attempts.map((a) => a.status));
  if (statuses.has("taken")) return "O horário pedido já está ocupado.";
  if (statuses.has("not_found")) return "Não encontrei essa consulta entre as suas próximas consultas.";
  if (statuses.has("invalid")) return "O dia ou horário pedido não está disponível (já passou ou fica fora do horário de atendimento).";
  if (statuses.has("not_accepting")) return "A agenda não está aceitando novos agendamentos no momento.";
  if (statuses.has("not_confirmable")) return "Essa consulta não pode mais ser confirmada (foi cancelada ou já começou).";
  if (statuses.has("duration_fixed")) return "A duração das consultas é definida pela profissional.";
  if (statuses.has("name_required") || statuses.has("contact_required")) return "Preciso do seu nome completo (e, no chat do site, do seu WhatsApp com DDD) para agendar.";
  if (statuses.has("one_at_a_time") || statuses.has("too_many_tries")) return "Faço uma alteração de cada vez.";
  return "Não consegui concluir o pedido.";
}

/** What the patient reads when state-changing tools were called this turn and none succeeded. */
export function failedChangeText(attempts: readonly ChangeAttempt[], freeTimes: readonly FreeTime[]): string {
  const head = `Nada foi alterado na sua agenda. ${whyNothingChanged(attempts)}`;
  return freeTimes.length > 0 ? `${head} Horários livres que encontrei: ${describeFreeTimes(freeTimes)}. Qual prefere?` : `${head} Me diga como prefere seguir, que eu verifico para você.`;
}

/** The patient's real coming appointments, as the server writes them ("Suas próximas consultas: …"). */
export function upcomingText(upcoming: readonly GroundedSlot[]): string | null {
  if (upcoming.length === 0) return null;
  const list = upcoming.slice(0, 5).map((a) => `${weekdayDayMonth(a.date)}, às ${a.time.slice(0, 5)}`);
  return upcoming.length === 1 ? `Sua próxima consulta: ${list[0]}.` : `Suas próximas consultas: ${list.join("; ")}.`;
}

/**
 * A model sentence that may follow a server confirmation: no claim, no day or time, and no appointment named
 * ("também removi sua outra consulta" may not ride along; "Qualquer dúvida, estou por aqui." may).
 */
export function sentencesAfterConfirmation(text: string): string {
  const kept: string[] = [];
  for (const match of text.trim().matchAll(/[^.!?;\n]+[.!?;\n]*/g)) {
    const original = match[0];
    const sentences = sentencesOf(normalizeForRules(original));
    if (sentences.length === 0) continue;
    if (claimsAgendaChange(original) || sentences.some((s) => namesDayOrTime(s) || namesAppointment(s.text))) continue;
    kept.push(original.trim());
  }
  return kept.join(" ");
}

/** "consulta", "agendamento", "horário", "sessão", "retorno", "encaixe": a sentence about an appointment. */
export function namesAppointment(normalized: string): boolean {
  return /\b(?:consultas?|agendamentos?|horarios?|sesoes|sesao|retornos?|encaixes?|atendimentos? marcad\w*|remarcacao|cancelamento|reserva)\b/.test(normalized);
}

/** The words of a text as the echo check compares them (normalized, letters and digits only). */
const wordsOf = (text: string) => normalizeForRules(text).split(/[^\p{L}\p{N}:]+/u).filter(Boolean);

/** How many consecutive words of the prompt's instructions a reply may repeat: 8 or more is an echo. */
export const ECHO_WORDS = 8;

/** Whether the reply repeats 8 or more consecutive words of the system prompt's clinic instructions or rules. */
export function echoesPrompt(reply: string, instructions: string): boolean {
  const words = wordsOf(reply);
  if (words.length < ECHO_WORDS) return false;
  const shingles = shinglesOf(instructions);
  for (let i = 0; i + ECHO_WORDS <= words.length; i++) if (shingles.has(words.slice(i, i + ECHO_WORDS).join(" "))) return true;
  return false;
}

/**
 * The runs of ECHO_WORDS words of a practice's instructions, kept for the latest few instructions: they change only
 * with its settings, and working them out again for every reply was most of the echo check's cost (a prompt of a
 * thousand words, normalized and cut up at every message).
 */
const shingleCache = new Map<string, Set<string>>();
const SHINGLE_CACHE_SIZE = 32;
function shinglesOf(instructions: string): Set<string> {
  const kept = shingleCache.get(instructions);
  if (kept) {
    // Most recently used last: the first entry is the one to drop.
    shingleCache.delete(instructions);
    shingleCache.set(instructions, kept);
    return kept;
  }
  const source = wordsOf(instructions);
  const shingles = new Set<string>();
  for (let i = 0; i + ECHO_WORDS <= source.length; i++) shingles.add(source.slice(i, i + ECHO_WORDS).join(" "));
  shingleCache.set(instructions, shingles);
  if (shingleCache.size > SHINGLE_CACHE_SIZE) shingleCache.delete(shingleCache.keys().next().value!);
  return shingles;
}
