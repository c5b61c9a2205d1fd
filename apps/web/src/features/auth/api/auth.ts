import type { CurrentUser, LoginRequest, LoginResponse } from "@clinora/contracts";
import { queryOptions } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { api } from "@/lib/api-client";
import { clearSession, readSessionId, storeUser, subscribeToSession } from "@/lib/session";

export const authKeys = {
  all: ["auth"] as const,
  me: (sessionId: string | null) => ["auth", "me", sessionId] as const,
};

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>("/auth/me", { signal });
}

/**
 * The current user of one session. Keyed by the session id, so a new login never sees the state of the
 * previous session. Each successful fetch refreshes the stored user (docs/product/accounts-and-access.md §7).
 */
export function currentUserQueryOptions(sessionId: string | null) {
  return queryOptions({
    queryKey: authKeys.me(sessionId),
    queryFn: async ({ signal }) => {
      const user = await fetchCurrentUser(signal);
      storeUser(user);
      return user;
    },
    enabled: sessionId !== null,
    staleTime: 30_000,
    // A failed session check ends the session (docs/product/accounts-and-access.md §4); retrying would only delay that.
    retry: false,
  });
}

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  // A 401 here means wrong credentials, shown by the form, not an expired session.
  return api.post<LoginResponse>("/auth/login", credentials, { redirectOn401: false });
}

/** docs/product/accounts-and-access.md §4: a failed logout call is only logged; the session is cleared and the page reloads at /. */
export async function logout(): Promise<void> {
  try {
    await api.post("/auth/logout", undefined, { redirectOn401: false });
  } catch (error) {
    console.error("Erro ao sair:", error);
  }
  clearSession();
  window.location.assign("/");
}

/** The stored session id, re-rendering when it is set or cleared (in this tab or another). */
export function useSessionId(): string | null {
  return useSyncExternalStore(subscribeToSession, readSessionId, () => null);
}
