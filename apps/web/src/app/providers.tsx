import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { isApiError } from "@/lib/api-client";

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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec part 1 §9: up to 20 toasts are held. */}
      <Toaster richColors closeButton position="top-right" visibleToasts={20} />
    </QueryClientProvider>
  );
}
