import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Requests counted per limit, client and fixed time window, shared by every server process and instance
 * (docs/decisions/021-server-processes-and-shared-rate-limits.md). Each process counts in memory and adds its counts here
 * about once a second; a row is deleted some time after its window has ended.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    /** Which limit: "api" for the API-wide one, "METHOD /path" for a route's own. */
    scope: text("scope").notNull(),
    /** The client's key (its address, as @fastify/rate-limit gives it). */
    client: text("client").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.client, t.windowStart] }), index("rate_limit_hits_expires_idx").on(t.expiresAt)],
);
