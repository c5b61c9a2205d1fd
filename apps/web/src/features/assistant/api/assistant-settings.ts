import type { AssistantSettings, AssistantSettingsUpdate } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { aiModelsQueryOptions } from "./ai-settings";
import { assistantKeys } from "./assistant-keys";

const PATH = "/professionals/me/ai-settings";

export function fetchAssistantSettings(signal?: AbortSignal) {
  return api.get<AssistantSettings>(PATH, { signal });
}

export function assistantSettingsQueryOptions() {
  return queryOptions({ queryKey: assistantKeys.settings(), queryFn: ({ signal }) => fetchAssistantSettings(signal) });
}

export const useAssistantSettings = () => useQuery(assistantSettingsQueryOptions());

/** The assistant offers the OpenAI models (docs/product/assistant.md §9). */
export const useAssistantModels = () => useQuery({ ...aiModelsQueryOptions(), select: (models) => models.openai });

export const useSaveAssistantSettings = () =>
  useResourceMutation({
    mutationFn: (input: AssistantSettingsUpdate) => api.put<AssistantSettings>(PATH, input),
    onSuccess: (saved, _input, queryClient) => queryClient.setQueryData(assistantKeys.settings(), saved),
    success: "Configurações do assistente atualizadas!",
    // docs/product/assistant.md §7: the error text is read from the answer's detail.
    failure: serverDetailOr("Não foi possível atualizar o assistente virtual."),
  });
