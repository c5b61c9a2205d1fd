import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { isApiError } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth";
import { readSessionId } from "@/lib/session";

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error (403, 404, 422...) will not change on retry; only failures without an answer are retried.
        retry: (failureCount, error) => failureCount < 2 && (!isApiError(error) || error.kind === "network"),
      },
    },
  });
}

/**
 * With a stored session, the session check starts at once, while the router still loads the shell and the page
 * (issue 13): the session gate then finds it under way instead of starting it after them.
 */
function createQueryClientCheckingSession(): QueryClient {
  const queryClient = createQueryClient();
  const sessionId = readSessionId();
  if (sessionId !== null) void queryClient.prefetchQuery(currentUserQueryOptions(sessionId));
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClientCheckingSession);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec part 1 §9: up to 20 toasts are held. */}
      <Toaster richColors closeButton position="top-right" visibleToasts={20} />
    </QueryClientProvider>
  );
}
