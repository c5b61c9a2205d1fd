import type { TodayAppointment } from "@clinora/contracts";
import { Clock, Timer, UserRound } from "lucide-react";
import { AppointmentStatusBadge } from "@/features/appointments/components/appointment-status";

/** The highlighted 'Próximo paciente' card (docs/product/appointments.md §2.1, §4). */
export function NextPatientCard({ appointment }: { appointment: TodayAppointment | null }) {
  return (
    <section
      aria-labelledby="next-patient-title"
      className="rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-md sm:p-6"
    >
      <h2 id="next-patient-title" className="flex items-center gap-2 text-sm font-medium tracking-wide text-brand-100 uppercase">
        <UserRound aria-hidden className="size-4" />
        Próximo paciente
      </h2>
      {appointment ? (
        <div className="mt-3">
          <p className="text-xl font-semibold">{appointment.patient_name}</p>
          <p className="mt-0.5 text-sm text-brand-100">{appointment.type}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
            <span className="inline-flex items-center gap-1.5 rounded-lg bg-white/15 px-2.5 py-1 font-semibold tabular-nums">
              <Clock aria-hidden className="size-4" />
              {appointment.time}
            </span>
            <span className="inline-flex items-center gap-1.5 text-brand-100">
              <Timer aria-hidden className="size-4" />
              {appointment.duration} min
            </span>
            <AppointmentStatusBadge status={appointment.status} />
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-brand-100">Nenhum paciente a seguir hoje.</p>
      )}
    </section>
  );
}
