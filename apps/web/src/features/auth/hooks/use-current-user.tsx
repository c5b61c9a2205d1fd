import type { CurrentUser } from "@clinora/contracts";
import { DEFAULT_TIME_ZONE } from "@clinora/contracts/enums";
import { createContext, use, type ReactNode } from "react";
import { setDisplayZone } from "@/lib/format";

const CurrentUserContext = createContext<CurrentUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  // Before any page of the shell formats a moment: a professional's own zone, the platform's for an admin.
  setDisplayZone(user.professional?.timezone ?? DEFAULT_TIME_ZONE);
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user; available in every page of the authenticated shell. */
export function useCurrentUser(): CurrentUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser is only available inside the authenticated shell");
  return user;
}
