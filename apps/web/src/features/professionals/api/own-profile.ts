import type { Professional, ProfessionalProfileUpdate } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/features/auth/api/auth";

export const ownProfileKeys = { all: ["own-profile"] as const };

export function fetchOwnProfile(signal?: AbortSignal) {
  return api.get<Professional>("/professionals/me", { signal });
}

export function ownProfileQueryOptions() {
  return queryOptions({ queryKey: ownProfileKeys.all, queryFn: ({ signal }) => fetchOwnProfile(signal) });
}

export const useOwnProfile = () => useQuery(ownProfileQueryOptions());

/**
 * PUT /professionals/me with one group of fields (spec part 2 §7). The form shows its own toasts, because
 * each group has its own texts.
 */
export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfessionalProfileUpdate) => api.put<Professional>("/professionals/me", changes),
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileKeys.all, profile);
      // The shell shows the clinic and the professional's name from the current user.
      return queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
