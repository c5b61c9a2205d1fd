import { MSG, type LoginRequest } from "@clinora/contracts";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { isApiError, serverDetail } from "@/lib/api-client";
import { storeSession } from "@/lib/session";
import { authKeys, login } from "./auth";

/** Login error texts of docs/product/accounts-and-access.md §8. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return MSG.loginInvalid;
    if (error.status === 403) return MSG.loginNotAuthorized;
  }
  return serverDetail(error) ?? MSG.loginGenericError;
}

/**
 * Signs in and stores the session; the current-user cache is primed so the app opens without a second check.
 * The form shows a failure itself (loginErrorMessage).
 */
export function useLogin() {
  return useResourceMutation({
    mutationFn: (credentials: LoginRequest) => login(credentials),
    onSuccess: ({ session_id, user }, _credentials, queryClient) => {
      // Cache first: storing the session re-renders the session gate, which should find the user ready.
      queryClient.setQueryData(authKeys.me(session_id), user);
      storeSession(session_id, user);
    },
  });
}
