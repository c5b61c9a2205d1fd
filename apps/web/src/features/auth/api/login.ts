import { MSG, type LoginRequest } from "@clinora/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiError, serverDetail } from "@/lib/api-client";
import { authKeys, login } from "@/features/auth/api/auth";
import { storeSession } from "@/lib/session";

/** Login error texts of spec part 1 §8. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return MSG.loginInvalid;
    if (error.status === 403) return MSG.loginNotAuthorized;
  }
  return serverDetail(error) ?? MSG.loginGenericError;
}

/** Signs in and stores the session; the current-user cache is primed so the app opens without a second check. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => login(credentials),
    onSuccess: ({ session_id, user }) => {
      // Cache first: storing the session re-renders the session gate, which should find the user ready.
      queryClient.setQueryData(authKeys.me(session_id), user);
      storeSession(session_id, user);
    },
  });
}
