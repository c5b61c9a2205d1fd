import os from "node:os";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import type { Db, NotificationListener } from "../db/client";
import { systemClock, type Clock } from "../lib/clock";
import { databaseRetryDelayMs, isDatabaseUnavailable, whenDatabaseAnswers } from "../lib/db-errors";
import { jobRepository, type JobRow } from "./job.repository";

/** A job as its handler receives it: already claimed, `attempts` counts this run (1 on the first). */
export type ClaimedJob = JobRow;

/** The part of a pino logger the worker uses (a Fastify `app.log` fits). */
export interface JobLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child?(bindings: Record<string, unknown>): JobLogger;
}

export interface JobContext {
  /** Aborted when the job times out or the worker stops past its grace period: stop work, the job will run again. */
  signal: AbortSignal;
  log: JobLogger;
}

/**
 * How one job type runs. Delivery is at least once (a crash after the work but before `done` runs it again),
 * so `run` must be idempotent, e.g. keyed by the job's dedupe_key or an id in its payload.
 */
export interface JobDefinition {
  /**
   * Does the job's work. A recurring job answers `{ runAgainAt }`: instead of being done, the same row waits for that
   * time, pending again with fresh attempts (one row per recurring task, however long it recurs).
   */
  run(job: ClaimedJob, ctx: JobContext): Promise<void | JobRunResult>;
  /** Called once when the job fails for good (max_attempts reached or PermanentJobError); its errors are only logged. */
  onFailed?(job: ClaimedJob, error: unknown): Promise<void>;
  /**
   * Delay before attempt `attempt + 1`, after attempt `attempt` failed with `error` (e.g. a provider's Retry-After);
   * the worker's exponential backoff when absent.
   */
  backoffMs?(attempt: number, error: unknown): number;
  /** A run taking longer is aborted and counts as a failed attempt; defaults to the worker's jobTimeoutMs. */
  timeoutMs?: number;
  /**
   * Most of a run waits on an outside system (a model, a transcription, Twilio, Google, a download): the job runs in
   * the worker's network pool (`networkConcurrency`, many at once) instead of holding one of the few slots of CPU work.
   */
  waitsOnNetwork?: boolean;
}

/** What a recurring job answers: when it runs next. */
export interface JobRunResult {
  runAgainAt: Date;
}

/** Thrown by a handler when retrying cannot help (bad payload, a refusal from the provider): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}

export interface WorkerOptions {
  handlers: Record<string, JobDefinition>;
  /** Names this process's locks; unique per worker instance (release() frees exactly this worker's jobs). */
  workerId?: string;
  /** Jobs of the types that do not wait on the network (CPU and disk work) run at the same time; 4 when omitted. */
  concurrency?: number;
  /** Jobs of the types marked `waitsOnNetwork` run at the same time, apart from `concurrency`; 32 when omitted. */
  networkConcurrency?: number;
  /** Sleep between polls when nothing is due; wake() cuts it short. */
  pollMs?: number;
  /** A running job whose lock is older than this is considered abandoned and reclaimed. */
  lockTimeoutMs?: number;
  /** First retry delay; doubled per attempt, with jitter, capped at an hour. */
  backoffBaseMs?: number;
  /** Run time limit of a job type without its own timeoutMs. */
  jobTimeoutMs?: number;
  /** Done jobs older than this (since they finished) are deleted; failed ones stay for the admin. */
  keepDoneMs?: number;
  /**
   * While this answers true (the event loop runs late: a request arriving now would wait to be read) the worker runs
   * one CPU job at a time instead of `concurrency`, and claims at most once per `busyPauseMs` (never none, so the
   * queue always moves; a claim still fills the free network slots, whose jobs mostly wait).
   */
  busy?: () => boolean;
  /** While busy, the least time between two claims; 100 ms when omitted. */
  busyPauseMs?: number;
  clock?: Clock;
  log?: JobLogger;
}

export interface JobWorker {
  readonly workerId: string;
  /** Starts the polling loop in the background. */
  start(): void;
  /**
   * Makes a sleeping loop poll now: call it after committing a transaction that enqueued a job. With `types` (what a
   * notification says was enqueued), only the pools those types run in claim; without, both do.
   */
  wake(types?: readonly string[]): void;
  /**
   * Claims the pending job with this dedupe key, due or not, and runs it in this process at once; resolves once its
   * outcome is recorded, with whether it ran (false: another worker has it, it is settled, or the worker stops). For
   * work its caller just committed and wants done without a hop through the queue (a reply's send,
   * docs/decisions/036); the row stays the retry path: a failure is retried with backoff, a dead process's lock
   * expires and another worker takes the job over.
   */
  runNow(dedupeKey: string): Promise<boolean>;
  /**
   * Stops claiming, lets running handlers finish for up to `graceMs`, aborts the rest and hands their jobs back to
   * the queue (pending, attempt given back) so another process can take them at once. Resolves when fully stopped.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /**
   * Runs due jobs until none is due and resolves with how many runs it made (a retry counts as a run). Jobs due
   * later (a backoff, a future run_at) are not waited for. For tests and scripts, on a worker that is not started;
   * rejects if jobs are still running after `timeoutMs`.
   */
  drain(options?: { timeoutMs?: number }): Promise<number>;
}

/**
 * The wake a service calls after committing a transaction that enqueued jobs (docs/decisions/036). While the process
 * listens for the jobs' notifications (PostgreSQL), the commit's notification wakes this worker, and every other
 * process's, for the pools the jobs run in: waking it here as well only made a second claim, in both pools, for jobs
 * the first had taken (3 of every 5 claims found nothing at 50 messages a second). Without a listener (the embedded
 * database), or while its connection is being opened again, the worker is woken here.
 */
export function wakeAfterCommit(worker: Pick<JobWorker, "wake">, listener: Pick<NotificationListener, "listening"> | undefined): void {
  if (!listener?.listening()) worker.wake();
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const silentLog: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Exponential backoff with "equal jitter": base·2^(attempt-1), capped, then a random point in its upper half, so
 * jobs that failed together (a provider outage) do not all retry in the same instant.
 * https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export function exponentialBackoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** How long a done job is kept: long past any retry of what caused it (a Twilio retry, a repeated callback). */
export const KEEP_DONE_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
/** Rows one sweep deletes at most, so a first sweep over a long history stays a short statement. */
const PRUNE_BATCH = 5000;

/** The abort reason of handlers that stop() (or a drain past its timeout) gave up on. */
class WorkerStoppingError extends Error {
  constructor() {
    super("job worker stopping");
    this.name = "WorkerStoppingError";
  }
}

class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`job timed out after ${ms} ms`);
    this.name = "JobTimeoutError";
  }
}

interface Running {
  job: ClaimedJob;
  controller: AbortController;
  /** Settles once the outcome is recorded (or given up on); never rejects. */
  settled: Promise<void>;
}

/**
 * The job queue's worker (docs/decisions/003-job-queue.md): polls the `jobs` table, runs due jobs with their
 * handler, retries failures with backoff, keeps its locks alive with a heartbeat and reclaims the locks of dead
 * processes. Works on PGlite (one connection: everything goes through it in turn) as on PostgreSQL.
 */
export function createWorker(db: Db, options: WorkerOptions): JobWorker {
  const handlers = options.handlers;
  const workerId = options.workerId ?? `${os.hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const networkConcurrency = Math.max(1, options.networkConcurrency ?? 32);
  /** The types that run in the network pool; every other type (one without a handler too) runs in the CPU pool. */
  const networkTypes = Object.entries(handlers)
    .filter(([, definition]) => definition.waitsOnNetwork === true)
    .map(([type]) => type);
  const pollMs = options.pollMs ?? 1000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 120_000;
  const backoffBaseMs = options.backoffBaseMs ?? 5000;
  const jobTimeoutMs = options.jobTimeoutMs ?? 300_000;
  const keepDoneMs = options.keepDoneMs ?? KEEP_DONE_MS;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? silentLog;
  const busy = options.busy ?? (() => false);
  const busyPauseMs = options.busyPauseMs ?? 100;
  const repo = jobRepository(db);

  const running = new Map<number, Running>();
  /** How many of `running` are network-pool jobs. */
  let runningNetwork = 0;
  const isNetworkJob = (job: ClaimedJob) => handlers[job.type]?.waitsOnNetwork === true;
  let loop: Promise<void> | null = null;
  let draining = false;
  let stopping = false;
  let stopped: Promise<void> | null = null;
  /** A wake() that arrived while the loop was busy: the next sleep returns at once instead of missing it. */
  let wakePending = false;
  /**
   * Whether each pool may have due jobs its last claim did not take: set by a wake naming the pool (or none), by a
   * claim that came back full (more may wait), and for both pools once per pollMs (jobs fall due with time: retries,
   * later run_at); cleared just before the pool claims. A pool that may have nothing due does not claim: at 50
   * messages a second, most wakes are for network jobs, and a CPU claim that finds nothing still costs a statement.
   */
  let networkMayBeDue = true;
  let cpuMayBeDue = true;
  /** performance.now() of the last time both pools were marked due by time. */
  let lastTimedPollAt = Number.NEGATIVE_INFINITY;
  let interruptSleep: (() => void) | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  /** Clock time of the last stale-lock sweep; checked on the injected clock so tests that move it see a sweep. */
  let lastReclaimAt = Number.NEGATIVE_INFINITY;
  /** When (real time) the loop last claimed while the process was busy: claims are paced then. */
  let lastBusyClaimAt = Number.NEGATIVE_INFINITY;
  /** Clock time of the last sweep of old done jobs (same clock). */
  let lastPruneAt = Number.NEGATIVE_INFINITY;
  /** Polls in a row that failed because the database did not answer: the worker is paused, polling ever less often. */
  let failedPolls = 0;
  /** Aborted by stop(): outcomes waiting for the database stop waiting. */
  const outcomeWait = new AbortController();

  const wakeLoop = () => {
    wakePending = true;
    interruptSleep?.();
  };
  const wake = (types?: readonly string[]) => {
    if (!types || types.length === 0) {
      networkMayBeDue = true;
      cpuMayBeDue = true;
    } else {
      for (const type of types) {
        if (networkTypes.includes(type)) networkMayBeDue = true;
        else cpuMayBeDue = true;
      }
    }
    wakeLoop();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakePending || stopping) return resolve();
      const done = () => {
        clearTimeout(timer);
        interruptSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      interruptSleep = done;
    });

  const startHeartbeat = () => {
    if (heartbeatTimer) return;
    heartbeatTimer = setInterval(() => {
      const ids = [...running.keys()];
      if (ids.length === 0) return;
      repo.heartbeat(workerId, ids, clock.now()).catch((error: unknown) => log.error({ err: error, workerId }, "job heartbeat failed"));
    }, Math.max(1, Math.floor(lockTimeoutMs / 3)));
    // The heartbeat alone must not keep a process alive that has nothing else to do.
    heartbeatTimer.unref();
  };

  const stopHeartbeat = () => {
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = null;
  };

  const runOnFailed = async (definition: JobDefinition | undefined, job: ClaimedJob, error: unknown) => {
    if (!definition?.onFailed) return;
    try {
      await definition.onFailed(job, error);
    } catch (hookError) {
      log.error({ err: hookError, jobId: job.id, type: job.type }, "job onFailed hook threw");
    }
  };

  /** Sweeps stale locks at most every lockTimeoutMs/2 of clock time (always when `force`): cheap, never throws past the caller. */
  const reclaimStale = async (force: boolean) => {
    const now = clock.now();
    if (!force && now.getTime() - lastReclaimAt < lockTimeoutMs / 2 && now.getTime() >= lastReclaimAt) return;
    lastReclaimAt = now.getTime();
    const reclaimed = await repo.reclaimStale({ now, lockTimeoutMs });
    for (const job of reclaimed) {
      if (job.status === "failed") {
        log.error({ jobId: job.id, type: job.type, attempts: job.attempts }, "job failed: its worker died on the last attempt");
        await runOnFailed(handlers[job.type], job, new Error(job.lastError ?? "lock expired"));
      } else {
        log.warn({ jobId: job.id, type: job.type }, "reclaimed a job whose worker stopped heartbeating");
      }
    }
  };

  /**
   * Deletes done jobs finished more than keepDoneMs ago, a bounded batch at most every PRUNE_EVERY_MS: every
   * WhatsApp message leaves a few done jobs, which nothing reads again (docs/decisions/003).
   */
  const pruneDone = async () => {
    const now = clock.now().getTime();
    if (now - lastPruneAt < PRUNE_EVERY_MS && now >= lastPruneAt) return;
    lastPruneAt = now;
    const removed = await repo.deleteDone({ finishedBefore: new Date(now - keepDoneMs), limit: PRUNE_BATCH });
    if (removed > 0) log.debug({ removed }, "deleted old done jobs");
  };

  const recordFailure = async (definition: JobDefinition, job: ClaimedJob, error: unknown, jobLog: JobLogger) => {
    const now = clock.now();
    const permanent = error instanceof PermanentJobError;
    if (!permanent && job.attempts < job.maxAttempts) {
      const delay = definition.backoffMs?.(job.attempts, error) ?? exponentialBackoffMs(job.attempts, backoffBaseMs);
      const runAt = new Date(now.getTime() + Math.max(0, delay));
      if (await repo.retryLater(job.id, workerId, { runAt, error: messageOf(error), now })) {
        jobLog.warn({ err: error, attempts: job.attempts, runAt }, "job failed, will retry");
      }
      return;
    }
    if (await repo.fail(job.id, workerId, { error: messageOf(error), now })) {
      jobLog.error({ err: error, attempts: job.attempts, permanent }, "job failed for good");
      await runOnFailed(definition, job, error);
    }
  };

  /** Runs a handler, aborting it after its timeout; rejects with the handler's error or a JobTimeoutError. */
  const runHandler = (definition: JobDefinition, job: ClaimedJob, controller: AbortController, jobLog: JobLogger) => {
    const limit = definition.timeoutMs ?? jobTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new JobTimeoutError(limit);
        // Rejected before aborting: a handler that returns as soon as it sees the abort must not pass for a success.
        reject(error);
        controller.abort(error);
      }, limit);
    });
    // A handler that ignores its signal keeps running in the background; its slot is freed regardless, and its
    // late outcome is dropped because the job is no longer held as it was.
    return Promise.race([definition.run(job, { signal: controller.signal, log: jobLog }), timedOut]).finally(() => clearTimeout(timer));
  };

  /** Runs one claimed job and records its outcome. Never rejects: a database error leaves the lock to expire. */
  const execute = async (job: ClaimedJob, controller: AbortController) => {
    const jobLog = log.child?.({ jobId: job.id, type: job.type, attempt: job.attempts }) ?? log;
    const definition = handlers[job.type];
    try {
      if (!definition) {
        const error = `no handler registered for job type "${job.type}"`;
        if (await repo.fail(job.id, workerId, { error, now: clock.now() })) jobLog.error({}, error);
        return;
      }
      let failure: { error: unknown } | null = null;
      let result: void | JobRunResult = undefined;
      try {
        result = await runHandler(definition, job, controller, jobLog);
      } catch (error) {
        failure = { error };
      }
      // Given up on by stop(): the job was handed back with its attempt restored; recording a failure now would
      // count the attempt again and push the job back by a backoff.
      if (controller.signal.reason instanceof WorkerStoppingError) return;
      // While the database does not answer, the outcome waits for it (the job keeps its slot and its lock): run
      // again only because its outcome was lost, a job would repeat work already done. stop() ends the wait.
      if (failure) {
        const { error } = failure;
        await whenDatabaseAnswers(() => recordFailure(definition, job, error, jobLog), outcomeWait.signal);
      } else if (result?.runAgainAt) {
        const again = result.runAgainAt;
        if (!(await whenDatabaseAnswers(() => repo.runAgain(job.id, workerId, { runAt: again, now: clock.now() }), outcomeWait.signal))) {
          jobLog.warn({}, "recurring job finished after its lock was taken over");
        }
      } else if (!(await whenDatabaseAnswers(() => repo.complete(job.id, workerId, clock.now()), outcomeWait.signal))) {
        jobLog.warn({}, "job finished after its lock was taken over; it may run again");
      }
    } catch (error) {
      // The outcome could not be written (the worker stopped while the database was away, or another error): the
      // lock expires and the job runs again.
      jobLog.error({ err: error }, "could not record a job's outcome");
    }
  };

  const launch = (job: ClaimedJob) => {
    const controller = new AbortController();
    const entry: Running = { job, controller, settled: Promise.resolve() };
    const network = isNetworkJob(job);
    running.set(job.id, entry);
    if (network) runningNetwork++;
    // A finished job frees a slot: the loop claims again at once when due jobs may be waiting for one (its pool's
    // last claim came back full, or a wake came since). A job finishing while a claim is under way is caught after
    // that claim (see pollLoop). Waking on every finish made one claim per job for nothing when the queue was short.
    entry.settled = execute(job, controller).finally(() => {
      running.delete(job.id);
      if (network) runningNetwork--;
      if (network ? networkMayBeDue : cpuMayBeDue) wakeLoop();
    });
    return entry.settled;
  };

  const pollLoop = async () => {
    while (!stopping) {
      try {
        // Cleared before the claim: a wake() during it means something may have committed after its snapshot.
        wakePending = false;
        if (failedPolls > 0) await resume();
        await reclaimStale(false);
        await pruneDone();
        const steppingBack = busy();
        // Two pools: jobs that wait on the network many at once, CPU work few (one while the loop runs late).
        const freeCpu = (steppingBack ? 1 : concurrency) - (running.size - runningNetwork);
        const freeNetwork = networkTypes.length > 0 ? networkConcurrency - runningNetwork : 0;
        // While requests wait on the event loop, one claim per busyPauseMs: with a model that answers at once (or a
        // queue of jobs that end early) back-to-back claims would still take a core from the requests.
        const wait = steppingBack ? lastBusyClaimAt + busyPauseMs - performance.now() : 0;
        if (performance.now() - lastTimedPollAt >= pollMs) {
          lastTimedPollAt = performance.now();
          networkMayBeDue = true;
          cpuMayBeDue = true;
        }
        const claimNetwork = freeNetwork > 0 && networkMayBeDue;
        const claimCpu = freeCpu > 0 && cpuMayBeDue;
        if ((claimNetwork || claimCpu) && wait <= 0 && !stopping) {
          const now = clock.now();
          const claimed: ClaimedJob[] = [];
          if (claimNetwork) {
            networkMayBeDue = false;
            const jobs = await repo.claimDue({ workerId, now, limit: freeNetwork, types: networkTypes });
            if (jobs.length === freeNetwork) networkMayBeDue = true;
            claimed.push(...jobs);
          }
          if (claimCpu && !stopping) {
            cpuMayBeDue = false;
            const jobs = await repo.claimDue({ workerId, now, limit: freeCpu, exceptTypes: networkTypes });
            if (jobs.length === freeCpu) cpuMayBeDue = true;
            claimed.push(...jobs);
          }
          // Claimed while stop() was called: not started; stop() releases them with the rest.
          if (stopping) break;
          if (steppingBack && claimed.length > 0) lastBusyClaimAt = performance.now();
          for (const job of claimed) void launch(job);
          // Jobs that finished during the claim freed slots that a full claim says due jobs wait for: claim again now.
          const cpuSlots = (busy() ? 1 : concurrency) - (running.size - runningNetwork);
          if ((networkMayBeDue && networkTypes.length > 0 && networkConcurrency - runningNetwork > 0) || (cpuMayBeDue && cpuSlots > 0)) wakePending = true;
        }
        await sleep(wait > 0 ? Math.min(wait, pollMs) : pollMs);
      } catch (error) {
        // The database does not answer (a restart, a cut): the worker pauses, trying again after a pause that
        // grows to 5 s, with one log line for the outage rather than one per try.
        if (isDatabaseUnavailable(error)) {
          failedPolls++;
          if (failedPolls === 1) log.warn({ err: error, workerId }, "job worker paused: the database does not answer");
          await sleep(Math.max(pollMs, databaseRetryDelayMs(failedPolls)));
        } else {
          log.error({ err: error, workerId }, "job worker poll failed; retrying");
          await sleep(pollMs);
        }
      }
    }
  };

  /**
   * The first poll after an outage, before the stale-lock sweep: the locks of the jobs this worker still runs are
   * refreshed (their heartbeats failed meanwhile, and the sweep would take them from under it); and a claim whose
   * answer was lost with its connection may have committed, leaving jobs marked as this worker's that it never
   * started: they go back to the queue at once (instead of waiting for their lock to expire), attempt given back.
   */
  const resume = async () => {
    await repo.heartbeat(workerId, [...running.keys()], clock.now());
    const orphans = await repo.releaseUnheld(workerId, [...running.keys()], clock.now());
    log.info({ workerId, failedPolls, released: orphans }, "job worker resumed: the database answers again");
    failedPolls = 0;
    if (orphans.length > 0) wake();
  };

  const releaseHeld = async () => {
    try {
      const released = await repo.release(workerId, clock.now());
      if (released.length > 0) log.warn({ workerId, jobIds: released }, "released unfinished jobs back to the queue");
    } catch (error) {
      // Not fatal: their locks expire after lockTimeoutMs and another worker reclaims them.
      log.error({ err: error, workerId }, "could not release this worker's jobs");
    }
  };

  const abandonRunning = async () => {
    if (running.size === 0) return releaseHeld();
    for (const { controller } of running.values()) controller.abort(new WorkerStoppingError());
    await releaseHeld();
  };

  return {
    workerId,

    start() {
      if (loop || stopping) throw new Error("job worker already started");
      if (draining) throw new Error("job worker is draining");
      startHeartbeat();
      loop = pollLoop();
      log.info({ workerId, concurrency, networkConcurrency }, "job worker started");
    },

    wake,

    async runNow(dedupeKey) {
      if (stopping) return false;
      const job = await repo.claimByDedupeKey({ dedupeKey, workerId, now: clock.now() });
      if (!job) return false;
      // The lock must stay fresh if the run is long, also in a process whose loop is not started.
      startHeartbeat();
      await launch(job);
      return true;
    },

    stop({ graceMs = 10_000 } = {}) {
      if (stopped) return stopped;
      stopping = true;
      interruptSleep?.();
      outcomeWait.abort();
      stopped = (async () => {
        await loop;
        if (running.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
          await Promise.race([Promise.all([...running.values()].map((r) => r.settled)), grace]);
          clearTimeout(timer);
        }
        await abandonRunning();
        stopHeartbeat();
        log.info({ workerId }, "job worker stopped");
      })();
      return stopped;
    },

    async drain({ timeoutMs = 30_000 } = {}) {
      if (loop || stopping) throw new Error("drain() is for a worker that is not started");
      if (draining) throw new Error("job worker is already draining");
      draining = true;
      const deadline = Date.now() + timeoutMs;
      let runs = 0;
      startHeartbeat();
      try {
        for (;;) {
          await reclaimStale(true);
          const claimed = await repo.claimDue({ workerId, now: clock.now(), limit: concurrency });
          if (claimed.length === 0) return runs;
          runs += claimed.length;
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()))));
          const outcome = await Promise.race([Promise.all(claimed.map(launch)), late]);
          clearTimeout(timer);
          if (outcome === "late") {
            await abandonRunning();
            throw new Error(`drain: jobs still running after ${timeoutMs} ms`);
          }
          if (Date.now() > deadline) throw new Error(`drain: jobs still due after ${timeoutMs} ms`);
        }
      } finally {
        stopHeartbeat();
        draining = false;
      }
    },
  };
}
