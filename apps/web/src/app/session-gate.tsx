import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { CenteredSpinner } from "@/components/ui/spinner";
import { authKeys, currentUserQueryOptions, useSessionId } from "@/features/auth/api/auth";
import { CurrentUserProvider } from "@/features/auth/hooks/use-current-user";
import { focusHeadingAfterSignIn } from "@/hooks/use-focus-heading-on-navigation";
import { clearSession } from "@/lib/session";
import { canAccessPage, defaultPathForRole, findPageByPath, isLoginPath } from "./route-table";

/**
 * The session rules of docs/product/accounts-and-access.md §4, above every route: checks the current user on each navigation,
 * sends signed-in users away from the login screen and users away from pages their role may not open.
 */
export function SessionGate() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const sessionId = useSessionId();
  const me = useQuery(currentUserQueryOptions(sessionId));
  const failed = sessionId !== null && me.isError;
  // The first answer of the check lets the whole shell and page render: that render runs as a deferred value, which
  // React splits into short tasks, instead of in the one long task in which the answer arrives (docs/decisions/019). Until it
  // is done, the spinner stays.
  const checking = sessionId !== null && me.isPending;
  const stillChecking = useDeferredValue(checking);

  // The page's own load is checked by the request started with the page (providers.tsx) or by useQuery above; a
  // refetch at the first render asked the server a second time whenever that answer had already come. Each later
  // navigation checks again.
  const checkedAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (sessionId === null || checkedAt.current === here) return;
    checkedAt.current = here;
    // A check already running is reused rather than started again.
    void queryClient.refetchQueries({ queryKey: authKeys.me(sessionId), type: "active" }, { cancelRefetch: false });
  }, [location.pathname, location.search, sessionId, queryClient]);

  useEffect(() => {
    if (!failed) return;
    console.warn("Sessão inválida; faça login novamente.");
    clearSession();
  }, [failed]);

  const onLoginPath = isLoginPath(location.pathname);

  if (sessionId === null || me.isError) {
    return onLoginPath ? <Outlet /> : <Navigate to="/login" replace />;
  }
  if (me.isPending || stillChecking) return <CenteredSpinner label="Verificando sessão..." />;

  const user = me.data;
  const home = defaultPathForRole(user.role);
  if (onLoginPath) {
    // Signed in just now: the shell's first page takes the focus on its heading (WCAG 2.4.3). Idempotent.
    focusHeadingAfterSignIn();
    return <Navigate to={home} replace />;
  }

  const page = findPageByPath(location.pathname);
  if (page && !canAccessPage(page, user.role)) return <Navigate to={home} replace />;

  return (
    <CurrentUserProvider user={user}>
      <Outlet />
    </CurrentUserProvider>
  );
}
