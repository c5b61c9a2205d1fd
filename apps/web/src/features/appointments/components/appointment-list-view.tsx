import type { Appointment } from "@clinora/contracts";
import { useMemo } from "react";
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

/** Every appointment of the period, under a heading per day. */
export function AppointmentListView({ appointments, ...actions }: AppointmentListViewProps) {
  const days = useMemo(() => [...groupByDate(appointments)], [appointments]);
  const shown = useProgressiveCount(days.length, DAYS_PER_STEP);
  return (
    <div className="space-y-6">
      {days.slice(0, shown).map(([date, items]) => (
        <section key={date} aria-labelledby={`day-${date}`}>
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
