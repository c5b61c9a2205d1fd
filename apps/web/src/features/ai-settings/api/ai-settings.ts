import { MSG, type AiModels, type AiSettings, type AiSettingsInput } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export const aiSettingsKeys = {
  all: ["ai-settings"] as const,
  settings: () => ["ai-settings", "global"] as const,
  models: () => ["ai-settings", "models"] as const,
};

export function fetchAiModels(signal?: AbortSignal) {
  return api.get<AiModels>("/ai-settings/models", { signal });
}

export function aiModelsQueryOptions() {
  return queryOptions({ queryKey: aiSettingsKeys.models(), queryFn: ({ signal }) => fetchAiModels(signal), staleTime: Infinity });
}

export const useAiModels = () => useQuery(aiModelsQueryOptions());

export function fetchAiSettings(signal?: AbortSignal) {
  return api.get<AiSettings>("/ai-settings", { signal });
}

export function aiSettingsQueryOptions() {
  return queryOptions({ queryKey: aiSettingsKeys.settings(), queryFn: ({ signal }) => fetchAiSettings(signal) });
}

export const useAiSettings = () => useQuery(aiSettingsQueryOptions());

/** PUT answers the saved settings in `data` (spec part 1 §7). */
export async function saveAiSettings(input: AiSettingsInput): Promise<AiSettings> {
  const { data } = await api.put<{ data: AiSettings }>("/ai-settings", input);
  return data;
}

export function useSaveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAiSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(aiSettingsKeys.settings(), saved);
      toast.success("Configurações salvas com sucesso!");
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.settingsSaveError),
  });
}
