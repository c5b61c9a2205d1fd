import { MSG, type AiModels, type AiSettings, type AiSettingsInput } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { assistantKeys } from "./assistant-keys";

export function fetchAiModels(signal?: AbortSignal) {
  return api.get<AiModels>("/ai-settings/models", { signal });
}

/** The models on offer, read once: the admin's AI settings and the professional's assistant both list them. */
export function aiModelsQueryOptions() {
  return queryOptions({ queryKey: assistantKeys.models(), queryFn: ({ signal }) => fetchAiModels(signal), staleTime: Infinity });
}

export const useAiModels = () => useQuery(aiModelsQueryOptions());

export function fetchAiSettings(signal?: AbortSignal) {
  return api.get<AiSettings>("/ai-settings", { signal });
}

export function aiSettingsQueryOptions() {
  return queryOptions({ queryKey: assistantKeys.platform(), queryFn: ({ signal }) => fetchAiSettings(signal) });
}

export const useAiSettings = () => useQuery(aiSettingsQueryOptions());

/** PUT answers the saved settings in `data` (docs/product/admin.md §7). */
export async function saveAiSettings(input: AiSettingsInput): Promise<AiSettings> {
  const { data } = await api.put<{ data: AiSettings }>("/ai-settings", input);
  return data;
}

export const useSaveAiSettings = () =>
  useResourceMutation({
    mutationFn: saveAiSettings,
    onSuccess: (saved, _input, queryClient) => queryClient.setQueryData(assistantKeys.platform(), saved),
    success: "Configurações salvas com sucesso!",
    failure: serverDetailOr(MSG.settingsSaveError),
  });
