import type { CurrentUser } from "@clinora/contracts";

/** Browser storage keys fixed by the spec (docs/product/accounts-and-access.md §3 "Session" and §9). */
export const SESSION_ID_KEY = "session_id";
export const USER_KEY = "user";

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readSessionId(): string | null {
  return localStorage.getItem(SESSION_ID_KEY);
}

export function readStoredUser(): CurrentUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CurrentUser;
  } catch {
    return null;
  }
}

export function storeSession(sessionId: string, user: CurrentUser): void {
  localStorage.setItem(SESSION_ID_KEY, sessionId);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Refreshes the stored user after GET /auth/me (docs/product/accounts-and-access.md §7); the session id is unchanged. */
export function storeUser(user: CurrentUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_ID_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

/**
 * Calls `listener` whenever the session changes in this tab or, through the `storage` event, in another
 * one (logging out in one tab then ends the others). Shaped for React's useSyncExternalStore.
 */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_ID_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
