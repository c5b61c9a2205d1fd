import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from "@clinora/contracts";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const STATUS_TONES: Record<AppointmentStatus, BadgeTone> = {
  pending: "warning",
  confirmed: "info",
  completed: "success",
  cancelled: "danger",
};

/** Pendente / Confirmada / Concluída / Cancelada (docs/product/appointments.md §4). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{APPOINTMENT_STATUS_LABELS[status]}</Badge>;
}

/**
 * Block colours of the timeline (docs/product/appointments.md §4): completed, confirmed, otherwise pending. A cancelled
 * appointment keeps the pending colour and is struck through.
 */
export function appointmentBlockClassName(status: AppointmentStatus): string {
  if (status === "completed") return "border-emerald-300 bg-emerald-50 text-emerald-900";
  if (status === "confirmed") return "border-sky-300 bg-sky-50 text-sky-900";
  return status === "cancelled" ? "border-amber-200 bg-amber-50/60 text-amber-900/70 line-through" : "border-amber-300 bg-amber-50 text-amber-900";
}
