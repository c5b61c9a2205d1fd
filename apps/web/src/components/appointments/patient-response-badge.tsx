import { PATIENT_RESPONSE_LABELS, type AppointmentStatus, type PatientResponse } from "@clinora/contracts";
import { UserCheck, UserX } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

/**
 * 'Confirmado pelo paciente' / 'Cancelado pelo paciente' when the patient answered a reminder or the assistant
 * themselves (issue 11); nothing otherwise, nor when the status no longer agrees with the answer.
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
  const label = patientResponseLabel(response, status);
  if (!response || !label) return null;
  const confirmed = response === "confirmed";
  const Icon = confirmed ? UserCheck : UserX;
  return (
    <Badge tone={confirmed ? "success" : "danger"} className={cn("max-w-full", className)}>
      <Icon aria-hidden className="shrink-0" />
      <span className="truncate">{label}</span>
    </Badge>
  );
}

/** The badge's text, or null when the badge is not shown (the answer no longer matches the appointment's status). */
export function patientResponseLabel(response: PatientResponse | null | undefined, status: AppointmentStatus): string | null {
  if (!response) return null;
  const confirmed = response === "confirmed";
  if (confirmed ? status === "cancelled" || status === "pending" : status !== "cancelled") return null;
  return PATIENT_RESPONSE_LABELS[response];
}
