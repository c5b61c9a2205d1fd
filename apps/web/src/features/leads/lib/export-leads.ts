import { MAX_PER_PAGE, type Lead } from "@clinora/contracts";
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { fetchLeads, type LeadList, type LeadListFilters, type LeadListParams } from "../api/leads";
import { leadStatusLabel } from "./lead-status";

const COLUMNS: CsvColumn<Lead>[] = [
  { key: "name", header: "Nome" },
  { key: "contact_form", header: "Contato" },
  { key: "status", header: "Status", format: (status) => leadStatusLabel(String(status)) },
  { key: "source", header: "Origem" },
  { key: "notes", header: "Observações" },
  { key: "created_at", header: "Criado em", format: (value) => formatDateTime(String(value)) },
  { key: "updated_at", header: "Atualizado em", format: (value) => formatDateTime(String(value)) },
];

/** Every lead matching `filters`, newest first, read 100 at a time (the API's largest page). */
export async function fetchAllLeads(
  filters: LeadListFilters,
  fetchPage: (params: LeadListParams) => Promise<LeadList> = fetchLeads,
): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (let page = 1; ; page += 1) {
    const batch = await fetchPage({ ...filters, page, per_page: MAX_PER_PAGE });
    leads.push(...batch.items);
    if (batch.items.length < MAX_PER_PAGE || leads.length >= batch.total) return leads;
  }
}

export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(leads, COLUMNS);
}

/** The Export button: all the leads of the current filters as `leads_{yyyy-MM-dd}.csv` (docs/product/admin.md §2.3, §9). */
export async function exportLeads(filters: LeadListFilters): Promise<void> {
  downloadCsv(csvFileName("leads"), leadsCsv(await fetchAllLeads(filters)));
}
