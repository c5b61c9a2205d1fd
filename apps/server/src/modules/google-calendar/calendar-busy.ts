import { and, eq, gt, lt } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { calendarBusyIntervals, calendarConnections } from "./google-calendar.schema";
import { scheduleJob } from "../../platform/jobs/job.repository";
import type { Clock } from "../../platform/lib/clock";

/**
 * The busy times of the professional's chosen Google calendars, as every free-times answer reads them
 * (docs/decisions/027): from the cache the refresh job keeps, never from Google on the request's path.
 */

/** Reads the chosen calendars' busy times into the cache (payload: professionalId); recurs every BUSY_TTL_MS. */
export const BUSY_REFRESH_JOB = "calendar.busy_refresh";
/** How long a read stands before the job reads again. */
export const BUSY_TTL_MS = 5 * 60_000;
/** A cache older than this while the job should have kept it fresh: a request asks for a read at once. */
export const BUSY_STALE_MS = 2 * BUSY_TTL_MS;
/**
 * Past this age the cache is not used at all (Google has been failing for that long): the times are offered from
 * Clinora's agenda only, and the professional is warned.
 */
export const BUSY_MAX_AGE_MS = 30 * 60_000;
/** How far ahead a read covers; later dates have no busy times from Google. */
export const BUSY_WINDOW_DAYS = 56;
/** How far back: a day, so today's early hours are covered in every zone. */
export const BUSY_LOOKBACK_MS = 24 * 3600_000;

/** Why the last read failed (calendar_connections.busy_error). */
export type BusyError = "unavailable" | "needs_reconnect" | "calendar_unreadable";

export interface InstantRange {
  startsAt: Date;
  endsAt: Date;
}

/** The one refresh job of a professional: re-armed, never duplicated. */
export const busyRefreshKey = (professionalId: string) => `${BUSY_REFRESH_JOB}:${professionalId}`;

/** Puts the professional's refresh job at `runAt` (now: as soon as the worker gets to it). */
export async function scheduleBusyRefresh(db: DbOrTx, professionalId: string, runAt: Date): Promise<void> {
  await scheduleJob(db, { type: BUSY_REFRESH_JOB, payload: { professionalId }, professionalId, dedupeKey: busyRefreshKey(professionalId), runAt });
}

/** `busy` without the parts covered by `minus`, in time order; touching pieces are merged. */
export function subtractRanges(busy: readonly InstantRange[], minus: readonly InstantRange[]): InstantRange[] {
  const cuts = [...minus].filter((m) => m.endsAt > m.startsAt).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const out: InstantRange[] = [];
  for (const range of [...busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    let start = range.startsAt.getTime();
    const end = range.endsAt.getTime();
    for (const cut of cuts) {
      if (start >= end) break;
      const cutStart = cut.startsAt.getTime();
      const cutEnd = cut.endsAt.getTime();
      if (cutEnd <= start || cutStart >= end) continue;
      if (cutStart > start) out.push({ startsAt: new Date(start), endsAt: new Date(cutStart) });
      start = Math.max(start, cutEnd);
    }
    if (start < end) out.push({ startsAt: new Date(start), endsAt: new Date(end) });
  }
  const merged: InstantRange[] = [];
  for (const r of out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const last = merged.at(-1);
    if (last && r.startsAt <= last.endsAt) last.endsAt = r.endsAt > last.endsAt ? r.endsAt : last.endsAt;
    else merged.push({ ...r });
  }
  return merged;
}

/** The connection's fields the busy times depend on. */
export interface BusyState {
  status: "connected" | "error" | string;
  busyCalendarIds: string[];
  busyFetchedAt: Date | null;
  busyCheckedAt: Date | null;
  busyError: string | null;
}

/** Whether the cache may be used now: connected, calendars chosen, the grant good, and read recently enough. */
export function busyCacheUsable(state: BusyState, now: Date): boolean {
  if (state.status !== "connected" || state.busyCalendarIds.length === 0) return false;
  if (state.busyError === "needs_reconnect" || !state.busyFetchedAt) return false;
  return now.getTime() - state.busyFetchedAt.getTime() <= BUSY_MAX_AGE_MS;
}

/**
 * What the professional is told about the busy times, or null when the offered times consider every chosen
 * calendar: the grant gone, Google failing for longer than the cache is trusted, or one calendar unreadable.
 */
export function busyWarning(state: BusyState | null, now: Date): string | null {
  if (!state || state.busyCalendarIds.length === 0) return null;
  if (state.status !== "connected" || state.busyError === "needs_reconnect") return MSG.googleBusyNeedsReconnect;
  if (state.busyError === "calendar_unreadable") return MSG.googleBusyCalendarUnreadable;
  if (state.busyError === "unavailable" && !busyCacheUsable(state, now)) return MSG.googleBusyUnavailable;
  return null;
}

/** Whether a request should ask for a read now: the cache is missing or stale, and no read was tried lately. */
function wantsRefresh(state: BusyState, now: Date): boolean {
  if (state.status !== "connected" || state.busyCalendarIds.length === 0 || state.busyError === "needs_reconnect") return false;
  const stale = !state.busyFetchedAt || now.getTime() - state.busyFetchedAt.getTime() > BUSY_STALE_MS;
  const triedLately = state.busyCheckedAt && now.getTime() - state.busyCheckedAt.getTime() <= BUSY_TTL_MS;
  return stale && !triedLately;
}

/**
 * Until when an answer made from `state` at `now` stays the answer without any write: the instant the cache ages past
 * BUSY_MAX_AGE_MS, or the one a request would ask for a read (`wantsRefresh`); now itself when one would ask already.
 * Every write that changes the answer raises the professional's schedule version (docs/decisions/039).
 */
function busyStateUntil(state: BusyState, now: Date): number {
  if (state.status !== "connected" || state.busyCalendarIds.length === 0 || state.busyError === "needs_reconnect") return Number.POSITIVE_INFINITY;
  if (wantsRefresh(state, now)) return now.getTime();
  const fetched = state.busyFetchedAt?.getTime();
  const checked = state.busyCheckedAt?.getTime();
  // A request asks once the cache is stale and the last try is older than BUSY_TTL_MS: past both instants.
  const asks = Math.max(fetched === undefined ? -Infinity : fetched + BUSY_STALE_MS, checked === undefined ? -Infinity : checked + BUSY_TTL_MS);
  const agesOut = fetched !== undefined && busyCacheUsable(state, now) ? fetched + BUSY_MAX_AGE_MS : Number.POSITIVE_INFINITY;
  return Math.min(asks, agesOut) + 1;
}

/**
 * The Google busy times of a professional overlapping `range`, from the cache, in one query. A missing or stale
 * cache asks the job for a read (and answers what it has): the request never waits for Google.
 */
export async function readBusyTimes(db: DbOrTx, clock: Clock, professionalId: string, range: InstantRange, wake?: () => void): Promise<InstantRange[]> {
  return (await readBusyWindow(db, clock, professionalId, range, wake)).ranges;
}

/**
 * `readBusyTimes`, and until when (epoch milliseconds) that answer stands without a write to the cache
 * (`busyStateUntil`): how long a cache of free times built on it may be reused.
 */
export async function readBusyWindow(db: DbOrTx, clock: Clock, professionalId: string, range: InstantRange, wake?: () => void): Promise<{ ranges: InstantRange[]; until: number }> {
  const rows = await db
    .select({
      status: calendarConnections.status,
      busyCalendarIds: calendarConnections.busyCalendarIds,
      busyFetchedAt: calendarConnections.busyFetchedAt,
      busyCheckedAt: calendarConnections.busyCheckedAt,
      busyError: calendarConnections.busyError,
      startsAt: calendarBusyIntervals.startsAt,
      endsAt: calendarBusyIntervals.endsAt,
    })
    .from(calendarConnections)
    .leftJoin(
      calendarBusyIntervals,
      and(
        eq(calendarBusyIntervals.professionalId, calendarConnections.professionalId),
        lt(calendarBusyIntervals.startsAt, range.endsAt),
        gt(calendarBusyIntervals.endsAt, range.startsAt),
      ),
    )
    .where(eq(calendarConnections.professionalId, professionalId));
  const state = rows[0];
  if (!state) return { ranges: [], until: Number.POSITIVE_INFINITY };
  const now = clock.now();
  if (wantsRefresh(state, now)) {
    await scheduleBusyRefresh(db, professionalId, now);
    wake?.();
  }
  const until = busyStateUntil(state, now);
  if (!busyCacheUsable(state, now)) return { ranges: [], until };
  return { ranges: rows.flatMap((r) => (r.startsAt && r.endsAt ? [{ startsAt: r.startsAt, endsAt: r.endsAt }] : [])), until };
}
