import type { Appointment } from "@clinora/contracts";
import { formatLongDate } from "@/lib/format";
import { groupByDate } from "../lib/appointment-filters";
import { DayAppointments, type AppointmentActions } from "./day-appointments";

export interface AppointmentListViewProps extends AppointmentActions {
  appointments: readonly Appointment[];
}

/** Every appointment of the period, under a heading per day. */
export function AppointmentListView({ appointments, ...actions }: AppointmentListViewProps) {
  return (
    <div className="space-y-6">
      {[...groupByDate(appointments)].map(([date, items]) => (
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
