import type { AppointmentSource } from "@clinora/contracts";
import { Bot } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

/** 'Agendado pelo assistente' on an appointment the virtual assistant booked for the patient; nothing otherwise. */
export function AppointmentSourceBadge({ source, className }: { source?: AppointmentSource | null; className?: string }) {
  if (source !== "assistant") return null;
  return (
    <Badge tone="purple" className={cn("max-w-full", className)}>
      <Bot aria-hidden className="shrink-0" />
      <span className="truncate">Agendado pelo assistente</span>
    </Badge>
  );
}
