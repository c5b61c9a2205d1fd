/**
 * The floor `npm run bench:free-times` compares the booking page's free times with (docs/benchmarks/free-times.md):
 * a bare node:http server that, for every request, runs one indexed query (the professional's appointments over
 * the offered days, on appointments_professional_starts_idx) and computes the same slots from those rows with the
 * same slot rule (daySlots), answering the same JSON. It is told the page and the professional's hours in its
 * environment (FLOOR_PAGE, JSON): no framework, no page lookup, no Google busy times, no cache, no logging.
 */
import pg from "pg";
import { longDate } from "@clinora/contracts/date-display";
import { addDays, localToInstant, todayIn, toLocal } from "@clinora/contracts/zoned-time";
import { daySlots } from "../modules/appointments";
import { serveFloor } from "./bench-floor-server";

const DAY = 24 * 3_600_000;
/** As the page: at most this many days with free times. */
const DAYS_SHOWN = 14;
const page = JSON.parse(process.env.FLOOR_PAGE ?? "{}") as {
  professionalId: string;
  timeZone: string;
  days: number[];
  start: string;
  end: string;
  duration: number;
  daysAhead: number;
  minNoticeHours: number;
};
const hours = { days: page.days, start: page.start, end: page.end, timeZone: page.timeZone };
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 16) });
const QUERY =
  "select starts_at, ends_at from appointments where professional_id = $1 and status <> 'cancelled' and starts_at < $2 and ends_at > $3 and starts_at > $4";

async function freeTimes(): Promise<string> {
  const now = new Date();
  const today = todayIn(page.timeZone, now);
  const dates = Array.from({ length: page.daysAhead }, (_, i) => addDays(today, i));
  // São Paulo keeps one offset all year: each local midnight is the first plus whole days.
  const first = localToInstant(today, "00:00", page.timeZone).getTime();
  const result = await pool.query<{ starts_at: Date; ends_at: Date }>({
    name: "free-times",
    text: QUERY,
    values: [page.professionalId, new Date(first + page.daysAhead * DAY), new Date(first), new Date(first - DAY)],
  });
  const busy = result.rows.map((r) => ({ startsAt: r.starts_at, endsAt: r.ends_at }));
  const cutoff = toLocal(new Date(now.getTime() + page.minNoticeHours * 3_600_000), page.timeZone);
  const days: { date: string; label: string; times: string[] }[] = [];
  for (let i = 0; i < dates.length && days.length < DAYS_SHOWN; i++) {
    const date = dates[i]!;
    if (date < cutoff.date) continue;
    const from = first + i * DAY;
    const dayBusy = busy.filter((b) => b.startsAt.getTime() < from + DAY && b.endsAt.getTime() > from);
    const slots = daySlots({ date, duration: page.duration, hours, busy: dayBusy, now, steadyMidnight: from });
    const times = slots.filter((s) => s.available && (date > cutoff.date || s.time >= cutoff.time)).map((s) => s.time);
    if (times.length) days.push({ date, label: longDate(date), times });
  }
  return JSON.stringify({ type: 0, duration: page.duration, days });
}

serveFloor(pool, freeTimes);
