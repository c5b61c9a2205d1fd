import type { WhatsappConfig } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const whatsappConfigKeys = { all: ["whatsapp-config"] as const };

export function fetchWhatsappConfig(signal?: AbortSignal) {
  return api.get<WhatsappConfig>("/whatsapp/config", { signal });
}

export function whatsappConfigQueryOptions() {
  return queryOptions({ queryKey: whatsappConfigKeys.all, queryFn: ({ signal }) => fetchWhatsappConfig(signal) });
}

export const useWhatsappConfig = () => useQuery(whatsappConfigQueryOptions());
