import {
  addDays,
  addMonths,
  eachDayOfInterval,
  format,
  endOfMonth,
  endOfWeek,
  parseISO,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { dayShortMonth, longDateWithYear, monthYear } from "@clinora/contracts/date-display";
import { monthGrid } from "@/lib/calendar-month";

/** The four views of Compromissos (docs/product/appointments.md §2.2). */
export const APPOINTMENT_VIEWS = ["list", "timeline", "week", "month"] as const;
export type AppointmentView = (typeof APPOINTMENT_VIEWS)[number];

/** An inclusive range of YYYY-MM-DD dates. */
export interface Period {
  from: string;
  to: string;
}

/** docs/product/appointments.md §9: the week starts on Monday. */
const WEEK = { weekStartsOn: 1 } as const;

const iso = (date: Date) => format(date, "yyyy-MM-dd");

/** The dates one view shows around the anchor (the selected day): a day, its week, or its month. */
export function periodOf(view: AppointmentView, anchor: string): Period {
  const day = parseISO(anchor);
  switch (view) {
    case "timeline":
      return { from: anchor, to: anchor };
    case "week":
      return { from: iso(startOfWeek(day, WEEK)), to: iso(endOfWeek(day, WEEK)) };
    case "list":
    case "month":
      return { from: iso(startOfMonth(day)), to: iso(endOfMonth(day)) };
  }
}

/** The anchor one step back or forward: a day in the timeline, a week, or a month. */
export function shiftAnchor(view: AppointmentView, anchor: string, step: -1 | 1): string {
  const day = parseISO(anchor);
  switch (view) {
    case "timeline":
      return iso(addDays(day, step));
    case "week":
      return iso(addDays(day, 7 * step));
    case "list":
    case "month":
      return iso(addMonths(day, step));
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Terça-feira, 10 de março de 2026", "9 a 15 de mar de 2026", "Março de 2026". */
export function periodLabel(view: AppointmentView, anchor: string): string {
  if (view === "timeline") return capitalise(longDateWithYear(anchor));
  if (view === "week") {
    const { from, to } = periodOf("week", anchor);
    const start = from.slice(5, 7) === to.slice(5, 7) ? String(Number(from.slice(8, 10))) : dayShortMonth(from);
    return `${start} a ${dayShortMonth(to, true)}`;
  }
  return capitalise(monthYear(anchor));
}

/** The seven dates of the anchor's week, Monday first. */
export function weekDates(anchor: string): string[] {
  const { from, to } = periodOf("week", anchor);
  return eachDayOfInterval({ start: parseISO(from), end: parseISO(to) }).map(iso);
}

/** The month of the anchor as whole weeks (Monday first), padded with the neighbouring months' days. */
export const monthWeeks = monthGrid;

/** docs/product/appointments.md §9: the timeline shows hourly rows from 08:00 to 19:00 (12 rows). */
export const TIMELINE_HOURS = Array.from({ length: 12 }, (_, i) => 8 + i);
