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

/** Every read of /professionals, the own profile included: a change to any professional refreshes them all. */
export const professionalKeys = {
  all: ["professionals"] as const,
  list: (params: ProfessionalListParams) => ["professionals", "list", params] as const,
  stats: () => ["professionals", "stats"] as const,
  options: () => ["professionals", "options"] as const,
  me: () => ["professionals", "me"] as const,
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

/** A professional as selection lists show it (a user's link, a WhatsApp number's owner). */
export type ProfessionalOption = Pick<Professional, "id" | "full_name" | "specialty" | "email">;

/** docs/product/admin.md §9: selection lists of professionals load 100. */
const SELECTION_SIZE = 100;

export function fetchProfessionalOptions(signal?: AbortSignal) {
  return api.get<ListResponse<ProfessionalOption>>("/professionals", { query: { page: 1, per_page: SELECTION_SIZE }, signal });
}

export function professionalOptionsQueryOptions() {
  return queryOptions({
    queryKey: professionalKeys.options(),
    queryFn: ({ signal }) => fetchProfessionalOptions(signal),
    select: (answer) => answer.items,
  });
}

/** `enabled` false waits, e.g. until the user dialog that lists them opens. */
export const useProfessionalOptions = (enabled = true) => useQuery({ ...professionalOptionsQueryOptions(), enabled });

export const useCreateProfessional = () =>
  useResourceMutation({
    mutationFn: (input: ProfessionalInputParsed) => api.post<Professional>("/professionals", input),
    invalidates: [professionalKeys.all],
    success: "Profissional criado com sucesso!",
    failure: "Erro ao criar profissional",
  });

export const useUpdateProfessional = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: ProfessionalInputParsed }) =>
      api.put<Professional>(`/professionals/${id}`, input),
    invalidates: [professionalKeys.all],
    success: "Profissional atualizado com sucesso!",
    failure: "Erro ao atualizar profissional",
  });

export const useDeleteProfessional = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.delete(`/professionals/${id}`),
    invalidates: [professionalKeys.all],
    success: "Profissional excluído com sucesso!",
    failure: "Erro ao deletar profissional",
  });
