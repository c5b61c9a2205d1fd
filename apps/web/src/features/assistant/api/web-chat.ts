import type { WebChatSettings } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { assistantKeys } from "./assistant-keys";

export function fetchWebChatSettings(signal?: AbortSignal) {
  return api.get<WebChatSettings>("/web-chat", { signal });
}

/** The professional's public chat link and embed snippet (docs/decisions/016); they never change. */
export function webChatSettingsQueryOptions() {
  return queryOptions({ queryKey: assistantKeys.webChat(), queryFn: ({ signal }) => fetchWebChatSettings(signal), staleTime: Infinity });
}

export const useWebChatSettings = () => useQuery(webChatSettingsQueryOptions());
