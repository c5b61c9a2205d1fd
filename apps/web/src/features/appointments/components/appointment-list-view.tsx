import type { Appointment } from "@clinora/contracts";
import { useMemo, type CSSProperties } from "react";
import { useProgressiveCount } from "@/hooks/use-progressive-count";
import { formatLongDate } from "@/lib/format";
import { groupByDate } from "../lib/appointment-filters";
import { revealOrder, TODAY_ANCHOR, todayDayIndex } from "../lib/today-in-view";
import { DayAppointments, type AppointmentActions } from "./day-appointments";

export interface AppointmentListViewProps extends AppointmentActions {
  appointments: readonly Appointment[];
  /** Today (YYYY-MM-DD): in today's month its day is marked for "Hoje" and rendered first. */
  today: string;
}

/**
 * Days whose cards are rendered at a time. A month is about 100 cards, some 4 900 elements: added four days at a time,
 * the first days show at once and the rest follow in short tasks (docs/decisions/019).
 */
const DAYS_PER_STEP = 4;

/**
 * Each day is laid out and painted only when it comes near the screen (`content-visibility: auto`): the month's
 * 4 900 elements otherwise cost most of the page's style, layout and paint work while it loads (docs/decisions/019). Until
 * then a day takes an estimated height (`--cards` cards), replaced by its real height once shown. The containment
 * clips what is drawn outside the day's box, so the day gets 12 px of padding on the sides and at the bottom for the
 * cards' shadows, and as much negative margin, which leaves the layout as it was. The scroll margin keeps a day
 * brought into view clear of the phone's top bar.
 */
const DAY_CLASS =
  "-mx-3 -mb-3 scroll-mt-18 px-3 pb-3 [content-visibility:auto] [contain-intrinsic-size:auto_calc(var(--cards)*200px+40px)] lg:scroll-mt-4 lg:[contain-intrinsic-size:auto_calc(var(--cards)*124px+40px)]";

/**
 * Every appointment of the period, under a heading per day. Every day's heading is there from the start; the cards
 * come four days at a time, in today's month from today's day on and then back from the day before, so the page can
 * open at today (the days above, off the screen, keep their estimated height meanwhile).
 */
export function AppointmentListView({ appointments, today, ...actions }: AppointmentListViewProps) {
  const days = useMemo(() => [...groupByDate(appointments)], [appointments]);
  const todayIndex = useMemo(() => todayDayIndex(days.map(([date]) => date), today), [days, today]);
  const shown = useProgressiveCount(days.length, DAYS_PER_STEP);
  const rendered = useMemo(() => new Set(revealOrder(days.length, todayIndex).slice(0, shown)), [days.length, todayIndex, shown]);
  return (
    <div className="flex flex-col gap-6">
      {days.map(([date, items], index) => (
        <section
          key={date}
          aria-labelledby={`day-${date}`}
          className={DAY_CLASS}
          style={{ "--cards": items.length } as CSSProperties}
          {...{ [TODAY_ANCHOR]: index === todayIndex ? "" : undefined }}
        >
          <h3 id={`day-${date}`} className="mb-2 text-sm font-semibold text-slate-700">
            {formatLongDate(date)}
            {date === today ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Hoje</span> : null}
            <span className="ml-2 font-normal text-slate-500">
              {items.length} {items.length === 1 ? "compromisso" : "compromissos"}
            </span>
          </h3>
          {rendered.has(index) ? <DayAppointments appointments={items} {...actions} /> : null}
        </section>
      ))}
    </div>
  );
}
