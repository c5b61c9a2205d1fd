import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "@clinora/contracts";

/** docs/product/admin.md §4: an unknown status is displayed as new. */
export function displayedLeadStatus(status: string): LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : "new";
}

export function leadStatusLabel(status: string): string {
  return LEAD_STATUS_LABELS[displayedLeadStatus(status)];
}
