import type { Appointment } from "@clinora/contracts";
import { AppointmentCard } from "@/features/appointments/components/appointment-card";

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
