import { addDays, addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, parseISO, startOfMonth, startOfWeek } from "date-fns";

/** docs/product/appointments.md §9: the week starts on Monday. */
const WEEK = { weekStartsOn: 1 } as const;

const iso = (date: Date) => format(date, "yyyy-MM-dd");

/** The month of a YYYY-MM-DD date as whole weeks (Monday first), padded with the neighbouring months' days. */
export function monthGrid(date: string): string[][] {
  const month = parseISO(date);
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(month), WEEK), end: endOfWeek(endOfMonth(month), WEEK) }).map(iso);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** Keys that move the calendar's cursor, and where to: a day, a week, a month (Page Up/Down), a year (with Shift). */
export function moveCursor(date: string, key: string, shift = false): string | null {
  const day = parseISO(date);
  switch (key) {
    case "ArrowLeft":
      return iso(addDays(day, -1));
    case "ArrowRight":
      return iso(addDays(day, 1));
    case "ArrowUp":
      return iso(addDays(day, -7));
    case "ArrowDown":
      return iso(addDays(day, 7));
    case "PageUp":
      return iso(addMonths(day, shift ? -12 : -1));
    case "PageDown":
      return iso(addMonths(day, shift ? 12 : 1));
    case "Home":
      return iso(startOfWeek(day, WEEK));
    case "End":
      return iso(endOfWeek(day, WEEK));
    default:
      return null;
  }
}

/** The same day `months` months later (or earlier), the last day of a shorter month if need be. */
export function shiftMonths(date: string, months: number): string {
  return iso(addMonths(parseISO(date), months));
}

/** Today in the browser's clock, YYYY-MM-DD. */
export function localToday(): string {
  return iso(new Date());
}
