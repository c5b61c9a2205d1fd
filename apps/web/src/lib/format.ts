import { dateAtTimeIn, dateIn, dateTimeIn, dayMonth, longDateWithYear } from "@clinora/contracts/date-display";
import { toLocal } from "@clinora/contracts/zoned-time";
import { formatDistanceToNow, isValid, parseISO } from "date-fns";
import { ptBR } from "date-fns/locale";

/** A date as the API sends it (ISO text such as "2025-03-14" or "2025-03-14T13:05:00Z"), or a Date/epoch. */
export type DateInput = string | number | Date;

/**
 * ISO date-only text ("2025-03-14") is read as a local calendar day; `new Date("2025-03-14")` would read
 * it as UTC midnight and show the previous day in Brazil.
 */
function toValidDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** The browser's zone, read on first use: the first Intl formatter of a page is costly (app/providers.tsx). */
let browserZone: string | undefined;
const localZone = () => (browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);

function formatWith(show: (date: Date, timeZone: string) => string, value: DateInput | null | undefined): string {
  const date = toValidDate(value);
  return date ? show(date, localZone()) : "";
}

// Patterns from spec part 1 §1 and part 2 §9. Each formatter answers "" for a missing or invalid value,
// so a screen can choose its own fallback text ('Sem horário', 'Nunca acessou'...).

/** 14/03/2025 */
export function formatDate(value: DateInput | null | undefined): string {
  return formatWith(dateIn, value);
}

/** 14/03/2025 13:05 */
export function formatDateTime(value: DateInput | null | undefined): string {
  return formatWith(dateTimeIn, value);
}

/** 14/03/2025 às 13:05 */
export function formatDateTimeLong(value: DateInput | null | undefined): string {
  return formatWith(dateAtTimeIn, value);
}

/** 14/03 (short badges: next appointment, task due date) */
export function formatDayMonth(value: DateInput | null | undefined): string {
  return formatWith((date, timeZone) => dayMonth(toLocal(date, timeZone).date), value);
}

/** "Terça-feira, 10 de março de 2026" for a YYYY-MM-DD date. */
export function formatLongDate(date: string): string {
  const text = formatWith((d, timeZone) => longDateWithYear(toLocal(d, timeZone).date), date);
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
