import type { ListResponse, ProfessionalAccess, ProfessionalAccessCreateInput, User } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

/** The login of one professional, if she has one (docs/product/admin.md §2.2 "Acesso"); the users pages share the key root. */
export const professionalAccessKeys = {
  of: (professionalId: string) => ["users", "by-professional", professionalId] as const,
};

export function fetchProfessionalLogin(professionalId: string, signal?: AbortSignal) {
  return api.get<ListResponse<User>>("/users", { query: { professional_id: professionalId, page: 1, per_page: 1 }, signal });
}

export function professionalLoginQueryOptions(professionalId: string) {
  return queryOptions({
    queryKey: professionalAccessKeys.of(professionalId),
    queryFn: ({ signal }) => fetchProfessionalLogin(professionalId, signal),
    select: (answer) => answer.items[0] ?? null,
  });
}

export const useProfessionalLogin = (professionalId: string) => useQuery(professionalLoginQueryOptions(professionalId));

/**
 * Creates her login with a first password the server answers once. No toast: the panel shows the password or the
 * reason it could not be made, in place. The users' lists, and this panel's login under their root, refresh through
 * the app's map of changes.
 */
export const useCreateProfessionalAccess = () =>
  useResourceMutation({
    mutationFn: (input: ProfessionalAccessCreateInput) => api.post<ProfessionalAccess>("/users/professional-access", input),
    changes: ["professional.access_granted"],
  });
