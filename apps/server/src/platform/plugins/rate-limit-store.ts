import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { rowsOf } from "../db/rows";
import { rateLimitHits } from "./rate-limits.schema";

/** Requests one process counted for one client and window since it last reported them. */
export interface HitCount {
  scope: string;
  client: string;
  /** Milliseconds since the epoch. */
  windowStart: number;
  windowMs: number;
  hits: number;
}

/** The total of one client and window across every process that reported to the database. */
export interface HitTotal {
  scope: string;
  client: string;
  windowStart: number;
  total: number;
}

export function rateLimitRepository(db: DbOrTx) {
  return {
    /**
     * Adds each count to its window's row (created when missing) and returns every row's new total, in one
     * statement whose text never changes (one prepared plan, whatever the number of rows). The rows are written in
     * key order, so two processes adding the same keys at once wait for each other instead of deadlocking.
     */
    async addHits(counts: HitCount[]): Promise<HitTotal[]> {
      if (!counts.length) return [];
      const rows = counts.map((c) => ({
        scope: c.scope,
        client: c.client,
        window_start: new Date(c.windowStart).toISOString(),
        expires_at: new Date(c.windowStart + c.windowMs).toISOString(),
        hits: c.hits,
      }));
      const result = await db.execute(sql`
        insert into ${rateLimitHits} (scope, client, window_start, expires_at, hits)
        select x.scope, x.client, x.window_start, x.expires_at, x.hits
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(scope text, client text, window_start timestamptz, expires_at timestamptz, hits integer)
        order by x.scope, x.client, x.window_start
        on conflict (scope, client, window_start) do update set hits = ${rateLimitHits}.hits + excluded.hits
        returning scope, client, (extract(epoch from window_start) * 1000)::float8 as window_start, hits`);
      return rowsOf<{ scope: string; client: string; window_start: number; hits: number }>(result).map((r) => ({
        scope: r.scope,
        client: r.client,
        windowStart: Number(r.window_start),
        total: Number(r.hits),
      }));
    },
    /** Deletes the rows of windows that ended before `before`. */
    async deleteEndedBefore(before: Date) {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, before));
    },
  };
}
