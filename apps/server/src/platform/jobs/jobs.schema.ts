import { bigserial, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, updatedAt } from "../db/columns";
import { JOB_STATUSES } from "@clinora/contracts";

export const jobStatus = pgEnum("job_status", JOB_STATUSES);

/**
 * The durable job queue (docs/decisions/003-job-queue.md): workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`, higher `priority` first, then the oldest `run_at`; `dedupe_key` makes enqueueing the
 * same work twice a no-op.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull().default({}),
    professionalId: uuid("professional_id"),
    status: jobStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Among due jobs, a higher priority is claimed first (e.g. sending a reply already written before writing new ones). */
    priority: smallint("priority").notNull().default(0),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_due_idx").on(t.status, t.priority.desc(), t.runAt, t.id),
    // The claim's own order (priority desc, then run_at, id) over pending rows only: the claim reads its few rows
    // from the front of this index and stops, however long the queue. Without it PostgreSQL read every pending
    // entry, and every entry left by jobs that were pending earlier, then sorted them all (docs/decisions/003).
    index("jobs_pending_due_idx")
      .on(t.priority.desc().nullsFirst(), t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("jobs_dedupe_key").on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);
