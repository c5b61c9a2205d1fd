import type { CurrentUser } from "@clinora/contracts";
import { createContext, use, type ReactNode } from "react";

const CurrentUserContext = createContext<CurrentUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user; available in every page of the authenticated shell. */
export function useCurrentUser(): CurrentUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser is only available inside the authenticated shell");
  return user;
}
