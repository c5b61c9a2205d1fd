import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "@clinora/contracts";
import type { SelectOption } from "@/components/ui/select";

export const LEAD_STATUS_OPTIONS: SelectOption<LeadStatus>[] = LEAD_STATUSES.map((status) => ({
  value: status,
  label: LEAD_STATUS_LABELS[status],
}));
