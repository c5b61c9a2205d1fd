import type { ConversationList, Professional, TodayAppointment } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/features/auth/api/auth";
import { toast } from "@/lib/toast";

export const dashboardKeys = {
  all: ["professional-dashboard"] as const,
  profile: () => ["professional-dashboard", "profile"] as const,
  today: () => ["professional-dashboard", "today"] as const,
  urgent: () => ["professional-dashboard", "urgent-conversations"] as const,
};

/** How many urgent conversations the Painel lists (the rest are on Conversas, listed first there). */
export const URGENT_ON_DASHBOARD = 5;

export function fetchOwnProfile(signal?: AbortSignal): Promise<Professional> {
  return api.get<Professional>("/professionals/me", { signal });
}

export function fetchTodayAppointments(signal?: AbortSignal): Promise<TodayAppointment[]> {
  return api.get<TodayAppointment[]>("/appointments/today/list", { signal });
}

/** Open emergencies and crises (docs/decisions/022): the Painel shows them above everything else. */
export function fetchUrgentConversations(signal?: AbortSignal): Promise<ConversationList> {
  return api.get<ConversationList>("/conversations", { query: { urgent: true, page: 1, per_page: URGENT_ON_DASHBOARD }, signal });
}

// Always refetched on visit: appointments change on other pages, and a stale agenda would mislead.
export const ownProfileQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.profile(), queryFn: ({ signal }) => fetchOwnProfile(signal), staleTime: 0, retry: false });

export const todayAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.today(), queryFn: ({ signal }) => fetchTodayAppointments(signal), staleTime: 0, retry: false });

/** Polled every 30 s while the Painel is open: a crisis must not wait for a reload. */
export const urgentConversationsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.urgent(),
    queryFn: ({ signal }) => fetchUrgentConversations(signal),
    staleTime: 0,
    refetchInterval: 30_000,
    retry: false,
  });

export const useOwnProfile = () => useQuery(ownProfileQueryOptions());
export const useUrgentConversations = () => useQuery(urgentConversationsQueryOptions());
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
