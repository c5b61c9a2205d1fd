import { and, asc, count, desc, eq, gte, inArray, lt, lte, notInArray, sql, type Placeholder } from "drizzle-orm";
import type { JobStatus } from "@clinora/contracts";
import type { DbOrTx } from "../db/client";
import { jobs } from "./jobs.schema";
import { preparedStatement, rowShape, valueOf } from "../db/prepared-statement";

/** A row of the queue; the payload is always a JSON object (enqueueJob only writes objects). */
export type JobRow = Omit<typeof jobs.$inferSelect, "payload"> & { payload: Record<string, unknown> };

export interface EnqueueSpec {
  type: string;
  payload?: Record<string, unknown>;
  professionalId?: string | null;
  /** Enqueueing the same key again is a no-op, e.g. `whatsapp.send:<MessageSid>`. */
  dedupeKey?: string;
  /** When the job becomes due; the database's now() when omitted (see enqueueJob). */
  runAt?: Date;
  maxAttempts?: number;
  /** Among due jobs, higher runs first; 0 when omitted. */
  priority?: number;
}

/**
 * The channel a statement that inserts jobs notifies at commit on PostgreSQL (the `jobs_notify` trigger, migrations
 * 0020 and 0029): every process LISTENs on it and wakes its worker (docs/decisions/036).
 */
export const JOBS_CHANNEL = "jobs";

/**
 * The job types a notification on JOBS_CHANNEL names: the distinct types the statement inserted, separated by commas
 * (migration 0029). An empty payload (a statement that inserted no row, such as scheduleJob re-arming one) names
 * none: undefined, so every pool claims.
 */
export const notifiedJobTypes = (payload: string | undefined): string[] | undefined => (payload ? payload.split(",") : undefined);

/** last_error is shown on the admin's health panel: a message, not a dump. */
const LAST_ERROR_MAX = 2000;
const clip = (message: string) => (message.length > LAST_ERROR_MAX ? `${message.slice(0, LAST_ERROR_MAX - 1)}…` : message);

const asJobRow = (row: typeof jobs.$inferSelect): JobRow => ({ ...row, payload: (row.payload ?? {}) as Record<string, unknown> });

/** Claims come back in the order they were picked (priority, run_at, id); UPDATE … RETURNING has no order of its own. */
const byDueOrder = (a: JobRow, b: JobRow) => b.priority - a.priority || a.runAt.getTime() - b.runAt.getTime() || a.id - b.id;

/** The row a new job starts as; columns the spec leaves out keep the table's defaults. */
export const newJobRow = (spec: EnqueueSpec): typeof jobs.$inferInsert => ({
  type: spec.type,
  payload: spec.payload ?? {},
  professionalId: spec.professionalId ?? null,
  dedupeKey: spec.dedupeKey ?? null,
  ...(spec.runAt ? { runAt: spec.runAt } : {}),
  ...(spec.maxAttempts !== undefined ? { maxAttempts: spec.maxAttempts } : {}),
  ...(spec.priority !== undefined ? { priority: spec.priority } : {}),
});

/**
 * Adds a job to the queue (docs/decisions/003-job-queue.md). Pass the caller's transaction so the job exists
 * exactly when the change that causes it commits. With a `dedupeKey` that is already queued (in any status),
 * nothing is inserted and the result is `null`; otherwise the new job's id.
 *
 * `runAt` defaults to the database's now(). Code that runs on an injected clock (services, tests with a fixed
 * clock) passes `runAt: clock.now()`, so that a worker on the same clock sees the job as due.
 */
export async function enqueueJob(db: DbOrTx, spec: EnqueueSpec): Promise<number | null> {
  const row = rowShape("j_", newJobRow(spec));
  let enqueue = enqueues.get(row.shape);
  if (!enqueue) enqueues.set(row.shape, (enqueue = enqueueOnce(row.placeholders())));
  const rows = await enqueue(db, row.values());
  return rows[0]?.id ?? null;
}

/** enqueueJob's statement, built once per shape of the row (docs/decisions/036): a reply's send job among others. */
const enqueues = new Map<string, ReturnType<typeof enqueueOnce>>();
const enqueueOnce = (row: Record<string, Placeholder | null>) => preparedStatement([], (db) => insertJob(db, row as never).returning({ id: jobs.id }));

/**
 * enqueueJob's INSERT, not run: for a statement that writes a job together with the change that causes it (a
 * data-modifying WITH), saving a round trip on a hot path.
 */
export function enqueueStatement(db: DbOrTx, spec: EnqueueSpec) {
  return insertJob(db, newJobRow(spec));
}

/** enqueueStatement's INSERT of a row made by newJobRow, or of its placeholders (a prepared statement's). */
export function insertJob(db: DbOrTx, row: typeof jobs.$inferInsert) {
  return (
    db
      .insert(jobs)
      .values(row)
      // jobs_dedupe_key is a PARTIAL unique index: PostgreSQL only infers it as the arbiter when the
      // statement repeats the index's predicate (https://www.postgresql.org/docs/current/sql-insert.html#SQL-ON-CONFLICT).
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${sql.identifier("dedupe_key")} is not null` })
  );
}

/**
 * Puts a job with a `dedupeKey` in the queue due at `runAt`, whatever its key's row was: a new row, or the existing
 * one moved to the new time and payload and made pending again with fresh attempts (also when it is done, failed, or
 * running right now). For work that follows a record that can change, such as an appointment's reminder: an edit
 * moves the one job instead of adding a second. A running worker whose row is re-armed under it loses its lock
 * (its outcome writes are guarded by `locked_by`), so the re-armed job runs again at `runAt`: the handler must be
 * idempotent, as every handler is. Returns the job's id.
 */
export async function scheduleJob(db: DbOrTx, spec: EnqueueSpec & { dedupeKey: string; runAt: Date }): Promise<number> {
  const rows = await db
    .insert(jobs)
    .values(newJobRow(spec))
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      targetWhere: sql`${sql.identifier("dedupe_key")} is not null`,
      set: {
        type: spec.type,
        payload: spec.payload ?? {},
        status: "pending",
        attempts: 0,
        runAt: spec.runAt,
        priority: spec.priority ?? 0,
        lockedAt: null,
        lockedBy: null,
        lastError: null,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: jobs.id });
  return rows[0]!.id;
}

/**
 * Removes the still-pending jobs with one of these dedupe keys: work that no longer has a reason to run, such as the
 * reminder of a cancelled appointment. Exact keys, so the lookup is the dedupe key's unique index however long the
 * queue is. A job already running is left alone; its handler re-reads what it works on. Returns how many were dropped.
 */
export async function dropPendingJobs(db: DbOrTx, dedupeKeys: readonly string[]): Promise<number> {
  if (dedupeKeys.length === 0) return 0;
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.dedupeKey, [...dedupeKeys]), eq(jobs.status, "pending")))
    .returning({ id: jobs.id });
  return rows.length;
}

interface ClaimSpec {
  workerId: string;
  now: Date;
  limit: number;
  /** Only jobs of these types (a pool of the worker); all types when omitted. */
  types?: readonly string[];
  /** No job of these types; ignored when empty. */
  exceptTypes?: readonly string[];
}

/**
 * The claim's UPDATE, not run (jobRepository.claimDue runs it; a test reads its plan). The due rows are picked in
 * the order of the partial index `jobs_pending_due_idx`, so PostgreSQL reads `limit` rows from its front and
 * stops, however many jobs are queued (docs/decisions/003).
 */
export function claimStatement(db: DbOrTx, p: ClaimSpec) {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "pending"),
        lte(jobs.runAt, p.now),
        p.types ? inArray(jobs.type, [...p.types]) : undefined,
        p.exceptTypes && p.exceptTypes.length > 0 ? notInArray(jobs.type, [...p.exceptTypes]) : undefined,
      ),
    )
    .orderBy(desc(jobs.priority), asc(jobs.runAt), asc(jobs.id))
    .limit(p.limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, lockedAt: p.now, lockedBy: p.workerId, updatedAt: p.now })
    .where(inArray(jobs.id, due))
    .returning();
}

/** claimByDedupeKey's statement, run for every reply's send (worker.runNow): built once (preparedStatement). */
const claimByKey = preparedStatement(["dedupeKey", "workerId", "now"], (db, p) =>
  db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, lockedAt: valueOf<Date>(p.now), lockedBy: valueOf<string>(p.workerId), updatedAt: valueOf<Date>(p.now) })
    .where(and(eq(jobs.dedupeKey, p.dedupeKey), eq(jobs.status, "pending")))
    .returning(),
);

/** complete's statement, run for every job: built once (preparedStatement). */
const completeHeld = preparedStatement(["id", "workerId", "now"], (db, p) =>
  db
    .update(jobs)
    .set({ status: "done", lockedAt: null, updatedAt: valueOf<Date>(p.now) })
    .where(and(eq(jobs.id, p.id), eq(jobs.status, "running"), eq(jobs.lockedBy, p.workerId)))
    .returning({ id: jobs.id }),
);

/**
 * claimDue's statement, built once per count of types and of types left out (a pool's lists, fixed for a worker's
 * life): the same statement as claimStatement, with placeholders.
 */
const claims = new Map<string, ReturnType<typeof claimWith>>();
const preparedClaim = (types: number | null, excepted: number) => {
  const shape = `${types}|${excepted}`;
  let claim = claims.get(shape);
  if (!claim) claims.set(shape, (claim = claimWith(types, excepted)));
  return claim;
};
const claimWith = (types: number | null, excepted: number) =>
  preparedStatement(["workerId", "now", "limit"], (db, p) =>
    claimStatement(db, {
      workerId: valueOf<string>(p.workerId),
      now: valueOf<Date>(p.now),
      limit: valueOf<number>(p.limit),
      types: types === null ? undefined : Array.from({ length: types }, (_, i) => valueOf<string>(sql.placeholder(`type${i}`))),
      exceptTypes: Array.from({ length: excepted }, (_, i) => valueOf<string>(sql.placeholder(`except${i}`))),
    }),
  );

/**
 * Every statement the worker runs on the `jobs` table. Times come from the caller (the worker's injected clock)
 * rather than SQL now(), so tests can move time. Each state change after a claim is guarded by
 * `status = 'running' and locked_by = <worker>`: a worker whose lock was reclaimed cannot overwrite the outcome
 * of whoever holds the job now.
 */
export function jobRepository(db: DbOrTx) {
  const heldBy = (id: number, workerId: string) => and(eq(jobs.id, id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId));

  return {
    /**
     * Claims up to `limit` due jobs for `workerId` in one statement, highest priority then oldest run_at first. SKIP LOCKED lets
     * several workers claim concurrently without waiting on (or taking) each other's rows. The claim counts as
     * an attempt, so a job that kills its process every time still reaches max_attempts.
     */
    async claimDue(p: ClaimSpec): Promise<JobRow[]> {
      if (p.limit <= 0) return [];
      const rows = await preparedClaim(p.types?.length ?? null, p.exceptTypes?.length ?? 0)(db, {
        workerId: p.workerId,
        now: p.now,
        limit: p.limit,
        ...Object.fromEntries((p.types ?? []).map((type, i) => [`type${i}`, type])),
        ...Object.fromEntries((p.exceptTypes ?? []).map((type, i) => [`except${i}`, type])),
      });
      return rows.map(asJobRow).sort(byDueOrder);
    },

    /**
     * Claims the job with this dedupe key if it is pending, whenever it is due (for worker.runNow); null when it is
     * not (another worker has it, or it is settled). Counts the attempt, as claimDue does.
     */
    async claimByDedupeKey(p: { dedupeKey: string; workerId: string; now: Date }): Promise<JobRow | null> {
      const [row] = await claimByKey(db, p);
      return row ? asJobRow(row) : null;
    },

    /** Marks a job done; false when this worker no longer holds it (its lock was reclaimed or released). */
    async complete(id: number, workerId: string, now: Date): Promise<boolean> {
      const rows = await completeHeld(db, { id, workerId, now });
      return rows.length > 0;
    },

    /** A recurring job done for now: pending again at `runAt` with fresh attempts; false when this worker no longer holds it. */
    async runAgain(id: number, workerId: string, p: { runAt: Date; now: Date }): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: "pending", runAt: p.runAt, attempts: 0, lastError: null, lockedAt: null, lockedBy: null, updatedAt: p.now })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Puts a failed attempt back in the queue, due at `runAt`; false when this worker no longer holds it. */
    async retryLater(id: number, workerId: string, p: { runAt: Date; error: string; now: Date }): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: "pending", runAt: p.runAt, lastError: clip(p.error), lockedAt: null, lockedBy: null, updatedAt: p.now })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Fails a job for good; false when this worker no longer holds it (then someone else decides its fate). */
    async fail(id: number, workerId: string, p: { error: string; now: Date }): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: "failed", lastError: clip(p.error), lockedAt: null, updatedAt: p.now })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Refreshes the lock of the given jobs this worker still holds, so a long handler is not reclaimed. */
    async heartbeat(workerId: string, ids: number[], now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(jobs)
        .set({ lockedAt: now })
        .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    /**
     * Frees the jobs of workers that stopped heartbeating (a crash, a kill -9): running with a lock older than
     * `lockTimeoutMs`. The attempt they were on counts, so a job that kills its process every time ends as
     * failed once it has used max_attempts; the others become due again at once. Returns the rows as changed,
     * so the caller can run onFailed for the ones that failed.
     */
    async reclaimStale(p: { now: Date; lockTimeoutMs: number }): Promise<JobRow[]> {
      const staleBefore = new Date(p.now.getTime() - p.lockTimeoutMs);
      const rows = await db
        .update(jobs)
        .set({
          status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed'::job_status else 'pending'::job_status end`,
          lastError: sql`'lock expired: worker ' || coalesce(${jobs.lockedBy}, '?') || ' stopped heartbeating'`,
          lockedAt: null,
          lockedBy: null,
          updatedAt: p.now,
        })
        .where(and(eq(jobs.status, "running"), lt(jobs.lockedAt, staleBefore)))
        .returning();
      return rows.map(asJobRow);
    },

    /** Deletes up to `limit` done jobs that finished before `finishedBefore`; returns how many went. */
    async deleteDone(p: { finishedBefore: Date; limit: number }): Promise<number> {
      const old = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, "done"), lt(jobs.updatedAt, p.finishedBefore)))
        .limit(p.limit);
      const rows = await db.delete(jobs).where(inArray(jobs.id, old)).returning({ id: jobs.id });
      return rows.length;
    },

    /**
     * Hands this worker's running jobs back to the queue on shutdown, due at once for any other process. They
     * did not really run (or their outcome is unknown), so the attempt the claim added is given back.
     */
    async release(workerId: string, now: Date): Promise<number[]> {
      const rows = await db
        .update(jobs)
        .set({ status: "pending", attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedAt: null, lockedBy: null, updatedAt: now })
        .where(and(eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      return rows.map((r) => r.id);
    },

    /**
     * Hands back the jobs marked as this worker's that it is not running (`runningIds` are those it runs): after a
     * claim whose answer was lost with its connection. Their attempt is given back, as in release().
     */
    async releaseUnheld(workerId: string, runningIds: number[], now: Date): Promise<number[]> {
      const rows = await db
        .update(jobs)
        .set({ status: "pending", attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedAt: null, lockedBy: null, updatedAt: now })
        .where(
          and(
            eq(jobs.status, "running"),
            eq(jobs.lockedBy, workerId),
            runningIds.length > 0 ? notInArray(jobs.id, runningIds) : undefined,
          ),
        )
        .returning({ id: jobs.id });
      return rows.map((r) => r.id);
    },

    /** How many jobs are in each status (every status present, 0 when none), for the admin's health panel. */
    async countByStatus(): Promise<Record<JobStatus, number>> {
      const rows = await db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
      const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, failed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** Jobs failed for good, optionally only those that failed since `since`. */
    async countFailed(since?: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, "failed"), since ? gte(jobs.updatedAt, since) : undefined));
      return Number(row?.n ?? 0);
    },

    async findById(id: number): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row ? asJobRow(row) : null;
    },

    async findByDedupeKey(dedupeKey: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).limit(1);
      return row ? asJobRow(row) : null;
    },

    /** Jobs in one status, in due order. */
    async listByStatus(status: JobStatus, limit = 100): Promise<JobRow[]> {
      const rows = await db.select().from(jobs).where(eq(jobs.status, status)).orderBy(asc(jobs.runAt), asc(jobs.id)).limit(limit);
      return rows.map(asJobRow);
    },

    /** Jobs of one type, in insertion order. */
    async listByType(type: string, limit = 1000): Promise<JobRow[]> {
      const rows = await db.select().from(jobs).where(eq(jobs.type, type)).orderBy(asc(jobs.id)).limit(limit);
      return rows.map(asJobRow);
    },
  };
}

export type JobRepository = ReturnType<typeof jobRepository>;
