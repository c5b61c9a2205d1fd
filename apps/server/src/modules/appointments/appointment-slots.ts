import type { TimeSlot } from "@clinora/contracts";
import { addDays, localToInstant, minutesOfDay, timeOfDay, toLocal, weekdayOf } from "@clinora/contracts/zoned-time";
import type { InstantRange } from "./appointment.repository";

/** A professional's working week (docs/product/appointments.md §10.1). */
export interface BusinessHours {
  /** 0 = Sunday … 6 = Saturday */
  days: readonly number[];
  /** HH:MM or HH:MM:SS */
  start: string;
  end: string;
  timeZone: string;
}

/** The instant range of an appointment that starts at local `date` `time` and lasts `duration` minutes. */
export function appointmentRange(date: string, time: string, duration: number, timeZone: string): InstantRange {
  const startsAt = localToInstant(date, time, timeZone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + duration * 60_000) };
}

/** From local midnight of `date` to the next local midnight. */
export function localDayRange(date: string, timeZone: string): InstantRange {
  return { startsAt: localToInstant(date, "00:00", timeZone), endsAt: localToInstant(addDays(date, 1), "00:00", timeZone) };
}

/** Gap starts are put on this grid of minutes: a Google busy time ending at 10:07 offers 10:10. */
const GAP_STEP_MINUTES = 5;

/**
 * The slots of one day, stepping by `duration` from the start of business hours while a whole slot still fits
 * before their end (docs/product/appointments.md §10.3), plus the real gaps: a free slot starting where a busy range
 * ends (rounded up to 5 minutes) when that time is off the grid. A slot is unavailable when it overlaps a `busy`
 * range or has already started at `now`. A day outside the working week has no slots.
 */
export function daySlots(p: {
  date: string;
  duration: number;
  hours: BusinessHours;
  busy: readonly InstantRange[];
  now: Date;
  /** The instant of this date's local midnight, when the caller knows the zone keeps one offset all day. */
  steadyMidnight?: number;
}): TimeSlot[] {
  if (!p.hours.days.includes(weekdayOf(p.date))) return [];
  const slots: TimeSlot[] = [];
  const open = minutesOfDay(p.hours.start);
  const close = minutesOfDay(p.hours.end);
  // Converting a wall-clock time to an instant is costly; when the zone keeps one offset through the business
  // day (every day but a few), each slot is the opening instant plus its minutes.
  const opening = p.steadyMidnight !== undefined ? p.steadyMidnight + open * 60_000 : localToInstant(p.date, timeOfDay(open), p.hours.timeZone).getTime();
  const steady =
    p.steadyMidnight !== undefined || localToInstant(p.date, timeOfDay(close), p.hours.timeZone).getTime() - opening === (close - open) * 60_000;
  const slotAt = (start: number): TimeSlot => {
    const time = timeOfDay(start);
    const slot = steady
      ? { startsAt: new Date(opening + (start - open) * 60_000), endsAt: new Date(opening + (start - open + p.duration) * 60_000) }
      : appointmentRange(p.date, time, p.duration, p.hours.timeZone);
    const taken = p.busy.some((b) => b.startsAt < slot.endsAt && b.endsAt > slot.startsAt);
    return { time, available: !taken && slot.startsAt >= p.now };
  };
  const grid = new Set<number>();
  for (let start = open; start + p.duration <= close; start += p.duration) {
    grid.add(start);
    slots.push(slotAt(start));
  }
  // The local minute a busy range ends at, when it ends on this date.
  const localMinuteOf = (instant: Date): number | null => {
    if (steady) return open + (instant.getTime() - opening) / 60_000;
    const local = toLocal(instant, p.hours.timeZone);
    return local.date === p.date ? minutesOfDay(local.time) : null;
  };
  const gaps = new Set<number>();
  for (const b of p.busy) {
    const end = localMinuteOf(b.endsAt);
    if (end === null) continue;
    const start = Math.ceil(end / GAP_STEP_MINUTES) * GAP_STEP_MINUTES;
    if (start <= open || start + p.duration > close || grid.has(start) || gaps.has(start)) continue;
    const slot = slotAt(start);
    if (!slot.available) continue;
    gaps.add(start);
    slots.push(slot);
  }
  return gaps.size === 0 ? slots : slots.sort((a, b) => minutesOfDay(a.time) - minutesOfDay(b.time));
}
