/**
 * Calendar arithmetic in a professional's IANA zone (docs/product/time-and-dates.md §2), using only Intl so that no
 * time-zone database has to ship with the app. One module for both ends: the server computes "today", slots and
 * instants with it; the web shows "today" and "now" in the practice's zone, which may differ from the browser's.
 * Imported as `@clinora/contracts/zoned-time` (not from the index), so each end takes only what it names.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

/**
 * Each zone's last answer, by the second of the instant it was for. Within one second the wall-clock minute cannot
 * change (every offset, even an old local mean time's, is a whole number of seconds), and the server asks for "now"
 * in the practice's zone on most requests: formatToParts costs about 20 µs, the lookup almost nothing.
 */
const lastAnswers = new Map<string, { second: number; local: LocalDateTime }>();

/** The wall-clock date and time of `instant` in `timeZone` (not the machine's). */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastAnswers.get(timeZone);
  if (last?.second === second) return { ...last.local };
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const local = { date, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOf(date) };
  lastAnswers.set(timeZone, { second, local });
  return { ...local };
}

export function todayIn(timeZone: string, now: Date): string {
  return toLocal(now, timeZone).date;
}

/** 0 = Sunday … 6 = Saturday, for a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** YYYY-MM-DD plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Minutes since midnight of an "HH:MM" or "HH:MM:SS" time of day. */
export function minutesOfDay(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/** "HH:MM" of a number of minutes since midnight. */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (e.g. -180 for São Paulo). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant at which the wall clock in `timeZone` shows `date` `time` (HH:MM or HH:MM:SS). */
export function localToInstant(date: string, time: string, timeZone: string): Date {
  const [h = "0", m = "0"] = time.split(":");
  const naive = Date.parse(`${date}T${h.padStart(2, "0")}:${m.padStart(2, "0")}:00Z`);
  // Two passes settle the offset also on the day a zone changes it.
  let guess = naive - offsetMinutes(new Date(naive), timeZone) * 60000;
  guess = naive - offsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess);
}
