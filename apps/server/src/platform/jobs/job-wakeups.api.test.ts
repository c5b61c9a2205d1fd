import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { LISTENER_APPLICATION_NAME, openDatabase, type Database, type NotificationListener } from "../db/client";
import { rowsOf } from "../db/rows";
import { copyTemplateDatabase } from "../../../test/server-process";
import { testDbKind } from "../../../test/test-db";
import { enqueueJob, JOBS_CHANNEL, notifiedJobTypes } from "./job.repository";
import { createWorker, wakeAfterCommit, type JobWorker } from "./worker";

/** Stops one test's listener and worker, closes its two connections and drops its copy of the database. */
async function teardown(side: { listener?: NotificationListener; worker?: JobWorker; enqueuing?: Database; working?: Database; copy?: { drop(): Promise<void> } }) {
  await side.listener?.stop();
  await side.worker?.stop({ graceMs: 0 });
  await side.enqueuing?.close();
  await side.working?.close();
  await side.copy?.drop();
}

/**
 * Two processes on one PostgreSQL, as two pools with a worker each: a job one enqueues wakes the other's worker
 * through LISTEN/NOTIFY (docs/decisions/036), long before its next poll; and a listening connection that is killed
 * comes back. PostgreSQL only: the embedded database has no second process to wake.
 */
describe.skipIf(testDbKind() !== "postgres")("job notifications between processes", () => {
  let copy: Awaited<ReturnType<typeof copyTemplateDatabase>>;
  let enqueuing: Database;
  let working: Database;
  let worker: JobWorker;
  let listener: NotificationListener;
  const ran: string[] = [];

  /** The backend of the working side's listening connection, once it listens. */
  const listenerPids = async () =>
    rowsOf<{ pid: number }>(
      await enqueuing.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME} and query ilike 'listen%'`,
      ),
    ).map((r) => r.pid);

  beforeAll(async () => {
    copy = await copyTemplateDatabase("clinora_wake");
    enqueuing = await openDatabase({ kind: "postgres", url: copy.url, maxConnections: 2 });
    working = await openDatabase({ kind: "postgres", url: copy.url, maxConnections: 2 });
    // A poll a minute: a job that runs within seconds was started by a notification, not by the poll.
    worker = createWorker(working.db, { pollMs: 60_000, handlers: { ping: { run: async (job) => void ran.push(String(job.payload.name)) } } });
    listener = working.listen!(JOBS_CHANNEL, () => worker.wake());
    worker.start();
    await vi.waitFor(async () => expect(await listenerPids()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(listener.listening()).toBe(true), { timeout: 10_000, interval: 20 });
    // Let the worker's first poll find the queue empty and go to sleep.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  afterAll(() => teardown({ listener, worker, enqueuing, working, copy }));

  it("runs a job enqueued by another process at once, woken by the notification of its commit", async () => {
    await enqueuing.db.transaction((tx) => enqueueJob(tx, { type: "ping", payload: { name: "first" } }));
    await vi.waitFor(() => expect(ran).toEqual(["first"]), { timeout: 10_000, interval: 20 });
  });

  it("listens again after its connection is killed (pg_terminate_backend), and is woken as before", async () => {
    const [killed] = await listenerPids();
    await enqueuing.db.execute(sql`select pg_terminate_backend(${killed}::int)`);
    await vi.waitFor(
      async () => {
        const pids = await listenerPids();
        expect(pids).toHaveLength(1);
        expect(pids[0]).not.toBe(killed);
      },
      { timeout: 15_000, interval: 50 },
    );
    // The reconnection's own wake finds nothing; then the worker sleeps again until notified.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await enqueuing.db.transaction((tx) => enqueueJob(tx, { type: "ping", payload: { name: "second" } }));
    await vi.waitFor(() => expect(ran).toEqual(["first", "second"]), { timeout: 10_000, interval: 20 });
  });
});

/**
 * The notification names the job types its statement inserted (migration 0029), and a worker woken by it claims only
 * in the pool they run in: at 50 replies a second, a claim of CPU work per reply found nothing and cost a statement.
 */
describe.skipIf(testDbKind() !== "postgres")("job notifications name their types", () => {
  /** This suite's database copy, its two sides and the working side's worker and listener. */
  const side: Parameters<typeof teardown>[0] = {};
  const ran: string[] = [];
  const payloads: (string | undefined)[] = [];
  /** The worker's claims so far, by pool: the CPU pool's excludes the network types (`not in`). */
  const claims = { network: 0, cpu: 0 };

  beforeAll(async () => {
    const copy = await copyTemplateDatabase("clinora_wake_types");
    side.copy = copy;
    side.enqueuing = await openDatabase({ kind: "postgres", url: copy.url, maxConnections: 2 });
    side.working = await openDatabase({
      kind: "postgres",
      url: copy.url,
      maxConnections: 2,
      logQuery: (query) => {
        if (!/^update "jobs" set "status" = \$1, "attempts"/.test(query) || !query.includes("for update skip locked")) return;
        if (query.includes('"type" not in')) claims.cpu++;
        else claims.network++;
      },
    });
    // A poll a minute: what runs within seconds was claimed because of a notification.
    side.worker = createWorker(side.working.db, {
      pollMs: 60_000,
      handlers: {
        reply: { waitsOnNetwork: true, run: async (job) => void ran.push(`reply ${String(job.payload.name)}`) },
        backup: { run: async (job) => void ran.push(`backup ${String(job.payload.name)}`) },
      },
    });
    side.listener = side.working.listen!(JOBS_CHANNEL, (payload) => {
      payloads.push(payload);
      side.worker!.wake(notifiedJobTypes(payload));
    });
    side.worker.start();
    // The first poll (both pools) and the reconnection's wake find the queue empty; then the worker sleeps.
    await vi.waitFor(() => expect(payloads).toContain(undefined), { timeout: 10_000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  afterAll(() => teardown(side));

  it("wakes only the network pool for a network job, and the CPU pool for a CPU job", async () => {
    const before = { ...claims };
    await side.enqueuing!.db.transaction((tx) => enqueueJob(tx, { type: "reply", payload: { name: "a" } }));
    await vi.waitFor(() => expect(ran).toEqual(["reply a"]), { timeout: 10_000, interval: 20 });
    expect(payloads.at(-1)).toBe("reply");
    // One claim took it; its end wakes no claim, since that claim was not full (nothing else could be due).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(claims.network).toBe(before.network + 1);
    expect(claims.cpu).toBe(before.cpu);

    await side.enqueuing!.db.transaction((tx) => enqueueJob(tx, { type: "backup", payload: { name: "b" } }));
    await vi.waitFor(() => expect(ran).toEqual(["reply a", "backup b"]), { timeout: 10_000, interval: 20 });
    expect(payloads.at(-1)).toBe("backup");
    expect(claims.cpu).toBeGreaterThan(before.cpu);
  });

  it("names each distinct type of one statement once; a statement that inserted nothing names none, and wakes both pools", async () => {
    const before = { ...claims };
    await side.enqueuing!.db.execute(
      sql`insert into jobs (type, payload, dedupe_key) values ('reply', '{"name":"c"}', 'types-c'), ('backup', '{"name":"d"}', 'types-d'), ('reply', '{"name":"e"}', null)`,
    );
    await vi.waitFor(() => expect([...ran].sort()).toEqual(["backup b", "backup d", "reply a", "reply c", "reply e"]), { timeout: 10_000, interval: 20 });
    expect(payloads.at(-1)?.split(",").sort()).toEqual(["backup", "reply"]);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const quiet = { ...claims };
    expect(quiet.cpu).toBeGreaterThan(before.cpu);
    // The same dedupe key again: nothing inserted, yet the statement notifies (a re-armed job inserts nothing either).
    await side.enqueuing!.db.transaction((tx) => enqueueJob(tx, { type: "reply", payload: { name: "c" }, dedupeKey: "types-c" }));
    await vi.waitFor(() => expect(claims.cpu).toBeGreaterThan(quiet.cpu), { timeout: 10_000, interval: 20 });
    expect(payloads.at(-1)).toBe("");
    expect(claims.network).toBeGreaterThan(quiet.network);
  });

  it("wakes nobody for a job due later (a reply's send waiting as its retry path); the next due job is notified as before", async () => {
    const seen = payloads.length;
    await side.enqueuing!.db.execute(sql`insert into jobs (type, payload, run_at) values ('reply', '{"name":"later"}', now() + interval '1 minute')`);
    await side.enqueuing!.db.transaction((tx) => enqueueJob(tx, { type: "backup", payload: { name: "f" } }));
    await vi.waitFor(() => expect(ran).toContain("backup f"), { timeout: 10_000, interval: 20 });
    // Notifications arrive in commit order: had the later job notified, its payload would come first.
    expect(payloads.slice(seen)).toEqual(["backup"]);
    expect(ran).not.toContain("reply later");
  });

  it("claims a job its own process enqueued once: the commit's notification wakes the worker, and the wake after the commit adds no claim", async () => {
    expect(side.listener!.listening()).toBe(true);
    const before = { ...claims };
    await side.working!.db.transaction((tx) => enqueueJob(tx, { type: "reply", payload: { name: "own" } }));
    wakeAfterCommit(side.worker!, side.listener);
    await vi.waitFor(() => expect(ran).toContain("reply own"), { timeout: 10_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(claims).toEqual({ network: before.network + 1, cpu: before.cpu });
  });

  it("wakes the worker after the commit itself once nobody listens", async () => {
    await side.listener!.stop();
    expect(side.listener!.listening()).toBe(false);
    await side.working!.db.transaction((tx) => enqueueJob(tx, { type: "backup", payload: { name: "unheard" } }));
    wakeAfterCommit(side.worker!, side.listener);
    // The worker polls once a minute: only the wake runs the job this soon.
    await vi.waitFor(() => expect(ran).toContain("backup unheard"), { timeout: 10_000, interval: 20 });
  });
});
