import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { serverDetail } from "@/lib/api-client";
import type { DataChange } from "@/lib/data-changes";
import { refreshQueries } from "@/lib/refresh-queries";
import { toast } from "@/lib/toast";

export interface ResourceMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** Writes the answer into the cache (setQueryData); runs first, before the toast and the refresh. */
  onSuccess?: (result: Result, variables: Variables, queryClient: QueryClient) => unknown;
  /** Success toast, e.g. 'Lead criado com sucesso!', or one built from the answer. None when the screen shows its own. */
  success?: string | ((result: Result, variables: Variables) => string);
  /**
   * Failure toast. A text (e.g. 'Erro ao criar lead') is shown with the server's Portuguese reason under it (a 422
   * field message, the 409 of a refused delete); `serverDetailOr(text)` shows that reason alone, the text only
   * without one; a function shows its own. None when the screen shows its own.
   */
  failure?: string | ((error: unknown, variables: Variables) => unknown);
  /**
   * Keys refreshed after a success, usually the domain's root key (`leadKeys.all`): lists, stats and details
   * refresh together; a function of the variables for keys that name what was changed (one patient's). Awaited, so a
   * caller's own onSuccess sees the fresh data.
   */
  invalidates?: readonly QueryKey[] | ((variables: Variables) => readonly QueryKey[]);
  /**
   * Keys refreshed after a failure too, where a refusal tells the screen something (a 409: the state moved
   * meanwhile; a failed export is in the access log all the same); a function of the variables and the error for keys
   * that depend on them. Refreshed after the failure toast, and awaited like `invalidates`.
   */
  refreshesAfterFailure?: readonly QueryKey[] | ((variables: Variables, error: unknown) => readonly QueryKey[]);
  /**
   * What this mutation changed that other domains show (a patient anonymised…): app/data-changes.ts refreshes the
   * queries each change touches, so a feature never imports another domain's keys.
   */
  changes?: readonly DataChange[];
  /** The signed-in user shows this data too (the shell's names, the availability): app/providers.tsx refreshes it. */
  refreshesCurrentUser?: boolean;
}

/** The failure toast that shows the server's reason as its text, or `fallback` when the answer gave none. */
export const serverDetailOr = (fallback: string) => (error: unknown) => toast.error(serverDetail(error) ?? fallback);

/** The one way to write a mutation: a create/update/delete call with the spec's toasts and the cache refresh. */
export function useResourceMutation<Variables = void, Result = unknown>({
  mutationFn,
  onSuccess,
  success,
  failure,
  invalidates = [],
  refreshesAfterFailure = [],
  refreshesCurrentUser = false,
  changes,
}: ResourceMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: refreshesCurrentUser || changes?.length ? { ...(refreshesCurrentUser ? { refreshesCurrentUser } : {}), ...(changes?.length ? { changes } : {}) } : undefined,
    onSuccess: async (result, variables) => {
      await onSuccess?.(result, variables, queryClient);
      if (success !== undefined) toast.success(typeof success === "string" ? success : success(result, variables));
      await refreshQueries(queryClient, typeof invalidates === "function" ? invalidates(variables) : invalidates);
    },
    onError: async (error, variables) => {
      if (typeof failure === "string") toast.error(failure, { description: serverDetail(error) ?? undefined });
      else await failure?.(error, variables);
      await refreshQueries(queryClient, typeof refreshesAfterFailure === "function" ? refreshesAfterFailure(variables, error) : refreshesAfterFailure);
    },
  });
}
