import type { BusyRange, TimeSlot } from "@clinora/contracts";
import { minutesOfDay, timeOfDay } from "@clinora/contracts/zoned-time";

/** docs/product/appointments.md §2.2: the dialog shows up to 6 of the nearest free times next to the time field. */
export const SUGGESTION_COUNT = 6;
/** Quick picks step by an hour from the start of her hours. */
const QUICK_STEP_MINUTES = 60;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTime = (value: string) => HHMM.test(value);

/** The busy range a `duration`-minute appointment at `time` would overlap, if any. */
export function clashOf(time: string, duration: number, busy: readonly BusyRange[]): BusyRange | null {
  if (!isTime(time)) return null;
  const start = minutesOfDay(time);
  const end = start + duration;
  return busy.find((b) => minutesOfDay(b.start) < end && minutesOfDay(b.end) > start) ?? null;
}

/** "Horário ocupado: já há um compromisso das 08:30 às 09:20." */
export function clashMessage(clash: BusyRange): string {
  return `Horário ocupado: já há um compromisso das ${clash.start} às ${clash.end}. Escolha um horário livre.`;
}

/**
 * The free times closest to `time` (all of the day's first ones when no time is chosen yet), at most `count`, in
 * time order: the buttons next to the time field.
 */
export function nearestFreeTimes(slots: readonly TimeSlot[], time: string, count = SUGGESTION_COUNT): string[] {
  const free = slots.filter((s) => s.available).map((s) => s.time);
  if (!isTime(time)) return free.slice(0, count);
  const target = minutesOfDay(time);
  return free
    .map((t, order) => ({ t, order, distance: Math.abs(minutesOfDay(t) - target) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, count)
    .map((x) => x.t)
    .sort((a, b) => minutesOfDay(a) - minutesOfDay(b));
}

/**
 * Hourly quick picks inside her hours that day (a whole appointment still fits before the end), without the times
 * already past when the date is today. No hours (a day off): none.
 */
export function quickTimes(hours: { start: string; end: string } | null | undefined, duration: number, past: { isToday: boolean; nowTime: string }): string[] {
  if (!hours) return [];
  const times: string[] = [];
  const end = minutesOfDay(hours.end);
  const now = past.isToday ? minutesOfDay(past.nowTime) : -1;
  for (let start = minutesOfDay(hours.start); start + duration <= end; start += QUICK_STEP_MINUTES) {
    if (start > now) times.push(timeOfDay(start));
  }
  return times;
}

export type TimeWarning = "past" | "outside_hours";

/** Why a time asks for a confirmation before saving: it has passed, or it is outside her hours that day. */
export function timeWarning(
  date: string,
  time: string,
  duration: number,
  hours: { start: string; end: string } | null | undefined,
  now: { date: string; time: string },
): TimeWarning | null {
  if (!isTime(time)) return null;
  if (date < now.date || (date === now.date && time < now.time)) return "past";
  if (hours === undefined) return null;
  const start = minutesOfDay(time);
  if (!hours || start < minutesOfDay(hours.start) || start + duration > minutesOfDay(hours.end)) return "outside_hours";
  return null;
}

/** The confirmation's question (docs/product/appointments.md §8). */
export const TIME_WARNING_TEXT: Record<TimeWarning, string> = {
  past: "Este horário já passou — salvar mesmo assim?",
  outside_hours: "Fora do seu horário de atendimento — salvar mesmo assim?",
};
