import type { TodayAppointment } from "@clinora/contracts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AppointmentStatusBadge } from "@/features/appointments/components/appointment-status";

/** "Próximos compromissos": the next five appointments of the day still ahead (docs/product/appointments.md §2.1). */
export function UpcomingAppointmentsCard({ appointments }: { appointments: readonly TodayAppointment[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Próximos compromissos</CardTitle>
      </CardHeader>
      <CardContent>
        {appointments.length === 0 ? (
          <p className="text-sm text-slate-500">Nenhum compromisso pela frente hoje.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {appointments.map((appointment) => (
              <li key={appointment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 first:pt-0 last:pb-0">
                <span className="w-12 shrink-0 text-sm font-semibold text-brand-700 tabular-nums">{appointment.time}</span>
                <div className="min-w-[96px] flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{appointment.patient_name}</p>
                  <p className="truncate text-xs text-slate-500">
                    {appointment.type} · {appointment.duration} min
                  </p>
                </div>
                <AppointmentStatusBadge status={appointment.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
