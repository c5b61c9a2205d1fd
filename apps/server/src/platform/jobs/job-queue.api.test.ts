import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../db/client";
import { jobs } from "./jobs.schema";
import { rowsOf } from "../db/rows";
import { fixedClock } from "../lib/clock";
import { openTestDatabase } from "../../../test/context";
import { adminPostgresUrl, testDbKind, withDatabase } from "../../../test/test-db";
import { claimStatement, enqueueJob, jobRepository } from "./job.repository";
import { createWorker, exponentialBackoffMs, KEEP_DONE_MS, PermanentJobError, type JobLogger, type JobWorker, type WorkerOptions } from "./worker";

const T0 = new Date("2025-06-02T12:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A promise the test settles from outside, e.g. to hold a handler "running" as long as needed. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Keeps what the worker logged, to assert on errors that must be logged rather than thrown. */
function recordingLog() {
  const entries: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void entries.push({ level, obj, msg });
  const log: JobLogger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { log, entries, errors: () => entries.filter((e) => e.level === "error") };
}

let database: Database;
let db: Db;
let repo: ReturnType<typeof jobRepository>;
let clock: ReturnType<typeof fixedClock>;
const workers: JobWorker[] = [];

/** A worker on the test database and clock; stopped after the test whatever happens. */
function worker(options: Partial<WorkerOptions> & Pick<WorkerOptions, "handlers">): JobWorker {
  const w = createWorker(db, { clock, pollMs: 20, backoffBaseMs: 1000, ...options });
  workers.push(w);
  return w;
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  repo = jobRepository(db);
});

afterAll(() => database.close());

beforeEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 0 })));
  await db.delete(jobs);
  clock = fixedClock(T0);
});

describe("enqueueJob", () => {
  it("stores a dedupe key once: the second enqueue inserts nothing and returns null", async () => {
    const first = await enqueueJob(db, { type: "whatsapp.send", payload: { sid: "SM1" }, dedupeKey: "send:SM1", runAt: T0 });
    const second = await enqueueJob(db, { type: "whatsapp.send", payload: { sid: "other" }, dedupeKey: "send:SM1", runAt: T0 });
    const withoutKey = [await enqueueJob(db, { type: "x", runAt: T0 }), await enqueueJob(db, { type: "x", runAt: T0 })];

    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    expect(withoutKey.every((id) => typeof id === "number")).toBe(true);
    const row = await repo.findByDedupeKey("send:SM1");
    expect(row).toMatchObject({ id: first, payload: { sid: "SM1" }, status: "pending", attempts: 0, maxAttempts: 5 });
    expect(await repo.countByStatus()).toEqual({ pending: 3, running: 0, done: 0, failed: 0 });
  });

  it("enqueues within the caller's transaction: a rollback leaves no job, and the key stays free", async () => {
    await expect(
      db.transaction(async (tx) => {
        expect(await enqueueJob(tx, { type: "calendar.sync", dedupeKey: "sync:1", runAt: T0 })).toEqual(expect.any(Number));
        throw new Error("the change that caused it failed");
      }),
    ).rejects.toThrow("the change that caused it failed");
    expect(await repo.findByDedupeKey("sync:1")).toBeNull();

    await db.transaction(async (tx) => {
      await enqueueJob(tx, { type: "calendar.sync", dedupeKey: "sync:1", runAt: T0, maxAttempts: 2, professionalId: null });
    });
    expect(await repo.findByDedupeKey("sync:1")).toMatchObject({ type: "calendar.sync", maxAttempts: 2 });
  });
});

describe("claiming", () => {
  it("claims due jobs oldest run_at first, up to the limit, and never a job due later", async () => {
    const c = await enqueueJob(db, { type: "x", runAt: at(-1000) });
    const a = await enqueueJob(db, { type: "x", runAt: at(-3000) });
    const b = await enqueueJob(db, { type: "x", runAt: at(-2000) });
    const future = await enqueueJob(db, { type: "x", runAt: at(1) });

    const firstTwo = await repo.claimDue({ workerId: "w1", now: T0, limit: 2 });
    expect(firstTwo.map((j) => j.id)).toEqual([a, b]);
    expect(firstTwo[0]).toMatchObject({ status: "running", attempts: 1, lockedBy: "w1", lockedAt: T0 });

    const rest = await repo.claimDue({ workerId: "w2", now: T0, limit: 10 });
    expect(rest.map((j) => j.id)).toEqual([c]);
    expect(await repo.findById(future!)).toMatchObject({ status: "pending", attempts: 0, lockedBy: null });

    expect((await repo.claimDue({ workerId: "w2", now: at(1), limit: 10 })).map((j) => j.id)).toEqual([future]);
  });

  it("claims a higher priority first among due jobs, never one due later however high", async () => {
    const old = await enqueueJob(db, { type: "assistant.reply", runAt: at(-5000) });
    const send = await enqueueJob(db, { type: "whatsapp.send", runAt: at(-10), priority: 10 });
    await enqueueJob(db, { type: "whatsapp.send", runAt: at(1), priority: 10 });
    const older = await enqueueJob(db, { type: "assistant.reply", runAt: at(-6000) });

    expect((await repo.claimDue({ workerId: "w1", now: T0, limit: 10 })).map((j) => j.id)).toEqual([send, older, old]);
  });

  it("reads a claim from the front of the pending jobs' index, never the whole queue (no scan and sort of it)", async () => {
    // A long queue as under a burst: thousands pending and due, thousands already done, some claimed. The planner
    // sees fresh statistics, as PostgreSQL's autovacuum would give it.
    await db.execute(sql`insert into jobs (type, run_at, status, priority)
      select 'assistant.reply', ${T0}::timestamptz - g * interval '1 second',
             (case when g % 3 = 0 then 'done' when g % 7 = 0 then 'running' else 'pending' end)::job_status, (g % 2)::smallint
      from generate_series(1, 3000) g`);
    await db.execute(sql`analyze jobs`);

    // The whole queue, and the network pool's claim (a type filter on the rows the index gives). The CPU pool's claim
    // over a queue of network jobs only is not held to this: nothing matches, and any plan reads every pending entry
    // to find that out (docs/decisions/036).
    for (const pool of [{}, { types: ["assistant.reply", "whatsapp.send"] }]) {
      const statement = claimStatement(db, { workerId: "w1", now: T0, limit: 4, ...pool }).getSQL();
      const plan = JSON.stringify(rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${statement}`)));
      expect(plan).toContain('"Index Name":"jobs_pending_due_idx"');
      expect(plan).not.toContain('"Node Type":"Sort"');
      expect(plan).not.toContain("Bitmap");
    }
    expect(await repo.claimDue({ workerId: "w1", now: T0, limit: 4, types: ["assistant.reply"] })).toHaveLength(4);
    expect(await repo.claimDue({ workerId: "w1", now: T0, limit: 4, exceptTypes: ["assistant.reply"] })).toHaveLength(0);
  });
});

describe("the worker", () => {
  it("runs a job with its payload, marks it done and counts the run", async () => {
    const seen: unknown[] = [];
    const id = await enqueueJob(db, { type: "hello", payload: { to: "Ana" }, runAt: T0 });
    const w = worker({ handlers: { hello: { run: async (job) => void seen.push(job.payload) } } });

    expect(await w.drain()).toBe(1);
    expect(seen).toEqual([{ to: "Ana" }]);
    expect(await repo.findById(id!)).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(await w.drain()).toBe(0);
  });

  it("puts a recurring job's own row back for its next run, fresh attempts, and marks it done once it stops recurring", async () => {
    let runs = 0;
    const id = await enqueueJob(db, { type: "tick", dedupeKey: "tick:ana", runAt: T0 });
    const w = worker({
      handlers: {
        tick: {
          async run() {
            runs += 1;
            if (runs === 1) throw new Error("Google failed once");
            return runs < 3 ? { runAgainAt: new Date(clock.now().getTime() + 5 * 60_000) } : undefined;
          },
        },
      },
    });

    expect(await w.drain()).toBe(1);
    clock.set(at(60 * 60_000));
    expect(await w.drain()).toBe(1);
    expect(await repo.findById(id!)).toMatchObject({ status: "pending", attempts: 0, lastError: null, runAt: at(65 * 60_000) });
    expect(await w.drain()).toBe(0);
    clock.set(at(65 * 60_000));
    expect(await w.drain()).toBe(1);
    expect(await repo.findById(id!)).toMatchObject({ status: "done", attempts: 1 });
    expect(await db.select().from(jobs)).toHaveLength(1);
  });

  it("retries a failing job with growing backoff, then succeeds", async () => {
    let calls = 0;
    const id = await enqueueJob(db, { type: "flaky", runAt: T0 });
    const w = worker({
      backoffBaseMs: 1000,
      handlers: {
        flaky: {
          run: async () => {
            calls += 1;
            if (calls < 3) throw new Error(`provider down (${calls})`);
          },
        },
      },
    });

    expect(await w.drain()).toBe(1);
    const afterFirst = (await repo.findById(id!))!;
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, lockedBy: null, lastError: "Error: provider down (1)" });
    const delay1 = afterFirst.runAt.getTime() - T0.getTime();
    expect(delay1).toBeGreaterThanOrEqual(500);
    expect(delay1).toBeLessThanOrEqual(1000);

    // Not due yet: nothing runs until the clock reaches the backoff.
    clock.set(at(delay1 - 1));
    expect(await w.drain()).toBe(0);

    clock.set(afterFirst.runAt);
    expect(await w.drain()).toBe(1);
    const afterSecond = (await repo.findById(id!))!;
    expect(afterSecond).toMatchObject({ status: "pending", attempts: 2, lastError: "Error: provider down (2)" });
    const delay2 = afterSecond.runAt.getTime() - afterFirst.runAt.getTime();
    expect(delay2).toBeGreaterThanOrEqual(1000);
    expect(delay2).toBeLessThanOrEqual(2000);

    clock.set(afterSecond.runAt);
    expect(await w.drain()).toBe(1);
    expect(await repo.findById(id!)).toMatchObject({ status: "done", attempts: 3 });
    expect(calls).toBe(3);
  });

  it("fails a job for good after max_attempts and calls onFailed once", async () => {
    const onFailed = vi.fn(async () => {
      throw new Error("the hook's own error is only logged");
    });
    const id = await enqueueJob(db, { type: "doomed", runAt: T0, maxAttempts: 3 });
    const { log, errors } = recordingLog();
    const w = worker({
      log,
      handlers: {
        doomed: {
          run: async () => {
            throw new Error("always");
          },
          onFailed,
          backoffMs: () => 0, // due again at once, so one drain goes through every attempt
        },
      },
    });

    expect(await w.drain()).toBe(3);
    expect(await repo.findById(id!)).toMatchObject({ status: "failed", attempts: 3, lastError: "Error: always" });
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ id, attempts: 3 }), expect.objectContaining({ message: "always" }));
    expect(errors().map((e) => e.msg)).toContain("job onFailed hook threw");
    expect(await repo.countFailed()).toBe(1);
    expect(await repo.countFailed(at(1))).toBe(0);
    expect(await w.drain()).toBe(0);
  });

  it("fails a job at once on PermanentJobError, and a job of unknown type with a clear error", async () => {
    const onFailed = vi.fn(async () => {});
    const bad = await enqueueJob(db, { type: "strict", runAt: T0 });
    const unknown = await enqueueJob(db, { type: "nobody.handles.this", runAt: T0 });
    const w = worker({
      handlers: {
        strict: {
          run: async () => {
            throw new PermanentJobError("invalid phone number");
          },
          onFailed,
        },
      },
    });

    expect(await w.drain()).toBe(2);
    expect(await repo.findById(bad!)).toMatchObject({ status: "failed", attempts: 1, lastError: "PermanentJobError: invalid phone number" });
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(await repo.findById(unknown!)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: 'no handler registered for job type "nobody.handles.this"',
    });
  });

  it("aborts a run past its timeout and retries it", async () => {
    let aborted = false;
    const id = await enqueueJob(db, { type: "slow", runAt: T0 });
    const w = worker({
      handlers: {
        slow: {
          timeoutMs: 50,
          run: (_job, { signal }) =>
            new Promise<void>((resolve) =>
              signal.addEventListener("abort", () => {
                aborted = true;
                resolve();
              }),
            ),
        },
      },
    });

    expect(await w.drain()).toBe(1);
    expect(aborted).toBe(true);
    expect(await repo.findById(id!)).toMatchObject({ status: "pending", attempts: 1, lastError: "JobTimeoutError: job timed out after 50 ms" });
  });

  it("reclaims the job of a dead worker once its lock is older than the timeout, not before", async () => {
    const lockTimeoutMs = 60_000;
    const id = await enqueueJob(db, { type: "send", runAt: T0 });
    expect(await repo.claimDue({ workerId: "dead-process", now: T0, limit: 1 })).toHaveLength(1);
    const ran: number[] = [];
    const w = worker({ lockTimeoutMs, handlers: { send: { run: async (job) => void ran.push(job.id) } } });

    clock.set(at(lockTimeoutMs - 1));
    expect(await w.drain()).toBe(0);
    expect(await repo.findById(id!)).toMatchObject({ status: "running", lockedBy: "dead-process" });

    clock.set(at(lockTimeoutMs + 1));
    expect(await w.drain()).toBe(1);
    expect(ran).toEqual([id]);
    // The dead run counted: this was the second attempt.
    expect(await repo.findById(id!)).toMatchObject({ status: "done", attempts: 2, lockedBy: w.workerId });
  });

  it("fails a reclaimed job that had used its last attempt, and calls onFailed", async () => {
    const onFailed = vi.fn(async () => {});
    const run = vi.fn(async () => {});
    const id = await enqueueJob(db, { type: "send", runAt: T0, maxAttempts: 1 });
    await repo.claimDue({ workerId: "dead-process", now: T0, limit: 1 });
    const w = worker({ lockTimeoutMs: 1000, handlers: { send: { run, onFailed } } });

    clock.set(at(1001));
    expect(await w.drain()).toBe(0);
    expect(run).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(await repo.findById(id!)).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("dead-process") });
  });

  it("keeps a long job's lock alive with its heartbeat, so no worker reclaims it", async () => {
    const lockTimeoutMs = 300; // heartbeat every 100 ms of real time
    const entered = deferred();
    const finish = deferred();
    const id = await enqueueJob(db, { type: "long", runAt: T0 });
    const w = worker({
      lockTimeoutMs,
      handlers: {
        long: {
          run: async () => {
            entered.resolve();
            await finish.promise;
          },
        },
      },
    });
    w.start();
    await entered.promise;

    // Move time in steps shorter than the lock timeout, each time until the heartbeat has written it.
    for (const step of [1, 2, 3]) {
      clock.set(at(step * 200));
      await vi.waitFor(async () => expect((await repo.findById(id!))!.lockedAt).toEqual(at(step * 200)), { timeout: 5000, interval: 20 });
    }
    // 600 ms after the claim, twice the timeout: without the heartbeat this job would be stale.
    expect(await jobRepository(db).reclaimStale({ now: clock.now(), lockTimeoutMs })).toEqual([]);
    expect(await repo.findById(id!)).toMatchObject({ status: "running", lockedBy: w.workerId, attempts: 1 });

    finish.resolve();
    await vi.waitFor(async () => expect((await repo.findById(id!))!.status).toBe("done"), { timeout: 5000, interval: 20 });
  });

  it("deletes done jobs a month after they finished, in bounded sweeps, and keeps failed, pending and recent ones", async () => {
    const job = async (name: string, status: "done" | "failed" | "pending", finishedAgoMs: number) => {
      const id = (await enqueueJob(db, { type: name, runAt: at(3600_000) }))!;
      await db.update(jobs).set({ status, updatedAt: at(-finishedAgoMs) }).where(eq(jobs.id, id));
      return id;
    };
    await job("done long ago", "done", KEEP_DONE_MS + 60_000);
    await job("done long ago too", "done", KEEP_DONE_MS + 1);
    const kept = [
      await job("done recently", "done", KEEP_DONE_MS - 60_000),
      await job("failed long ago", "failed", KEEP_DONE_MS + 60_000),
      await job("not due yet", "pending", KEEP_DONE_MS + 60_000),
    ];
    const left = async () => (await db.select({ id: jobs.id }).from(jobs).orderBy(asc(jobs.id))).map((r) => r.id);

    expect(await jobRepository(db).deleteDone({ finishedBefore: at(-KEEP_DONE_MS), limit: 1 })).toBe(1);
    expect(await left()).toHaveLength(4);

    worker({ handlers: {} }).start();
    await vi.waitFor(async () => expect(await left()).toEqual(kept), { timeout: 5000, interval: 20 });
  });

  it("polls at once on wake() instead of waiting for its next poll", async () => {
    const done = deferred<number>();
    const w = worker({ pollMs: 60_000, handlers: { ping: { run: async (job) => done.resolve(job.id) } } });
    w.start();
    // Let the first poll find the queue empty and go to sleep for a minute.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const id = await enqueueJob(db, { type: "ping", runAt: T0 });
    w.wake();
    await expect(Promise.race([done.promise, new Promise((resolve) => setTimeout(() => resolve("slept"), 10_000))])).resolves.toBe(id);
  });

  it("runs one job at a time while the process is busy, and its full concurrency again once it is not", async () => {
    let busy = true;
    let runningNow = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const w = worker({
      concurrency: 3,
      busy: () => busy,
      handlers: {
        slow: {
          run: async () => {
            most = Math.max(most, ++runningNow);
            await new Promise<void>((resolve) => release.push(resolve));
            runningNow--;
          },
        },
      },
    });
    for (let i = 0; i < 6; i++) await enqueueJob(db, { type: "slow", runAt: T0 });
    w.start();
    // Waits for what must happen rather than for a fixed time, which a busy machine can outlast.
    const until = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000, interval: 10 });
    await until(() => expect(runningNow).toBe(1));
    // While busy it runs one CPU job at a time: some of its busy pauses (100 ms) later, the others still wait.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(most).toBe(1);

    busy = false;
    release.shift()!();
    await until(() => expect(runningNow).toBe(3));
    expect(most).toBe(3);
    await until(async () => {
      while (release.length) release.shift()!();
      expect(await repo.countByStatus()).toMatchObject({ done: 6 });
    });
  });

  it("runs jobs that wait on the network in their own pool: they neither hold CPU slots nor stop at one while busy", async () => {
    let busy = true;
    const now = { network: 0, cpu: 0 };
    const release: (() => void)[] = [];
    const holding = (pool: keyof typeof now) => async () => {
      now[pool]++;
      await new Promise<void>((resolve) => release.push(resolve));
      now[pool]--;
    };
    const w = worker({
      concurrency: 2,
      networkConcurrency: 5,
      busy: () => busy,
      busyPauseMs: 10,
      handlers: { waits: { waitsOnNetwork: true, run: holding("network") }, computes: { run: holding("cpu") } },
    });
    for (let i = 0; i < 7; i++) await enqueueJob(db, { type: "waits", runAt: T0 });
    for (let i = 0; i < 3; i++) await enqueueJob(db, { type: "computes", runAt: T0 });
    w.start();
    // Busy: the network pool still fills (claims paced, not shrunk); CPU work one at a time.
    await vi.waitFor(() => expect(now).toEqual({ network: 5, cpu: 1 }), { timeout: 5000, interval: 20 });

    busy = false;
    w.wake();
    await vi.waitFor(() => expect(now).toEqual({ network: 5, cpu: 2 }), { timeout: 5000, interval: 20 });
    while (release.length) release.shift()!();
    await vi.waitFor(
      async () => {
        while (release.length) release.shift()!();
        expect(await repo.countByStatus()).toMatchObject({ done: 10 });
      },
      { timeout: 5000, interval: 20 },
    );
  });

  it("while the process is busy, starts at most one job per pause, and goes on at once when it is not", async () => {
    let busy = true;
    const ran: number[] = [];
    const w = worker({ busy: () => busy, busyPauseMs: 60_000, handlers: { quick: { run: async (job) => void ran.push(job.id) } } });
    const ids = [await enqueueJob(db, { type: "quick", runAt: T0 }), await enqueueJob(db, { type: "quick", runAt: T0 })];
    w.start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    w.wake();
    await settle();
    // The first job ran and finished long ago; the second waits for the pause although it is due and a slot is free.
    expect(ran).toEqual([ids[0]]);

    busy = false;
    w.wake();
    await vi.waitFor(() => expect(ran).toEqual(ids), { timeout: 5000, interval: 20 });
  });

  it("keeps polling after a database error, logging it", async () => {
    let failures = 2;
    // The first claims fail as if the connection dropped; everything else reaches the real database. The claim is a
    // statement built once (preparedStatement), so the fault is put where it runs: the session's prepared queries.
    type Prepared = { execute(values?: unknown): Promise<unknown> };
    type Session = { prepareQuery(query: { sql: string }, ...rest: unknown[]): Prepared };
    const session = db._.session as unknown as Session;
    const flakySession = new Proxy(session, {
      get(target, property, receiver) {
        if (property !== "prepareQuery") return Reflect.get(target, property, receiver);
        return (query: { sql: string }, ...rest: unknown[]): Prepared => {
          const prepared = target.prepareQuery(query, ...rest);
          if (!query.sql.includes("skip locked")) return prepared;
          return {
            execute: (values) => {
              if (failures === 0) return prepared.execute(values);
              failures -= 1;
              return Promise.reject(new Error("connection terminated unexpectedly"));
            },
          };
        };
      },
    });
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "_") return { ...target._, session: flakySession };
        return Reflect.get(target, property, receiver);
      },
    });
    const { log, errors } = recordingLog();
    const w = createWorker(flaky, { clock, pollMs: 20, log, handlers: { ping: { run: async () => {} } } });
    workers.push(w);
    const id = await enqueueJob(db, { type: "ping", runAt: T0 });
    w.start();

    await vi.waitFor(async () => expect((await repo.findById(id!))!.status).toBe("done"), { timeout: 5000, interval: 20 });
    expect(errors().filter((e) => e.msg === "job worker poll failed; retrying")).toHaveLength(2);
  });

  it("stop() hands a job whose handler is still running back to the queue, attempt restored", async () => {
    const entered = deferred();
    let signal: AbortSignal | undefined;
    const id = await enqueueJob(db, { type: "stuck", runAt: T0 });
    const w = worker({
      handlers: {
        stuck: {
          // Ignores its signal on purpose: stop() must not wait for it forever.
          run: (_job, ctx) => {
            signal = ctx.signal;
            entered.resolve();
            return new Promise<void>(() => {});
          },
        },
      },
    });
    w.start();
    await entered.promise;
    expect(await repo.findById(id!)).toMatchObject({ status: "running", attempts: 1, lockedBy: w.workerId });

    await w.stop({ graceMs: 50 });
    expect(signal?.aborted).toBe(true);
    expect(await repo.findById(id!)).toMatchObject({ status: "pending", attempts: 0, lockedBy: null, lockedAt: null, runAt: T0 });

    // Another process takes it at once.
    const other = worker({ handlers: { stuck: { run: async () => {} } } });
    expect(await other.drain()).toBe(1);
    expect(await repo.findById(id!)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("stop() lets a handler that finishes within the grace period complete", async () => {
    const entered = deferred();
    const id = await enqueueJob(db, { type: "short", runAt: T0 });
    const w = worker({
      handlers: {
        short: {
          run: async () => {
            entered.resolve();
            await new Promise((resolve) => setTimeout(resolve, 100));
          },
        },
      },
    });
    w.start();
    await entered.promise;
    await w.stop({ graceMs: 10_000 });
    expect(await repo.findById(id!)).toMatchObject({ status: "done", attempts: 1 });
  });
});

describe("exponentialBackoffMs", () => {
  it("doubles per attempt within [half, full] of base·2^(attempt-1), and is capped at an hour", () => {
    expect(exponentialBackoffMs(1, 1000, () => 0)).toBe(500);
    expect(exponentialBackoffMs(1, 1000, () => 1)).toBe(1000);
    expect(exponentialBackoffMs(4, 1000, () => 0)).toBe(4000);
    expect(exponentialBackoffMs(4, 1000, () => 1)).toBe(8000);
    expect(exponentialBackoffMs(40, 1000, () => 1)).toBe(3_600_000);
  });
});

const describePostgres = testDbKind() === "postgres" ? describe : describe.skip;

describePostgres("two processes on PostgreSQL", () => {
  it("drain 300 jobs between them, every job run exactly once", async () => {
    const [{ name }] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`)) as [{ name: string }];
    const url = withDatabase(adminPostgresUrl(), name);
    // Two pools, as two server processes would have: claims really race on separate connections.
    const pools = await Promise.all([1, 2].map(() => openDatabase({ kind: "postgres", url, maxConnections: 5 })));
    const runs = new Map<number, number>();
    const ranBy = new Map<string, number>();
    const total = 300;
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < total; i++) await enqueueJob(tx, { type: "count", payload: { i }, runAt: T0 });
      });
      const pair = pools.map((p, n) =>
        createWorker(p.db, {
          workerId: `process-${n}`,
          clock,
          concurrency: 8,
          pollMs: 10,
          handlers: {
            count: {
              run: async (job) => {
                runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
                ranBy.set(`process-${n}`, (ranBy.get(`process-${n}`) ?? 0) + 1);
                // Yield so the two workers' claims and completions interleave.
                await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
              },
            },
          },
        }),
      );
      for (const w of pair) w.start();
      await vi.waitFor(async () => expect((await repo.countByStatus()).done).toBe(total), { timeout: 25_000, interval: 50 });
      await Promise.all(pair.map((w) => w.stop()));

      expect(runs.size).toBe(total);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      expect(await repo.countByStatus()).toEqual({ pending: 0, running: 0, done: total, failed: 0 });
      expect((await repo.listByStatus("done", total)).every((j) => j.attempts === 1)).toBe(true);
      expect(ranBy.size).toBe(2);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});

describe("after an outage", () => {
  it("hands back the jobs marked as a worker's that it does not run (a claim whose answer was lost), attempt given back", async () => {
    const kept = await enqueueJob(db, { type: "a", runAt: T0 });
    const lost = await enqueueJob(db, { type: "b", runAt: T0 });
    const others = await enqueueJob(db, { type: "c", runAt: T0 });
    await repo.claimDue({ workerId: "w1", now: T0, limit: 2 });
    await repo.claimDue({ workerId: "w2", now: T0, limit: 1 });

    expect(await repo.releaseUnheld("w1", [kept!], at(1000))).toEqual([lost]);
    const rows = await db.select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, lockedBy: jobs.lockedBy }).from(jobs).orderBy(asc(jobs.id));
    expect(rows).toEqual([
      { id: kept, status: "running", attempts: 1, lockedBy: "w1" },
      { id: lost, status: "pending", attempts: 0, lockedBy: null },
      { id: others, status: "running", attempts: 1, lockedBy: "w2" },
    ]);
  });
});
