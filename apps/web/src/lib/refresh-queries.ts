import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Refreshes every query under these keys with an answer read after the change that just succeeded: THE way data is
 * refreshed (useResourceMutation's `invalidates` and `refreshesAfterFailure`, app/data-changes.ts, the current user,
 * and the few refreshes no mutation makes: a closed conversation, the prontuário's autosave, the return from Google).
 *
 * `invalidateQueries` alone is not enough. It restarts a fetch under way only when the query already holds data: a
 * query's first fetch (a search typed a moment before saving, whose list still shows the previous search's
 * answer) is awaited instead, and its answer, read before the change, is kept as fresh for the whole `staleTime`.
 * An inactive query's fetch under way is not restarted either. So every fetch under way is cancelled first (its
 * state back to where it was, its callers then given the new fetch's answer) and the active queries fetch anew.
 */
export async function refreshQueries(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  for (const queryKey of queryKeys) void queryClient.cancelQueries({ queryKey, fetchStatus: "fetching" }, { silent: true, revert: true });
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
