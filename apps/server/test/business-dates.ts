import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { addDays, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";

/**
 * The first weekday at least `days` after `from` (today in the default practice zone unless given): inside the
 * default business hours and never in the past. `nextBusinessDate(1, d)` is the next weekday after `d`.
 */
export function nextBusinessDate(days = 2, from = todayIn(DEFAULT_TIME_ZONE, new Date())): string {
  let date = addDays(from, days);
  while ([0, 6].includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}
