import type { Appointment } from "@clinora/contracts";
import type { ComponentProps } from "react";
import { AppointmentCard } from "@/features/appointments/components/appointment-card";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/format";
import { TODAY_ANCHOR } from "../lib/today-in-view";

export interface AppointmentActions {
  onEdit: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}

export interface DayAppointmentsProps extends AppointmentActions {
  appointments: readonly Appointment[];
  /** Shown when the day has no appointment. */
  emptyText?: string;
}

/** The appointment cards of one day, or a short empty text. */
export function DayAppointments({ appointments, emptyText = "Nenhum compromisso neste dia.", onEdit, onCancel }: DayAppointmentsProps) {
  if (appointments.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">{emptyText}</p>;
  }
  return (
    <ul className="space-y-3">
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <AppointmentCard appointment={appointment} onEdit={() => onEdit(appointment)} onDelete={() => onCancel(appointment)} />
        </li>
      ))}
    </ul>
  );
}

/** A week or month grid of days; the chosen day's appointments are listed under it. */
export interface CalendarGridProps extends AppointmentActions {
  /** The appointments of the period shown. */
  appointments: readonly Appointment[];
  selectedDate: string;
  today: string;
  onSelectDate: (date: string) => void;
}

/** Under a week or month grid: the chosen day as a heading (`id` names the section) and its appointments. */
export function SelectedDayAppointments({ id, date, ...day }: DayAppointmentsProps & { id: string; date: string }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold text-slate-700">
        {formatLongDate(date)}
      </h3>
      <DayAppointments {...day} />
    </section>
  );
}

export interface GridDayProps extends Omit<ComponentProps<"button">, "onClick"> {
  date: string;
  today: string;
  selected: boolean;
  onSelectDate: (date: string) => void;
}

/** A day of a week or month grid: a toggle that chooses it; today's carries the anchor the view scrolls to. */
export function GridDay({ date, today, selected, onSelectDate, className, ...props }: GridDayProps) {
  return (
    <button
      type="button"
      {...{ [TODAY_ANCHOR]: date === today ? "" : undefined }}
      aria-pressed={selected}
      onClick={() => onSelectDate(date)}
      className={cn("scroll-mt-18 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:scroll-mt-4", className)}
      {...props}
    />
  );
}
