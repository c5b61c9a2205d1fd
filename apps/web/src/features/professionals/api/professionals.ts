import type {
  ListResponse,
  Professional,
  ProfessionalInputParsed,
  ProfessionalListQuery,
  ProfessionalStats,
} from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

export type ProfessionalListParams = Partial<ProfessionalListQuery>;

export type ProfessionalList = ListResponse<Professional>;

export const professionalKeys = {
  all: ["professionals"] as const,
  list: (params: ProfessionalListParams) => ["professionals", "list", params] as const,
  stats: () => ["professionals", "stats"] as const,
};

export function fetchProfessionals(params: ProfessionalListParams, signal?: AbortSignal) {
  return api.get<ProfessionalList>("/professionals", { query: params, signal });
}

export function professionalsQueryOptions(params: ProfessionalListParams) {
  return queryOptions({
    queryKey: professionalKeys.list(params),
    queryFn: ({ signal }) => fetchProfessionals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export const useProfessionals = (params: ProfessionalListParams) => useQuery(professionalsQueryOptions(params));

export function fetchProfessionalStats(signal?: AbortSignal) {
  return api.get<ProfessionalStats>("/professionals/stats", { signal });
}

export function professionalStatsQueryOptions() {
  return queryOptions({ queryKey: professionalKeys.stats(), queryFn: ({ signal }) => fetchProfessionalStats(signal) });
}

export const useProfessionalStats = () => useQuery(professionalStatsQueryOptions());

export const useCreateProfessional = () =>
  useResourceMutation({
    mutationFn: (input: ProfessionalInputParsed) => api.post<Professional>("/professionals", input),
    invalidates: professionalKeys.all,
    success: "Profissional criado com sucesso!",
    failure: "Erro ao criar profissional",
  });

export const useUpdateProfessional = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: ProfessionalInputParsed }) =>
      api.put<Professional>(`/professionals/${id}`, input),
    invalidates: professionalKeys.all,
    success: "Profissional atualizado com sucesso!",
    failure: "Erro ao atualizar profissional",
  });

export const useDeleteProfessional = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.delete(`/professionals/${id}`),
    invalidates: professionalKeys.all,
    success: "Profissional excluído com sucesso!",
    failure: "Erro ao deletar profissional",
  });
