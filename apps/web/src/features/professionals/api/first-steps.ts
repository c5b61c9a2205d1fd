import type { FirstSteps } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { professionalKeys } from "./professionals";

const firstStepsKey = [...professionalKeys.me(), "first-steps"] as const;

export function fetchFirstSteps(signal?: AbortSignal) {
  return api.get<FirstSteps>("/professionals/me/first-steps", { signal });
}

/** Read again on every Painel visit, so a step done in Configurações is ticked on return. */
export function firstStepsQueryOptions() {
  return queryOptions({ queryKey: firstStepsKey, queryFn: ({ signal }) => fetchFirstSteps(signal), staleTime: 0 });
}

export const useFirstSteps = () => useQuery(firstStepsQueryOptions());

export const useDismissFirstSteps = () =>
  useResourceMutation({
    mutationFn: () => api.post<FirstSteps>("/professionals/me/first-steps/dismiss"),
    onSuccess: (steps, _variables, queryClient) => queryClient.setQueryData(firstStepsKey, steps),
    failure: "Não foi possível dispensar os primeiros passos",
  });
