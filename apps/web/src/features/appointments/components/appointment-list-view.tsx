import type { Appointment } from "@clinora/contracts";
import { useMemo, type CSSProperties } from "react";
import { useProgressiveCount } from "@/hooks/use-progressive-count";
import { formatLongDate } from "@/lib/format";
import { groupByDate } from "../lib/appointment-filters";
import { DayAppointments, type AppointmentActions } from "./day-appointments";

export interface AppointmentListViewProps extends AppointmentActions {
  appointments: readonly Appointment[];
}

/**
 * Days rendered at a time. A month is about 100 cards, some 4 900 elements: added four days at a time, the first
 * days show at once and the rest follow in short tasks (issue 13).
 */
const DAYS_PER_STEP = 4;

/**
 * Each day is laid out and painted only when it comes near the screen (`content-visibility: auto`): the month's
 * 4 900 elements otherwise cost most of the page's style, layout and paint work while it loads (issue 13). Until
 * then a day takes an estimated height (`--cards` cards), replaced by its real height once shown. The containment
 * clips what is drawn outside the day's box, so the day gets 12 px of padding on the sides and at the bottom for the
 * cards' shadows, and as much negative margin, which leaves the layout as it was.
 */
const DAY_CLASS =
  "-mx-3 -mb-3 px-3 pb-3 [content-visibility:auto] [contain-intrinsic-size:auto_calc(var(--cards)*200px+40px)] lg:[contain-intrinsic-size:auto_calc(var(--cards)*124px+40px)]";

/** Every appointment of the period, under a heading per day. */
export function AppointmentListView({ appointments, ...actions }: AppointmentListViewProps) {
  const days = useMemo(() => [...groupByDate(appointments)], [appointments]);
  const shown = useProgressiveCount(days.length, DAYS_PER_STEP);
  return (
    <div className="flex flex-col gap-6">
      {days.slice(0, shown).map(([date, items]) => (
        <section
          key={date}
          aria-labelledby={`day-${date}`}
          className={DAY_CLASS}
          style={{ "--cards": items.length } as CSSProperties}
        >
          <h3 id={`day-${date}`} className="mb-2 text-sm font-semibold text-slate-700">
            {formatLongDate(date)}
            <span className="ml-2 font-normal text-slate-500">
              {items.length} {items.length === 1 ? "compromisso" : "compromissos"}
            </span>
          </h3>
          <DayAppointments appointments={items} {...actions} />
        </section>
      ))}
    </div>
  );
}
