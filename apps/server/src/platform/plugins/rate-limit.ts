import type { FastifyInstance } from "fastify";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import { rateLimitRepository } from "./rate-limit-store";
import { SharedRateCounts } from "./shared-rate-counts";

declare module "fastify" {
  interface FastifyInstance {
    /** The rate limits' counts shared through the database; tests call `sync()` instead of waiting for the timer. */
    rateLimits: { sync(): Promise<void> };
  }
}

/** How often each process reports its counts and learns the totals of the other processes. */
const SYNC_EVERY_MS = 1000;
/** The API-wide limit's scope; a route with its own limit is counted under "METHOD /path". */
const API_SCOPE = "api";

/** The part of @fastify/rate-limit's route options the store reads (its `child(routeOptions)`). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The API-wide limit (RATE_LIMIT_PER_MINUTE per client address) and every route's own `config.rateLimit`, counted
 * across all processes and instances through the database (docs/decisions/021). The check on each request stays
 * in memory; the counts are exchanged with the database once a second in one statement.
 */
export async function registerRateLimit(app: FastifyInstance, deps: { db: Db; clock: Clock; maxPerMinute: number }) {
  const repo = rateLimitRepository(deps.db);
  const counts = new SharedRateCounts({
    now: () => deps.clock.now().getTime(),
    report: (hits) => repo.addHits(hits),
    prune: (before) => repo.deleteEndedBefore(before),
  });
  const sync = () =>
    counts.sync().catch((error: unknown) => {
      // The limits keep counting in this process; the counts go out with the next sync.
      app.log.warn({ err: error }, "rate limit counts not shared with the database");
    });

  const storeFor = (scope: string): FastifyRateLimitStore => {
    const hit = counts.scope(scope);
    return {
      incr: (client, callback, timeWindow) => callback(null, hit(client, timeWindow)),
      child: (options) => storeFor(scopeOf(options as ChildOptions)),
    };
  };
  // @fastify/rate-limit builds its store with `new`; a class that returns another object gives that object.
  const Store = function SharedStore() {
    return storeFor(API_SCOPE);
  } as unknown as new () => FastifyRateLimitStore;

  await app.register(rateLimit, { global: true, max: deps.maxPerMinute, timeWindow: "1 minute", store: Store });

  const timer = setInterval(() => void sync(), SYNC_EVERY_MS);
  timer.unref();
  app.decorate("rateLimits", { sync: () => counts.sync() });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    // What this process counted since the last sync still counts for the other processes.
    await sync();
  });
}

function scopeOf(options: ChildOptions): string {
  const { method, url } = options.routeInfo ?? {};
  if (!url) throw new Error("a rate limit of its own is declared on a route (config.rateLimit)");
  return `${[method ?? ""].flat().join(",")} ${url}`;
}
