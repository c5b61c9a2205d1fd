import { PATIENT_RESPONSE_LABELS, type AppointmentStatus, type PatientResponse } from "@clinora/contracts";
import { UserCheck, UserX } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

/**
 * 'Confirmado pelo paciente' / 'Cancelado pelo paciente' when the patient answered a reminder or the assistant
 * themselves (docs/decisions/017); nothing otherwise, nor when the status no longer agrees with the answer.
 */
export function PatientResponseBadge({
  response,
  status,
  className,
}: {
  response?: PatientResponse | null;
  status: AppointmentStatus;
  className?: string;
}) {
  if (!response) return null;
  const confirmed = response === "confirmed";
  if (confirmed ? status === "cancelled" || status === "pending" : status !== "cancelled") return null;
  const Icon = confirmed ? UserCheck : UserX;
  return (
    <Badge tone={confirmed ? "success" : "danger"} className={cn("max-w-full", className)}>
      <Icon aria-hidden className="shrink-0" />
      <span className="truncate">{PATIENT_RESPONSE_LABELS[response]}</span>
    </Badge>
  );
}
