import type { Appointment } from "@clinora/contracts";
import { weekdayShort } from "@clinora/contracts/date-display";
import { timeOfDay } from "@clinora/contracts/zoned-time";
import { useRef } from "react";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/format";
import { groupByDate } from "../lib/appointment-filters";
import { TIMELINE_HOURS } from "../lib/calendar-period";
import { dayLanes, GRID_END, GRID_START } from "../lib/drag-move";
import { AppointmentDragBlock, useDragGrid } from "./appointment-drag-block";

/** The height of an hour in the week's grid: a 50-minute block shows its time and patient. */
const HOUR_PX = 64;
const MINUTE_PX = HOUR_PX / 60;
// A faint line at each hour of the day columns.
const HOUR_LINES = `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgb(241 245 249) ${HOUR_PX - 1}px, rgb(241 245 249) ${HOUR_PX}px)`;

export interface AppointmentWeekGridProps {
  /** The seven dates of the week, Monday first. */
  dates: readonly string[];
  appointments: readonly Appointment[];
  today: string;
  onEdit: (appointment: Appointment) => void;
}

const inGrid = (appointment: Appointment) => {
  const hour = Number(appointment.appointment_time.slice(0, 2));
  return hour * 60 >= GRID_START && hour * 60 < GRID_END;
};

/**
 * The week in hours, 08:00 to 20:00, one column a day: a block moves to another time or day by drag, long press or
 * arrow keys, and its bottom edge changes its length (docs/decisions/038). Times are the practice's, as the API gives
 * them, whatever the browser's zone.
 */
export function AppointmentWeekGrid({ dates, appointments, today, onEdit }: AppointmentWeekGridProps) {
  const columns = useRef<HTMLDivElement>(null);
  const { grid, liveRegion } = useDragGrid(dates, MINUTE_PX, onEdit, columns);
  const byDate = groupByDate(appointments.filter(inGrid));
  return (
    <section aria-labelledby="week-hours" className="rounded-xl border border-slate-200 bg-white">
      <h3 id="week-hours" className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-700">
        Horários da semana
      </h3>
      {liveRegion}
      <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] sm:grid-cols-[3.25rem_minmax(0,1fr)]">
        <div aria-hidden>
          <div className="h-8 border-b border-slate-100" />
          {TIMELINE_HOURS.map((hour) => (
            <div key={hour} className="pt-0.5 pr-1 text-right text-[11px] text-slate-500 tabular-nums sm:pr-2 sm:text-xs" style={{ height: HOUR_PX }}>
              {String(hour).padStart(2, "0")}:00
            </div>
          ))}
        </div>
        <div>
          <div aria-hidden className="grid h-8 grid-cols-7 border-b border-slate-100">
            {dates.map((date) => (
              <div key={date} className={cn("flex items-center justify-center gap-1 text-[11px] font-medium text-slate-600 uppercase sm:text-xs", date === today && "text-brand-700")}>
                {weekdayShort(date)} <span className="tabular-nums">{Number(date.slice(8, 10))}</span>
              </div>
            ))}
          </div>
          <div ref={columns} className="grid grid-cols-7" style={{ height: TIMELINE_HOURS.length * HOUR_PX, backgroundImage: HOUR_LINES }}>
            {dates.map((date) => {
              const items = byDate.get(date) ?? [];
              const lanes = dayLanes(items);
              return (
                <ul key={date} aria-label={formatLongDate(date)} className={cn("relative border-l border-slate-100", date === today && "bg-brand-50/40")}>
                  {items.map((appointment) => (
                    <li key={appointment.id}>
                      <AppointmentDragBlock
                        appointment={appointment}
                        grid={grid}
                        baseMinute={GRID_START}
                        lane={lanes.get(appointment.id) ?? { lane: 0, lanes: 1 }}
                        className="px-0.5 py-0.5 text-[10px] leading-tight sm:px-1.5 sm:text-xs"
                        // Begins with the visible text (WCAG 2.5.3: voice control says what it sees), then the rest.
                        label={(shown) => `${timeOfDay(shown.start)} ${appointment.patient_name}, ${shown.duration} min, ${appointment.appointment_type}: editar`}
                      >
                        {(shown) => (
                          <>
                            <span className="font-semibold tabular-nums">{timeOfDay(shown.start)}</span>{" "}
                            <span className="truncate">{appointment.patient_name}</span>
                          </>
                        )}
                      </AppointmentDragBlock>
                    </li>
                  ))}
                </ul>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
