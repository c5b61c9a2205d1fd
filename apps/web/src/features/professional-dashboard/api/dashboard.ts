import type { Professional, TodayAppointment } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/lib/auth";
import { toast } from "@/lib/toast";

export const dashboardKeys = {
  all: ["professional-dashboard"] as const,
  profile: () => ["professional-dashboard", "profile"] as const,
  today: () => ["professional-dashboard", "today"] as const,
};

export function fetchOwnProfile(signal?: AbortSignal): Promise<Professional> {
  return api.get<Professional>("/professionals/me", { signal });
}

export function fetchTodayAppointments(signal?: AbortSignal): Promise<TodayAppointment[]> {
  return api.get<TodayAppointment[]>("/appointments/today/list", { signal });
}

// Always refetched on visit: appointments change on other pages, and a stale agenda would mislead.
export const ownProfileQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.profile(), queryFn: ({ signal }) => fetchOwnProfile(signal), staleTime: 0, retry: false });

export const todayAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.today(), queryFn: ({ signal }) => fetchTodayAppointments(signal), staleTime: 0, retry: false });

export const useOwnProfile = () => useQuery(ownProfileQueryOptions());
export const useTodayAppointments = () => useQuery(todayAppointmentsQueryOptions());

export type DashboardToggle = "availability" | "zen-mode";

const TOGGLES: Record<DashboardToggle, { param: string; on: string; off: string; failure: string }> = {
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

/** PATCH /professionals/me/{availability|zen-mode}, then a reload of the Painel and the current user (spec part 2 §4). */
export function useDashboardToggle(toggle: DashboardToggle) {
  const queryClient = useQueryClient();
  const texts = TOGGLES[toggle];
  return useMutation({
    mutationFn: (value: boolean) => api.patch<Professional>(`/professionals/me/${toggle}`, undefined, { query: { [texts.param]: value } }),
    onSuccess: (_profile, value) => {
      toast.success(value ? texts.on : texts.off);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
    onError: () => toast.error(texts.failure),
  });
}
