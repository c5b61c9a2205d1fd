import { format, parseISO } from "date-fns";
import { ptBR } from "date-fns/locale";

export interface ZonedNow {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock date and time in the professional's zone (PRODUCT.md "Time"), which may differ from the
 * browser's: "today" and "the next patient" follow the practice, not the laptop.
 */
export function zonedNow(timeZone: string, now: Date = new Date()): ZonedNow {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** "Terça-feira, 10 de março de 2026" for a YYYY-MM-DD date. */
export function formatLongDate(date: string): string {
  const text = format(parseISO(date), "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
