import type { ListResponse, Professional } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type ProfessionalOption = Pick<Professional, "id" | "full_name" | "email">;

/** Selection lists load 100 professionals (spec part 1 §9). */
const SELECTION_PAGE_SIZE = 100;

export function fetchProfessionalOptions(signal?: AbortSignal) {
  return api.get<ListResponse<ProfessionalOption>>("/professionals", { query: { per_page: SELECTION_PAGE_SIZE }, signal });
}

export function professionalOptionsQueryOptions() {
  return queryOptions({
    queryKey: ["professionals", "options"] as const,
    queryFn: ({ signal }) => fetchProfessionalOptions(signal),
    select: (answer) => answer.items,
  });
}

export const useProfessionalOptions = () => useQuery(professionalOptionsQueryOptions());
