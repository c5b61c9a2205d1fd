import type { Lead, LeadInputParsed, LeadListQuery, LeadStats, ListResponse } from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

export type LeadListParams = Partial<LeadListQuery>;
export type LeadList = ListResponse<Lead>;
/** What the search box and the status and source filters ask for. */
export type LeadListFilters = Omit<LeadListParams, "page" | "per_page">;

export const leadKeys = {
  all: ["leads"] as const,
  list: (params: LeadListParams) => ["leads", "list", params] as const,
  stats: () => ["leads", "stats"] as const,
};

export function fetchLeads(params: LeadListParams, signal?: AbortSignal) {
  return api.get<LeadList>("/leads", { query: params, signal });
}

export function leadsQueryOptions(params: LeadListParams) {
  return queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: ({ signal }) => fetchLeads(params, signal),
    placeholderData: keepPreviousData,
  });
}

export const useLeads = (params: LeadListParams) => useQuery(leadsQueryOptions(params));

export function fetchLeadStats(signal?: AbortSignal) {
  return api.get<LeadStats>("/leads/stats", { signal });
}

export function leadStatsQueryOptions() {
  return queryOptions({ queryKey: leadKeys.stats(), queryFn: ({ signal }) => fetchLeadStats(signal) });
}

export const useLeadStats = () => useQuery(leadStatsQueryOptions());

export const useCreateLead = () =>
  useResourceMutation({
    mutationFn: (input: LeadInputParsed) => api.post<Lead>("/leads", input),
    invalidates: [leadKeys.all],
    success: "Lead criado com sucesso!",
    failure: "Erro ao criar lead",
  });

export const useUpdateLead = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: LeadInputParsed }) => api.put<Lead>(`/leads/${id}`, input),
    invalidates: [leadKeys.all],
    success: "Lead atualizado com sucesso!",
    failure: "Erro ao atualizar lead",
  });

export const useDeleteLead = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.delete(`/leads/${id}`),
    invalidates: [leadKeys.all],
    success: "Lead excluído com sucesso!",
    failure: "Erro ao deletar lead",
  });
