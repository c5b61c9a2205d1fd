import type { AssistantTestRequest, AssistantTestResponse } from "@clinora/contracts";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

/**
 * One answer may take several model round-trips (a tool call, then the reply), well past the usual 10 s limit
 * of the API client: the test waits longer rather than reporting a network error over a slow model.
 */
export const ASSISTANT_TEST_TIMEOUT_MS = 60_000;

/** "Testar assistente": the whole transcript goes each time; the server keeps nothing and books nothing. */
export function postAssistantTest(input: AssistantTestRequest) {
  return api.post<AssistantTestResponse>("/professionals/me/assistant/test", input, { timeoutMs: ASSISTANT_TEST_TIMEOUT_MS });
}

/** No toast: the card shows the server's reason inline (503 no AI provider, 502 the model failed). */
export const useAssistantTest = () => useResourceMutation({ mutationFn: postAssistantTest });
