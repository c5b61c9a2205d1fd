import type { BookingTimes } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { Clock } from "../../platform/lib/clock";
import { scheduleVersionOf } from "../professionals";
import { bookingContextOf, typeOf, type BookingContext } from "./booking-page-context";
import type { BookingSlots, Candidates } from "./booking-page-slots";
import { bookingPageRepository } from "./booking-page.repository";

/** Pages whose free times one server process keeps; past this the one asked for longest ago goes. */
export const PAGES_KEPT = 1000;
/** Per page, the answers kept: one per consultation length and first offered date. */
const ANSWERS_PER_PAGE = 8;

/** What a process keeps of one page, labelled with the professional's schedule version read before any of it. */
interface Kept {
  version: number | null;
  ctx: BookingContext;
  /** By `${duration}|${first offered date}`: the candidate times of the offered dates, whatever the hour. */
  answers: Map<string, Candidates>;
}

/**
 * The booking page's free times (GET /api/public/booking/:slug/times), computed once per version of their inputs
 * and reused (docs/decisions/039). Every change of an input (an appointment, the hours, Disponível, the page's
 * settings, the Google busy times) raises the professional's schedule version in its own transaction; each request
 * reads that version (one primary-key read) and reuses what this process kept only when it matches, so no process
 * serves times another one changed. What is kept is the page with its professional and, per consultation length,
 * the times nothing takes whatever the hour: the clock (now plus the minimum notice) filters them on every request,
 * so times that pass drop out without any write, and a new local date is a new answer.
 */
export function bookingFreeTimes(db: Db, clock: Clock, slots: BookingSlots) {
  /** Least recently used first: Map keeps insertion order, and a use moves the page to the end. */
  const pages = new Map<string, Kept>();
  const keep = (slug: string, kept: Kept) => {
    pages.delete(slug);
    pages.set(slug, kept);
    if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value!);
  };

  /**
   * The page and its professional, with the version that labels them. The version is always read before the rows it
   * labels: a change committed in between can only make what is kept newer than its label (and the next request,
   * seeing the new version, makes it again), never older.
   */
  const pageOf = async (slug: string): Promise<Kept> => {
    const kept = pages.get(slug);
    if (kept) {
      if ((await scheduleVersionOf(db, kept.ctx.professional.id)) === kept.version) {
        keep(slug, kept);
        return kept;
      }
      pages.delete(slug);
    }
    const professionalId = await bookingPageRepository(db).findEnabledProfessionalIdBySlug(slug);
    const version = professionalId ? await scheduleVersionOf(db, professionalId) : null;
    const ctx = await bookingContextOf(db, slug);
    // The address moved to another professional in between: answered, not kept.
    if (version === null || ctx.professional.id !== professionalId) return { version: null, ctx, answers: new Map() };
    const fresh: Kept = { version, ctx, answers: new Map() };
    keep(slug, fresh);
    return fresh;
  };

  return {
    /** The next days with free times of the page's consultation type `type`. */
    async times(slug: string, type: number): Promise<BookingTimes> {
      const kept = await pageOf(slug);
      const { ctx } = kept;
      const { duration } = typeOf(ctx, type);
      const dates = slots.offeredDates(ctx);
      const key = `${duration}|${dates[0]}`;
      let candidates = kept.answers.get(key);
      // A Google busy-times cache that ages out or wants a new read changes the answer without a write (calendar-busy.ts).
      if (!candidates || candidates.until <= clock.now().getTime()) {
        candidates = await slots.candidateTimes(ctx, dates, duration);
        if (kept.version !== null) {
          kept.answers.delete(key);
          kept.answers.set(key, candidates);
          if (kept.answers.size > ANSWERS_PER_PAGE) kept.answers.delete(kept.answers.keys().next().value!);
        }
      }
      return { type, duration, days: await slots.freeDays(ctx, duration, undefined, candidates) };
    },
  };
}
