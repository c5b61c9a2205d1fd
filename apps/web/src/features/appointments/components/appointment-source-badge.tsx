import { APPOINTMENT_SOURCE_LABELS, type AppointmentSource } from "@clinora/contracts";
import { Bot, Globe, type LucideIcon } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

/** How an appointment the professional did not book themselves is marked; a manual one has no mark. */
const SOURCE_MARKS: Record<Exclude<AppointmentSource, "manual">, { icon: LucideIcon; tone: BadgeTone }> = {
  assistant: { icon: Bot, tone: "purple" },
  booking_page: { icon: Globe, tone: "info" },
};

/**
 * 'Agendado pelo assistente' on an appointment the virtual assistant booked for the patient, 'Agendado pela página'
 * on one the patient booked on the public booking page; nothing otherwise.
 */
export function AppointmentSourceBadge({ source, className }: { source?: AppointmentSource | null; className?: string }) {
  if (!source || source === "manual") return null;
  const { icon: Icon, tone } = SOURCE_MARKS[source];
  return (
    // On a phone the mark wraps rather than being cut short: "Agendado pela p…" would not say who booked it.
    <Badge tone={tone} className={cn("max-w-full whitespace-normal", className)}>
      <Icon aria-hidden className="shrink-0" />
      <span className="min-w-0">{APPOINTMENT_SOURCE_LABELS[source]}</span>
    </Badge>
  );
}
