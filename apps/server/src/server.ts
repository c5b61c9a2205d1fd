import cluster, { type Worker } from "node:cluster";
import { pino, type Logger } from "pino";
import { loadConfig, type Config } from "./config";
import { buildApp } from "./app";
import { openDatabase, type Database } from "./platform/db/client";
import { ensureFirstAdmin } from "./modules/users";
import { scheduleNextBackup } from "./modules/backups";
import { systemClock } from "./platform/lib/clock";

/** A server process that has not exited this long after SIGTERM is killed (its jobs' grace period is 10 s). */
const STOP_GRACE_MS = 30_000;

/**
 * Starts the product: database, migrations, first administrator, HTTP; stops cleanly on SIGINT/SIGTERM.
 * With SERVER_PROCESSES above 1 (PostgreSQL only), this process prepares the database once and supervises that
 * many server processes sharing the port (node:cluster); see docs/decisions/021.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config);
  if (config.serverProcesses > 1) return supervise(config);
  const database = await open(config);
  await prepare(database, config, pino({ level: config.logLevel }));
  await serve(config, database);
}

function open(config: Config): Promise<Database> {
  return openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: config.databasePoolMax } : { kind: "pglite", dataDir: config.dataDir },
  );
}

/** What runs once per start, whatever the number of processes: migrations, the first administrator, the backup slot. */
async function prepare(database: Database, config: Config, log: Logger) {
  await database.migrate();
  await ensureFirstAdmin(database.db, config, log);
  // BACKUP_EVERY_HOURS: the first slot is queued here (once across instances), each backup queues the next.
  await scheduleNextBackup(database.db, systemClock, config.backup.everyHours);
}

/** One server process: HTTP and its job worker, on a prepared database; stops on SIGINT/SIGTERM. */
async function serve(config: Config, opened?: Database) {
  const database = opened ?? (await open(config));
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stops the job worker too: its running jobs get their grace period, then go back to the queue.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.worker.start();
  // A server process of SERVER_PROCESSES has its primary's channel: the primary announces once all of them listen.
  if (cluster.isPrimary) announceReady();
}

/**
 * The primary of SERVER_PROCESSES server processes: prepares the database, starts them, starts another when one
 * dies after it was serving, and on SIGINT/SIGTERM stops them all (each releases its jobs) and exits. A process
 * that dies before it listens (a port in use, a database that cannot be reached) stops the whole start: starting
 * it again would only fail again.
 */
async function supervise(config: Config) {
  const log = pino({ level: config.logLevel });
  const database = await open(config);
  await prepare(database, config, log);
  await database.close();

  const serving = new Set<Worker>();
  let stopping = false;
  let ready = false;
  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      serving.add(worker);
      if (ready || serving.size < config.serverProcesses) return;
      ready = true;
      log.info({ processes: serving.size, port: config.port }, "every server process is listening");
      announceReady();
    });
  };

  const stop = async (signal: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: Object.keys(cluster.workers ?? {}).length }, "stopping the server processes");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const clean = await Promise.all(workers.map((worker) => stopWorker(worker, serving.has(worker))));
    process.exit(clean.every(Boolean) ? exitCode : 1);
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!serving.delete(worker)) {
      log.error({ serverPid: worker.process.pid, code, signal }, "a server process stopped before it listened; stopping");
      void stop("start failed", 1);
      return;
    }
    log.error({ serverPid: worker.process.pid, code, signal }, "a server process stopped unexpectedly; starting another");
    start();
  });
  process.on("SIGINT", () => void stop("SIGINT", 0));
  process.on("SIGTERM", () => void stop("SIGTERM", 0));

  for (let i = 0; i < config.serverProcesses; i++) start();
}

/**
 * Tells a parent that started this process with an IPC channel that it serves (every process listens): the
 * "ready" message of process managers such as PM2 (wait_ready), which `npm run bench` also waits for.
 */
function announceReady() {
  process.send?.("ready");
}

/**
 * SIGTERM, then SIGKILL after STOP_GRACE_MS. Resolves whether it stopped cleanly: it exited 0 after closing, or it
 * was still starting (it had not listened, so it held no request and no job) and SIGTERM ended it.
 */
function stopWorker(worker: Worker, wasServing: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const clean = (code: number | null, signal: string | null) => code === 0 || (!wasServing && signal === "SIGTERM");
    if (worker.isDead()) return resolve(clean(worker.process.exitCode, worker.process.signalCode));
    const timer = setTimeout(() => worker.process.kill("SIGKILL"), STOP_GRACE_MS);
    worker.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(clean(code, signal));
    });
    worker.process.kill("SIGTERM");
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
