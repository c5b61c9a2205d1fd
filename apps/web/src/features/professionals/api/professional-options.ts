import type { Professional } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Spec part 1 §9: selection lists of professionals load 100. */
const SELECTION_SIZE = 100;

export type ProfessionalOption = Pick<Professional, "id" | "full_name" | "specialty">;

export function fetchProfessionalOptions(signal?: AbortSignal) {
  return api.get<{ items: ProfessionalOption[] }>("/professionals", { query: { page: 1, per_page: SELECTION_SIZE }, signal });
}

export function professionalOptionsQueryOptions() {
  return queryOptions({
    queryKey: ["users", "professional-options"] as const,
    queryFn: ({ signal }) => fetchProfessionalOptions(signal),
    select: (list) => list.items,
  });
}

/** The professionals a user may be linked to, loaded while a user dialog is open. */
export const useProfessionalOptions = (enabled: boolean) => useQuery({ ...professionalOptionsQueryOptions(), enabled });
