import type { LeadStatus } from "@clinora/contracts";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { displayedLeadStatus, leadStatusLabel } from "../lib/lead-status";

const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  new: "info",
  contacted: "warning",
  qualified: "purple",
  converted: "success",
  lost: "neutral",
};

export function LeadStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[displayedLeadStatus(status)]}>{leadStatusLabel(status)}</Badge>;
}

export function LeadSourceBadge({ source }: { source: string | null }) {
  return source ? <Badge tone="brand">{source}</Badge> : <Badge>Sem origem</Badge>;
}
