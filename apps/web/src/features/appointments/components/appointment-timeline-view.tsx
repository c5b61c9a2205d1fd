import type { Appointment } from "@clinora/contracts";
import { timeOfDay } from "@clinora/contracts/zoned-time";
import { useMemo } from "react";
import { AppointmentSourceBadge } from "@/features/appointments/components/appointment-source-badge";
import { appointmentBlockClassName } from "@/features/appointments/components/appointment-status";
import { PatientResponseBadge } from "@/features/appointments/components/patient-response-badge";
import { cn } from "@/lib/cn";
import { startingInHour } from "../lib/appointment-filters";
import { TIMELINE_HOURS } from "../lib/calendar-period";
import { dayLanes } from "../lib/drag-move";
import { TODAY_ANCHOR } from "../lib/today-in-view";
import { AppointmentDragBlock, useDragGrid } from "./appointment-drag-block";
import type { AppointmentActions } from "./day-appointments";

export interface AppointmentTimelineViewProps extends Pick<AppointmentActions, "onEdit"> {
  /** The appointments of the day shown. */
  appointments: readonly Appointment[];
  /** The day shown (YYYY-MM-DD). */
  date: string;
  /** The day shown is today: the timeline is today's element for "Hoje". */
  isToday: boolean;
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The height of an hour row: a 50-minute block shows its time, patient and type. */
const HOUR_PX = 96;
const MINUTE_PX = HOUR_PX / 60;

/**
 * One day in hourly rows from 08:00 to 19:00 (docs/product/appointments.md §9), each block as tall as it lasts; a block
 * opens its appointment for editing, and moves or changes its length by drag or keys (docs/decisions/038).
 */
export function AppointmentTimelineView({ appointments, date, isToday, onEdit }: AppointmentTimelineViewProps) {
  const inGrid = (a: Appointment) => TIMELINE_HOURS.includes(Number(a.appointment_time.slice(0, 2)));
  const outside = appointments.filter((a) => !inGrid(a));
  const dates = useMemo(() => [date], [date]);
  const { grid, liveRegion } = useDragGrid(dates, MINUTE_PX, onEdit, null);
  const lanes = dayLanes(appointments.filter(inGrid));
  return (
    <div className="space-y-4">
      {liveRegion}
      <ol
        aria-label="Linha do tempo"
        {...{ [TODAY_ANCHOR]: isToday ? "" : undefined }}
        className="scroll-mt-18 divide-y lg:scroll-mt-4 divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {TIMELINE_HOURS.map((hour) => (
          <li key={hour} className="flex gap-3 px-3 sm:px-4" style={{ height: HOUR_PX }}>
            <span className="w-12 shrink-0 pt-1.5 text-xs font-medium text-slate-500 tabular-nums">{hourLabel(hour)}</span>
            <div className="relative min-w-0 flex-1">
              {startingInHour(appointments, hour).map((appointment) => (
                <AppointmentDragBlock
                  key={appointment.id}
                  appointment={appointment}
                  grid={grid}
                  baseMinute={hour * 60}
                  lane={lanes.get(appointment.id) ?? { lane: 0, lanes: 1 }}
                  className="px-3 py-1 text-sm"
                >
                  {(shown) => <TimelineBlockText appointment={appointment} time={timeOfDay(shown.start)} duration={shown.duration} />}
                </AppointmentDragBlock>
              ))}
            </div>
          </li>
        ))}
      </ol>
      {outside.length > 0 ? (
        <section aria-labelledby="timeline-outside" className="rounded-xl border border-dashed border-slate-200 p-3 sm:p-4">
          <h3 id="timeline-outside" className="mb-2 text-sm font-medium text-slate-600">
            Fora do horário exibido
          </h3>
          <div className="flex flex-wrap gap-2">
            {outside.map((appointment) => (
              <TimelineBlock key={appointment.id} appointment={appointment} onEdit={onEdit} />
            ))}
          </div>
        </section>
      ) : null}
      <p className="flex flex-wrap gap-3 text-xs text-slate-500" aria-label="Legenda">
        <Legend status="pending" label="Pendente" />
        <Legend status="confirmed" label="Confirmada" />
        <Legend status="completed" label="Concluída" />
      </p>
    </div>
  );
}

/**
 * What a block says, named by its visible text (WCAG 2.5.3: voice control says what it sees), then what the button
 * does.
 */
function TimelineBlockText({ appointment, time, duration }: { appointment: Appointment; time: string; duration: number }) {
  return (
    <>
      <span className="font-semibold tabular-nums">
        {time} · {duration} min
      </span>
      <span className="truncate">{appointment.patient_name}</span>
      <span className="truncate text-xs opacity-80">{appointment.appointment_type}</span>
      <AppointmentSourceBadge source={appointment.source} className="mt-1 self-start" />
      <PatientResponseBadge response={appointment.patient_response} status={appointment.status} className="mt-1 self-start" />
      <span className="sr-only">: editar</span>
    </>
  );
}

/** An appointment outside the hours shown: it opens for editing, where its time can change. */
function TimelineBlock({ appointment, onEdit }: { appointment: Appointment; onEdit: (appointment: Appointment) => void }) {
  return (
    <button
      type="button"
      onClick={() => onEdit(appointment)}
      className={cn(
        "flex min-w-0 max-w-full cursor-pointer flex-col rounded-lg border-l-4 px-3 py-1.5 text-left text-sm transition-shadow hover:shadow-md",
        "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:min-w-48",
        appointmentBlockClassName(appointment.status),
      )}
    >
      <TimelineBlockText appointment={appointment} time={appointment.appointment_time} duration={appointment.duration} />
    </button>
  );
}

function Legend({ status, label }: { status: Appointment["status"]; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={cn("size-3 rounded-sm border-l-4", appointmentBlockClassName(status))} />
      {label}
    </span>
  );
}
