/**
 * Typing a time as two boxes, hour and minute, 24 hours (docs/product/appointments.md §2.2 "Time picker"; docs/product/time-and-dates.md §1: times are HH:mm
 * everywhere). Used by the time field (components/ui/time-field.tsx).
 */

export const MAX_HOUR = 23;
export const MAX_MINUTE = 59;

/** What an hour or minute box keeps while typing: digits only, at most two (docs/product/appointments.md §2.2). */
export function keepTimeDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, 2);
}

/** The settled value of an hour or minute box: empty becomes 00, capped at `max`, zero-padded. */
export function settleTimePart(digits: string, max: number): string {
  if (digits === "") return "00";
  return String(Math.min(Number(digits), max)).padStart(2, "0");
}

/** "HH:MM" -> its two boxes; anything else -> two empty boxes. */
export function splitTime(value: string | undefined): { hour: string; minute: string } {
  const match = /^(\d{1,2}):(\d{2})/.exec(value ?? "");
  return match ? { hour: match[1]!.padStart(2, "0"), minute: match[2]! } : { hour: "", minute: "" };
}

/** The two boxes as the settled "HH:MM" the form receives. */
export function joinTime(hour: string, minute: string): string {
  return `${settleTimePart(hour, MAX_HOUR)}:${settleTimePart(minute, MAX_MINUTE)}`;
}
