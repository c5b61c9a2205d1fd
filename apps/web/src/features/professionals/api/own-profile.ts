import type { Professional, ProfessionalProfileUpdate } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { professionalKeys } from "./professionals";

/** The signed-in professional's own record: the settings forms, the Painel and the booking page card read it. */
export function fetchOwnProfile(signal?: AbortSignal): Promise<Professional> {
  return api.get<Professional>("/professionals/me", { signal });
}

export function ownProfileQueryOptions() {
  return queryOptions({ queryKey: professionalKeys.me(), queryFn: ({ signal }) => fetchOwnProfile(signal) });
}

export const useOwnProfile = () => useQuery(ownProfileQueryOptions());

/**
 * PUT /professionals/me with one group of fields (docs/product/settings.md §7). The form shows its own toasts, because
 * each group has its own texts. The shell shows the clinic and the professional's name from the current user.
 */
export const useUpdateOwnProfile = () =>
  useResourceMutation({
    mutationFn: (changes: ProfessionalProfileUpdate) => api.put<Professional>("/professionals/me", changes),
    onSuccess: (profile, _changes, queryClient) => queryClient.setQueryData(professionalKeys.me(), profile),
    refreshesCurrentUser: true,
  });

export type OwnProfileToggle = "availability" | "zen-mode";

const TOGGLES: Record<OwnProfileToggle, { param: string; on: string; off: string; failure: string }> = {
  availability: {
    param: "is_available",
    on: "Você está disponível para novos atendimentos",
    off: "Você está indisponível para novos atendimentos",
    failure: "Não foi possível alterar a disponibilidade",
  },
  "zen-mode": {
    param: "zen_mode",
    on: "Modo Zen ativado: notificações pausadas",
    off: "Modo Zen desativado",
    failure: "Não foi possível alterar o Modo Zen",
  },
};

/** PATCH /professionals/me/{availability|zen-mode}: its answer is the new profile; the current user is reloaded (docs/product/settings.md §4). */
export function useOwnProfileToggle(toggle: OwnProfileToggle) {
  const texts = TOGGLES[toggle];
  return useResourceMutation({
    mutationFn: (value: boolean) => api.patch<Professional>(`/professionals/me/${toggle}`, undefined, { query: { [texts.param]: value } }),
    success: (_profile, value) => (value ? texts.on : texts.off),
    onSuccess: (profile, _value, queryClient) => queryClient.setQueryData(professionalKeys.me(), profile),
    failure: () => toast.error(texts.failure),
    refreshesCurrentUser: true,
  });
}
