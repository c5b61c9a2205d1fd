import type { AiModels, AssistantSettings, AssistantSettingsUpdate } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const PATH = "/professionals/me/ai-settings";

export const assistantKeys = {
  all: ["assistant"] as const,
  settings: () => ["assistant", "settings"] as const,
  models: () => ["assistant", "models"] as const,
};

export function fetchAssistantSettings(signal?: AbortSignal) {
  return api.get<AssistantSettings>(PATH, { signal });
}

export function assistantSettingsQueryOptions() {
  return queryOptions({ queryKey: assistantKeys.settings(), queryFn: ({ signal }) => fetchAssistantSettings(signal) });
}

export const useAssistantSettings = () => useQuery(assistantSettingsQueryOptions());

export function fetchAiModels(signal?: AbortSignal) {
  return api.get<AiModels>("/ai-settings/models", { signal });
}

/** The assistant offers the OpenAI models (spec part 2 §9). */
export function assistantModelsQueryOptions() {
  return queryOptions({
    queryKey: assistantKeys.models(),
    queryFn: ({ signal }) => fetchAiModels(signal),
    select: (models) => models.openai,
    staleTime: Infinity,
  });
}

export const useAssistantModels = () => useQuery(assistantModelsQueryOptions());

export function useSaveAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssistantSettingsUpdate) => api.put<AssistantSettings>(PATH, input),
    onSuccess: (saved) => {
      toast.success("Configurações do assistente atualizadas!");
      queryClient.setQueryData(assistantKeys.settings(), saved);
    },
    // Spec part 2 §7: the error text is read from the answer's detail.
    onError: (error) => toast.error(serverDetail(error) ?? "Não foi possível atualizar o assistente virtual."),
  });
}
