import type { Lead } from "@clinora/contracts";
import { describe, expect, it, vi } from "vitest";
import type { LeadListParams } from "../api/leads";
import { fetchAllLeads, leadsCsv } from "./export-leads";

const lead = (n: number): Lead => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `Lead ${n}`,
  contact_form: `lead${n}@exemplo.com`,
  status: "new",
  source: "Site",
  notes: null,
  created_at: "2026-03-10T15:00:00Z",
  updated_at: "2026-03-10T15:00:00Z",
});

/** A fake API holding `total` leads. */
function fakeApi(total: number) {
  const all = Array.from({ length: total }, (_, i) => lead(i + 1));
  return vi.fn(async (params: LeadListParams) => {
    const start = ((params.page ?? 1) - 1) * (params.per_page ?? 20);
    return { items: all.slice(start, start + (params.per_page ?? 20)), total, page: params.page ?? 1, per_page: params.per_page ?? 20 };
  });
}

describe("fetchAllLeads", () => {
  it("pages through the API 100 at a time with the current filters", async () => {
    const fetchPage = fakeApi(230);
    const leads = await fetchAllLeads({ status: "new", search: "ana" }, fetchPage);
    expect(leads).toHaveLength(230);
    expect(leads.at(-1)?.name).toBe("Lead 230");
    expect(fetchPage.mock.calls.map(([params]) => params)).toEqual([
      { status: "new", search: "ana", page: 1, per_page: 100 },
      { status: "new", search: "ana", page: 2, per_page: 100 },
      { status: "new", search: "ana", page: 3, per_page: 100 },
    ]);
  });

  it("stops after one call when everything fits", async () => {
    const fetchPage = fakeApi(100);
    expect(await fetchAllLeads({}, fetchPage)).toHaveLength(100);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe("leadsCsv", () => {
  it("labels the status in Portuguese (unknown as Novo) and writes dates as dd/MM/yyyy HH:mm", () => {
    const csv = leadsCsv([{ ...lead(1), status: "converted" }, { ...lead(2), status: "arquivado" as Lead["status"] }]);
    const [header, first, second] = csv.split("\r\n");
    expect(header).toBe("Nome;Contato;Status;Origem;Observações;Criado em;Atualizado em");
    expect(first).toMatch(/^Lead 1;lead1@exemplo.com;Convertido;Site;;\d{2}\/03\/2026 \d{2}:\d{2};/);
    expect(second?.split(";")[2]).toBe("Novo");
  });
});
