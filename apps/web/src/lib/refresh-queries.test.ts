import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshQueries } from "./refresh-queries";

/**
 * A server whose answers the test releases one by one: `answer(i, value)` resolves the i-th request. `version` is
 * what the server holds when a request is READ, as a database would: a request read before the change answers the
 * old value even if it arrives after it.
 */
function slowServer() {
  const pending: ((value: string) => void)[] = [];
  const readAt: string[] = [];
  let version = "before";
  return {
    fetch: () =>
      new Promise<string>((resolve) => {
        readAt.push(version);
        pending.push(resolve);
      }),
    change: () => {
      version = "after";
    },
    readAt,
    pending,
  };
}

/** Lets the query client run its microtasks and batched notifications. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("refreshing after a change", () => {
  it("does not keep the answer of a first fetch read before the change (a search typed just before saving)", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const server = slowServer();
    const queryKey = ["patients", "list", { search: "123" }];
    const observer = new QueryObserver(queryClient, { queryKey, queryFn: server.fetch });
    const unsubscribe = observer.subscribe(() => {});
    await settle();
    expect(server.readAt).toEqual(["before"]);

    server.change();
    const refreshed = refreshQueries(queryClient, [["patients"]]);
    await settle();
    // The first request is answered only now, with what it read before the change.
    server.pending.splice(0).forEach((resolve, index) => resolve(server.readAt[index]!));
    await settle();
    server.pending.splice(0).forEach((resolve) => resolve("after"));
    await refreshed;

    expect(server.readAt).toEqual(["before", "after"]);
    expect(queryClient.getQueryData(queryKey)).toBe("after");
    expect(observer.getCurrentResult().data).toBe("after");
    unsubscribe();
  });

  it("marks an inactive query's fetch under way stale, so the screen that shows it next reads it again", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const server = slowServer();
    const queryKey = ["patients", "one", "p1"];
    const prefetch = queryClient.prefetchQuery({ queryKey, queryFn: server.fetch });
    await settle();

    server.change();
    await refreshQueries(queryClient, [["patients"]]);
    server.pending.splice(0).forEach((resolve) => resolve("before"));
    await prefetch;

    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKey)).not.toBe("before");
  });

  it("refetches an active query that holds data, and leaves other keys alone", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    queryClient.setQueryData(["tasks"], "tasks");
    let calls = 0;
    const observer = new QueryObserver(queryClient, { queryKey: ["patients", "list"], queryFn: async () => `answer ${++calls}` });
    const unsubscribe = observer.subscribe(() => {});
    await settle();
    expect(observer.getCurrentResult().data).toBe("answer 1");

    await refreshQueries(queryClient, [["patients"]]);

    expect(observer.getCurrentResult().data).toBe("answer 2");
    expect(queryClient.getQueryState(["tasks"])?.isInvalidated).toBe(false);
    unsubscribe();
  });
});
