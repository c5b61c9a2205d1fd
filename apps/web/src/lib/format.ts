import { DEFAULT_TIME_ZONE } from "@clinora/contracts/enums";
import { dateAtTime, dayMonth, longDateWithYear, shortDate } from "@clinora/contracts/date-display";
import { localToInstant, toLocal } from "@clinora/contracts/zoned-time";
import { formatDistanceToNow, isValid, parseISO } from "date-fns";
import { ptBR } from "date-fns/locale";

/** A date as the API sends it (ISO text such as "2025-03-14" or "2025-03-14T13:05:00Z"), or a Date/epoch. */
export type DateInput = string | number | Date;

/** Calendar dates ("2025-03-14") are days, not moments: they are shown as they are, in no zone. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toValidDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/**
 * The zone moments are shown in: the practice's, as the server writes its texts (docs/decisions/029), not the
 * browser's. The signed-in shell sets it from the user (a professional's own zone; the platform's for an admin).
 */
let displayZone: string = DEFAULT_TIME_ZONE;

export function setDisplayZone(timeZone: string) {
  displayZone = timeZone;
}

/** The instant (ISO) of a wall-clock date and time in the display zone: what a typed session time means. */
export function instantInDisplayZone(date: string, time: string): string {
  return localToInstant(date, time, displayZone).toISOString();
}

/** `value` as a calendar date and time in the display zone, or null when missing or invalid. */
export function inDisplayZone(value: DateInput | null | undefined): { date: string; time: string } | null {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) return isValid(parseISO(value)) ? { date: value, time: "00:00" } : null;
  const date = toValidDate(value);
  return date ? toLocal(date, displayZone) : null;
}

function formatWith(show: (local: { date: string; time: string }) => string, value: DateInput | null | undefined): string {
  const local = inDisplayZone(value);
  return local ? show(local) : "";
}

// Patterns from docs/product/time-and-dates.md §1. Each formatter answers "" for a missing or invalid value,
// so a screen can choose its own fallback text ('Sem horário', 'Nunca acessou'...).

/** 14/03/2025 */
export function formatDate(value: DateInput | null | undefined): string {
  return formatWith(({ date }) => shortDate(date), value);
}

/** 14/03/2025 13:05 */
export function formatDateTime(value: DateInput | null | undefined): string {
  return formatWith(({ date, time }) => `${shortDate(date)} ${time}`, value);
}

/** 14/03/2025 às 13:05 */
export function formatDateTimeLong(value: DateInput | null | undefined): string {
  return formatWith(({ date, time }) => dateAtTime(date, time), value);
}

/** 14/03 (short badges: next appointment, task due date) */
export function formatDayMonth(value: DateInput | null | undefined): string {
  return formatWith(({ date }) => dayMonth(date), value);
}

/** "Terça-feira, 10 de março de 2026" for a YYYY-MM-DD date. */
export function formatLongDate(date: string): string {
  const text = formatWith((local) => longDateWithYear(local.date), date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "há 5 minutos", "em 2 dias" */
export function formatTimeAgo(value: DateInput | null | undefined): string {
  const date = toValidDate(value);
  return date ? formatDistanceToNow(date, { locale: ptBR, addSuffix: true }) : "";
}

/**
 * Shows a stored E.164 Brazilian number the way people write it: "+5511987654321" -> "(11) 98765-4321",
 * landlines "(11) 3456-7890". A "whatsapp:" prefix is dropped. Anything else (foreign numbers, partial
 * input) is returned as given rather than guessed at.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const raw = value.replace(/^whatsapp:/i, "").trim();
  const digits = raw.replace(/\D/g, "");

  let national: string | null = null;
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) national = digits.slice(2);
  else if (!raw.startsWith("+") && (digits.length === 10 || digits.length === 11)) national = digits;
  if (!national) return raw;

  const area = national.slice(0, 2);
  const local = national.slice(2);
  const split = local.length === 9 ? 5 : 4;
  return `(${area}) ${local.slice(0, split)}-${local.slice(split)}`;
}
