/**
 * The moments at which the date-dependent tests also run, through the injected Clock, so they pass on any day and
 * hour without a whole extra pass of the suite (docs/decisions/031). São Paulo keeps UTC−3 all year (no daylight
 * saving since 2019): each `at` is the local time plus three hours. `today` and `weekday` are written out by hand,
 * not computed with the product's own date functions, so a wrong local day in the product cannot hide here.
 */
export interface FixedMoment {
  /** What the moment is about, for the test's name. */
  name: string;
  /** The instant (UTC). */
  at: string;
  /** The local date in São Paulo at that instant. */
  today: string;
  /** 0 = Sunday … 6 = Saturday, of `today`. */
  weekday: number;
  /** The local time in São Paulo, HH:MM. */
  time: string;
}

export const FIXED_MOMENTS: readonly FixedMoment[] = [
  { name: "a Saturday afternoon", at: "2026-11-28T18:00:00Z", today: "2026-11-28", weekday: 6, time: "15:00" },
  { name: "a Sunday morning", at: "2026-11-29T13:00:00Z", today: "2026-11-29", weekday: 0, time: "10:00" },
  { name: "29 February at noon", at: "2028-02-29T15:00:00Z", today: "2028-02-29", weekday: 2, time: "12:00" },
  // Already Thursday in UTC, still Wednesday in São Paulo.
  { name: "23:59 in São Paulo", at: "2026-12-03T02:59:00Z", today: "2026-12-02", weekday: 3, time: "23:59" },
  { name: "00:01 in São Paulo", at: "2026-12-03T03:01:00Z", today: "2026-12-03", weekday: 4, time: "00:01" },
];

/** `date` (YYYY-MM-DD) moved by `days`, by the calendar in UTC (no zone involved). */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
