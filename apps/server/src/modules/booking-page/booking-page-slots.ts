import { BOOKING_NEAREST_FREE_COUNT, BOOKING_TEXTS, type BookingFreeTime, type BookingTimes } from "@clinora/contracts";
import { longDate } from "@clinora/contracts/date-display";
import { addDays, localToInstant, minutesOfDay, todayIn, toLocal, weekdayOf } from "@clinora/contracts/zoned-time";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import type { AppointmentService } from "../appointments";
import { HOUR, whenOf, type BookingContext } from "./booking-page-context";

/** The page lists at most this many days that have free times (the next ones; enough to choose from). */
const DAYS_SHOWN = 14;

export type NearestFree = BookingFreeTime & { label: string };

/** Per date, the times nothing takes whatever the hour, in order; `until`: when they may change without a write. */
export interface Candidates {
  times: Map<string, string[]>;
  until: number;
}

/** 409 with the nearest free times: the route sends it as it is. */
export class SlotTaken extends AppError {
  constructor(readonly nearest: NearestFree[]) {
    super(409, BOOKING_TEXTS.slotTaken, "conflict");
  }
}

/**
 * The times a booking page offers: its dates (today to days ahead), the free times of the one availability service
 * (none while the professional is Indisponível, none before the minimum notice), the nearest free times to a wanted
 * one, and why a time is refused (docs/product/booking-page.md §10).
 */
export function bookingSlots(clock: Clock, appointments: Pick<AppointmentService, "candidateDays" | "bookable">) {
  /** The first instant the page may offer: now plus the minimum notice. */
  const earliest = (ctx: BookingContext) => new Date(clock.now().getTime() + ctx.page.minNoticeHours * HOUR);

  /** The local dates the page offers, today first (the last is today + days ahead − 1). */
  const offeredDates = (ctx: BookingContext) => {
    const today = todayIn(ctx.actor.practice.timeZone, clock.now());
    return Array.from({ length: ctx.page.daysAhead }, (_, i) => addDays(today, i));
  };

  /**
   * The times of some dates nothing takes, whatever the hour (none while the professional is Indisponível), and until
   * when (epoch ms) they stand without a write: what `freeTimesBy` filters by the clock, kept between requests by
   * booking-free-times.ts while the professional's schedule version stays (docs/decisions/039).
   */
  const candidateTimes = async (ctx: BookingContext, dates: string[], duration: number, excludeId?: string): Promise<Candidates> => {
    const open = dates.filter((date) => ctx.actor.practice.businessDays.includes(weekdayOf(date)));
    if (!ctx.professional.isAvailable || !open.length) return { times: new Map(), until: Number.POSITIVE_INFINITY };
    const { days, until } = await appointments.candidateDays(ctx.actor, { dates: open, duration, exclude_id: excludeId });
    const times = new Map<string, string[]>();
    for (const { date, slots } of days) {
      const free = slots.filter((s) => s.available).map((s) => s.time);
      if (free.length) times.set(date, free);
    }
    return { times, until };
  };

  /** Of the candidate times, those the page offers now: not started, and from the minimum notice on. */
  const freeTimesBy = (ctx: BookingContext, candidates: Candidates): Map<string, string[]> => {
    const found = new Map<string, string[]>();
    const now = clock.now();
    // The minimum notice as a local date and time: only the day it falls on needs comparing slot by slot.
    const cutoff = toLocal(earliest(ctx), ctx.actor.practice.timeZone);
    for (const [date, times] of candidates.times) {
      if (date < cutoff.date) continue;
      // The cutoff's own minute may have begun before now (no notice): that one time is checked as an instant.
      const offered = date > cutoff.date ? times : times.filter((t) => t > cutoff.time || (t === cutoff.time && localToInstant(date, t, ctx.actor.practice.timeZone) >= now));
      if (offered.length) found.set(date, offered);
    }
    return found;
  };

  /** The free times of some dates for `duration` minutes, as the page offers them now. */
  const freeTimesOfDates = async (ctx: BookingContext, dates: string[], duration: number, excludeId?: string): Promise<Map<string, string[]>> =>
    freeTimesBy(ctx, await candidateTimes(ctx, dates, duration, excludeId));
  const freeTimesOn = async (ctx: BookingContext, date: string, duration: number, excludeId?: string) =>
    (await freeTimesOfDates(ctx, [date], duration, excludeId)).get(date) ?? [];

  /** The free times nearest to a wanted one: that day first (closest in time), then the following offered days. */
  const nearestFree = async (ctx: BookingContext, date: string, time: string, duration: number, excludeId?: string): Promise<NearestFree[]> => {
    const dates = offeredDates(ctx);
    const tz = ctx.actor.practice.timeZone;
    const wanted = minutesOfDay(time);
    const found: { date: string; time: string }[] = [];
    if (dates.includes(date)) {
      const sameDay = (await freeTimesOn(ctx, date, duration, excludeId)).sort((a, b) => Math.abs(minutesOfDay(a) - wanted) - Math.abs(minutesOfDay(b) - wanted));
      found.push(...sameDay.slice(0, BOOKING_NEAREST_FREE_COUNT).sort().map((t) => ({ date, time: t })));
    }
    const following = dates.filter((d) => d > date || !dates.includes(date));
    const later = found.length < BOOKING_NEAREST_FREE_COUNT ? await freeTimesOfDates(ctx, following, duration, excludeId) : new Map<string, string[]>();
    for (const next of following) {
      for (const t of later.get(next) ?? []) if (found.length < BOOKING_NEAREST_FREE_COUNT) found.push({ date: next, time: t });
    }
    return found.map((f) => ({ ...f, starts_at: localToInstant(f.date, f.time, tz).toISOString(), label: whenOf(f.date, f.time) }));
  };

  /**
   * Why the page never offers `date` `time` for `duration` minutes, or null when it is one of the times it offers
   * (free or not): a past date, one beyond its days ahead, a day without business hours, a time off the day's grid of
   * slots, or one before the minimum notice (docs/product/appointments.md §10.4).
   */
  const neverOffered = (ctx: BookingContext, date: string, time: string, duration: number): { field: "date" | "time"; msg: string } | null => {
    const dates = offeredDates(ctx);
    if (date < dates[0]!) return { field: "date", msg: BOOKING_TEXTS.datePast };
    if (date > dates[dates.length - 1]!) return { field: "date", msg: BOOKING_TEXTS.dateBeyond(ctx.page.daysAhead) };
    const { businessDays, businessStart, businessEnd, timeZone } = ctx.actor.practice;
    if (!businessDays.includes(weekdayOf(date))) return { field: "date", msg: BOOKING_TEXTS.dayClosed };
    const start = minutesOfDay(time);
    const open = minutesOfDay(businessStart);
    const onGrid = start >= open && start + duration <= minutesOfDay(businessEnd) && (start - open) % duration === 0;
    if (!onGrid) return { field: "time", msg: BOOKING_TEXTS.timeOutsideHours };
    if (localToInstant(date, time, timeZone).getTime() < earliest(ctx).getTime()) return { field: "time", msg: BOOKING_TEXTS.timeTooSoon(ctx.page.minNoticeHours) };
    return null;
  };

  return {
    earliest,

    offeredDates,
    candidateTimes,

    /** The next days with free times (at most DAYS_SHOWN), from one read of the offered dates or from `candidates` of them. */
    async freeDays(ctx: BookingContext, duration: number, excludeId?: string, candidates?: Candidates): Promise<BookingTimes["days"]> {
      const dates = offeredDates(ctx);
      const found = freeTimesBy(ctx, candidates ?? (await candidateTimes(ctx, dates, duration, excludeId)));
      const days: BookingTimes["days"] = [];
      for (const date of dates) {
        const times = found.get(date);
        if (times && days.length < DAYS_SHOWN) days.push({ date, label: longDate(date), times });
      }
      return days;
    },

    /**
     * A time the page never offers answers 422 saying why; one it offers that is no longer free (taken since the
     * patient saw it) answers 409 with the nearest free ones.
     */
    async checkOffered(ctx: BookingContext, date: string, time: string, duration: number, excludeId?: string) {
      const reason = neverOffered(ctx, date, time, duration);
      // A real gap (a free time where a busy range ends, docs/product/appointments.md §10.3) is off the grid but offered.
      // Once someone takes it, it is no gap any more: an off-grid time that collides with an appointment or a busy
      // time was taken since the patient saw it, and is answered as taken, with the nearest free times.
      if (reason?.field === "time" && reason.msg === BOOKING_TEXTS.timeOutsideHours) {
        if ((await freeTimesOn(ctx, date, duration, excludeId)).includes(time)) return;
        if ((await appointments.bookable(ctx.actor, { date, time, duration, exceptId: excludeId })) === "taken") {
          throw new SlotTaken(await nearestFree(ctx, date, time, duration, excludeId));
        }
      }
      if (reason) throw AppError.validation([reason]);
      if (!(await freeTimesOn(ctx, date, duration, excludeId)).includes(time)) throw new SlotTaken(await nearestFree(ctx, date, time, duration, excludeId));
    },

    /** A conflict at commit (another booking won the lock, or the notice ran out): the nearest free times instead. */
    async orNearest<T>(ctx: BookingContext, wanted: { date: string; time: string; duration: number; excludeId?: string }, write: () => Promise<T>) {
      try {
        return await write();
      } catch (error) {
        if (error instanceof AppError && error.status === 409 && !(error instanceof SlotTaken)) {
          throw new SlotTaken(await nearestFree(ctx, wanted.date, wanted.time, wanted.duration, wanted.excludeId));
        }
        throw error;
      }
    },
  };
}

export type BookingSlots = ReturnType<typeof bookingSlots>;
