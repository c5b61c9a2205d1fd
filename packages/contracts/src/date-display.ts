/**
 * Dates and times as people in Brazil read them, one module for the server's texts (WhatsApp messages, the
 * booking page, exports, toasts) and the web's screens, so the two can never write a date two ways.
 * Calendar dates are local YYYY-MM-DD texts; an instant is shown through the zone passed in (the practice's, see
 * zoned-time), never the machine's. Hand-written names instead of Intl's pt-BR: the texts must not change with
 * the ICU version of a server or a browser. Imported as `@clinora/contracts/date-display`, like zoned-time.
 */
import { toLocal, weekdayOf } from "./zoned-time";

/** 0 = Sunday … 6 = Saturday. */
const WEEKDAY_NAMES = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];
const MONTH_NAMES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];

function partsOf(date: string): { year: string; month: string; day: string } {
  const [year = "", month = "", day = ""] = date.split("-");
  return { year, month, day };
}

/** The calendar's short weekday heads, 0 = Sunday (the week view shows them upper-cased). */
const WEEKDAY_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sab"];

/** "quinta-feira" for 4 (0 = Sunday); "" outside 0-6. */
export const weekdayName = (weekday: number): string => WEEKDAY_NAMES[weekday] ?? "";

/** "27/11/2026" for "2026-11-27". */
export function shortDate(date: string): string {
  const { year, month, day } = partsOf(date);
  return `${day}/${month}/${year}`;
}

/** "27/11" for "2026-11-27". */
export function dayMonth(date: string): string {
  const { month, day } = partsOf(date);
  return `${day}/${month}`;
}

/** "sexta-feira, 27/11" for "2026-11-27". */
export function weekdayDayMonth(date: string): string {
  return `${weekdayName(weekdayOf(date))}, ${dayMonth(date)}`;
}

/** "sexta-feira, 27 de novembro" for "2026-11-27". */
export function longDate(date: string): string {
  const { month, day } = partsOf(date);
  return `${weekdayName(weekdayOf(date))}, ${Number(day)} de ${MONTH_NAMES[Number(month) - 1]}`;
}

/** "sexta-feira, 27 de novembro de 2026" for "2026-11-27". */
export function longDateWithYear(date: string): string {
  return `${longDate(date)} de ${partsOf(date).year}`;
}

/** "sex" for "2026-11-27". */
export const weekdayShort = (date: string): string => WEEKDAY_SHORT[weekdayOf(date)] ?? "";

/** "novembro de 2026" for "2026-11-27". */
export function monthYear(date: string): string {
  const { year, month } = partsOf(date);
  return `${MONTH_NAMES[Number(month) - 1]} de ${year}`;
}

/** "27 de nov" for "2026-11-27"; with `withYear`, "27 de nov de 2026". */
export function dayShortMonth(date: string, withYear = false): string {
  const { year, month, day } = partsOf(date);
  const text = `${Number(day)} de ${MONTH_NAMES[Number(month) - 1]?.slice(0, 3)}`;
  return withYear ? `${text} de ${year}` : text;
}

/** "27/11/2026 às 14:00" for "2026-11-27" and "14:00" (or "14:00:00"). */
export function dateAtTime(date: string, time: string): string {
  return `${shortDate(date)} às ${time.slice(0, 5)}`;
}

/** "14:00": the wall-clock time of `instant` in `timeZone`. */
export function timeIn(instant: Date, timeZone: string): string {
  return toLocal(instant, timeZone).time;
}

/** "27/11/2026": the wall-clock date of `instant` in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  return shortDate(toLocal(instant, timeZone).date);
}

/** "27/11/2026 14:00": `instant` as the wall clock in `timeZone` shows it. */
export function dateTimeIn(instant: Date, timeZone: string): string {
  const { date, time } = toLocal(instant, timeZone);
  return `${shortDate(date)} ${time}`;
}

/** "27/11/2026 às 14:00": `instant` as the wall clock in `timeZone` shows it, in a sentence. */
export function dateAtTimeIn(instant: Date, timeZone: string): string {
  const { date, time } = toLocal(instant, timeZone);
  return dateAtTime(date, time);
}
