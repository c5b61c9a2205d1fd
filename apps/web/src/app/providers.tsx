import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { authKeys, currentUserQueryOptions } from "@/features/auth/api/auth";
import { isApiError } from "@/lib/api-client";
import { changesOf } from "@/lib/data-changes";
import { refreshQueries } from "@/lib/refresh-queries";
import { refreshAfterChanges } from "./data-changes";
import { readSessionId } from "@/lib/session";

function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A feature whose change shows in the current user (the shell's names, the availability) marks its mutation with
    // useResourceMutation's `refreshesCurrentUser`: features never import the auth feature themselves.
    mutationCache: new MutationCache({
      // Likewise a mutation names what it changed (`changes`) and the app's map refreshes the other domains' queries.
      onSuccess: (_data, _variables, _context, mutation) =>
        Promise.all([
          mutation.meta?.refreshesCurrentUser === true ? refreshQueries(queryClient, [authKeys.all]) : undefined,
          refreshAfterChanges(queryClient, changesOf(mutation.meta)),
        ]),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error (403, 404, 422...) will not change on retry; only failures without an answer are retried.
        retry: (failureCount, error) => failureCount < 2 && (!isApiError(error) || error.kind === "network"),
      },
    },
  });
  return queryClient;
}

/**
 * The browser loads its date and time-zone data on the first Intl.DateTimeFormat of the page: 25-40 ms of main thread
 * in one piece on this project's test machine, more on a phone. Signed-in pages need it in their first render (today
 * in the practice's zone, contracts/zoned-time). Started when the browser is idle while the page still waits for the
 * network, that load is out of the way of the render (docs/decisions/019). Any zone and locale will do: the data is shared.
 */
function preloadDateFormatting(): void {
  const load = () => new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", hour: "2-digit" }).format(0);
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 0);
}

/**
 * With a stored session, the session check starts at once, while the router still loads the shell and the page
 * (docs/decisions/019): the session gate then finds it under way instead of starting it after them. The browser's date data
 * loads in the same wait.
 */
function createQueryClientCheckingSession(): QueryClient {
  const queryClient = createQueryClient();
  const sessionId = readSessionId();
  if (sessionId !== null) {
    void queryClient.prefetchQuery(currentUserQueryOptions(sessionId));
    preloadDateFormatting();
  }
  return queryClient;
}

/** How long a toast stays (an error or a slot conflict may ask for longer through its own options). */
const TOAST_DURATION_MS = 4000;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClientCheckingSession);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/*
        docs/product/accounts-and-access.md §9: up to 20 toasts are held. Toasts sit at the bottom, away from the header, the ☰ menu and the
        Painel's toggles, and go after 4 s; on a phone they let clicks through (index.css), so none ever blocks a control.
      */}
      <Toaster
        richColors
        closeButton
        position="bottom-right"
        visibleToasts={20}
        duration={TOAST_DURATION_MS}
        offset={24}
        mobileOffset={{ bottom: 12, left: 12, right: 12 }}
        toastOptions={{ closeButtonAriaLabel: "Fechar aviso" }}
      />
    </QueryClientProvider>
  );
}
