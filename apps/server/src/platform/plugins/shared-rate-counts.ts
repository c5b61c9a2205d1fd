import type { HitCount, HitTotal } from "./rate-limit-store";

/** A client's count in one window, as @fastify/rate-limit's stores answer it. */
export interface RateCount {
  /** Requests in the window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** One client's window as this process knows it. */
interface Entry {
  windowStart: number;
  windowMs: number;
  /** The total across processes at the last sync (this process's reported requests included). */
  synced: number;
  /** Requests counted here and not yet reported. */
  pending: number;
}

export interface SharedRateCountsDeps {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Adds the counts to the shared totals and returns the new totals (rate-limit.repository addHits). */
  report(counts: HitCount[]): Promise<HitTotal[]>;
  /** Deletes the shared rows of windows that ended before the given instant. */
  prune(before: Date): Promise<void>;
}

/** Counts reported in one statement; more are sent in several. */
const REPORT_BATCH = 1000;
/** How often the ended windows' rows are deleted, and how long after their end. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Request counts per limit, client and fixed window, shared by every process through the database without a
 * round trip per request (docs/decisions/021): each request is counted in memory and answered from the last
 * known total plus what this process counted since; `sync()` (about once a second) adds this process's new
 * counts to the shared rows and learns each client's total across processes in the same statement.
 *
 * Windows are fixed and aligned on the epoch (a minute limit counts from :00 to :59), so every process agrees on
 * which window a request belongs to.
 */
export class SharedRateCounts {
  readonly #deps: SharedRateCountsDeps;
  /** scope -> client -> its current window. */
  readonly #scopes = new Map<string, Map<string, Entry>>();
  #running: Promise<void> = Promise.resolve();
  #lastPrune = Number.NEGATIVE_INFINITY;
  /** Whether this process wrote rows since it last pruned: an idle process sends no statement at all. */
  #reportedSincePrune = false;

  constructor(deps: SharedRateCountsDeps) {
    this.#deps = deps;
  }

  /** The counter of one limit (the API-wide one, or one route's). */
  scope(name: string): (client: string, windowMs: number) => RateCount {
    let clients = this.#scopes.get(name);
    if (!clients) {
      clients = new Map();
      this.#scopes.set(name, clients);
    }
    const counted = clients;
    return (client, windowMs) => {
      const now = this.#deps.now();
      const windowStart = now - (now % windowMs);
      let entry = counted.get(client);
      if (!entry || entry.windowStart !== windowStart || entry.windowMs !== windowMs) {
        entry = { windowStart, windowMs, synced: 0, pending: 0 };
        counted.set(client, entry);
      }
      entry.pending++;
      return { current: entry.synced + entry.pending, ttl: windowStart + windowMs - now };
    };
  }

  /**
   * Reports the counts not yet reported and takes the totals back; forgets windows that have ended; at most once a
   * minute, when it has written rows since, deletes the shared rows of ended windows. Calls run one after another. A failed report keeps its counts for
   * the next call and rejects.
   */
  sync(): Promise<void> {
    const run = this.#running.then(() => this.#syncOnce());
    this.#running = run.catch(() => undefined);
    return run;
  }

  async #syncOnce() {
    const now = this.#deps.now();
    const sent: { entry: Entry; hits: number }[] = [];
    const counts: HitCount[] = [];
    for (const [scope, clients] of this.#scopes) {
      for (const [client, entry] of clients) {
        // A window that has ended no longer limits anyone: neither kept nor reported.
        if (entry.windowStart + entry.windowMs <= now) {
          clients.delete(client);
          continue;
        }
        if (entry.pending === 0) continue;
        sent.push({ entry, hits: entry.pending });
        counts.push({ scope, client, windowStart: entry.windowStart, windowMs: entry.windowMs, hits: entry.pending });
      }
    }
    for (let i = 0; i < counts.length; i += REPORT_BATCH) {
      const totals = await this.#deps.report(counts.slice(i, i + REPORT_BATCH));
      const byKey = new Map(totals.map((t) => [keyOf(t.scope, t.client, t.windowStart), t.total]));
      for (let j = i; j < Math.min(i + REPORT_BATCH, counts.length); j++) {
        const { entry, hits } = sent[j]!;
        const count = counts[j]!;
        const total = byKey.get(keyOf(count.scope, count.client, count.windowStart));
        if (total === undefined) continue;
        // Requests counted while the report was on its way stay pending for the next one.
        entry.pending -= hits;
        entry.synced = total;
      }
      this.#reportedSincePrune = true;
    }
    if (this.#reportedSincePrune && now - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = now;
      this.#reportedSincePrune = false;
      // A minute of slack: a process whose clock is a little behind may still report a window that just ended.
      await this.#deps.prune(new Date(now - PRUNE_EVERY_MS));
    }
  }
}

const keyOf = (scope: string, client: string, windowStart: number) => `${scope}\n${client}\n${windowStart}`;
