import path from "node:path";
import { mkdirSync } from "node:fs";
import { serverDir } from "../../server-dir";
import { acquireDataDirLock } from "./data-dir-lock";
import { databaseRetryDelayMs, markConnectionError } from "../lib/db-errors";
import { PgliteConnection } from "./pglite-connection";
import { keepStatisticsFresh } from "./embedded-statistics";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";

/**
 * The Drizzle database, whichever driver is behind it (PGlite or node-postgres). It is given no schema: each module
 * queries its own tables by importing them (docs/decisions/029), so the connection needs to know none of them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** drizzle-kit's migrations, read from the source tree by the bundle too (docs/decisions/005). */
export const migrationsFolder = path.join(serverDir, "src/platform/db/migrations");

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File; logQuery?: (query: string, params: unknown[]) => void }
  | { kind: "postgres"; url: string; maxConnections?: number; logQuery?: (query: string, params: unknown[]) => void };

export interface Database {
  db: Db;
  kind: DatabaseOptions["kind"];
  /** Applies the committed drizzle-kit migrations (idempotent). */
  migrate(): Promise<void>;
  /** A cheap round trip, for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, when there is one (tests copy its data folder as a template). */
  pglite?: PGlite;
  /**
   * PostgreSQL only: LISTENs on `channel` over one connection of its own (outside the pool), calling `onNotify` with
   * the payload of each notification, and once more without one after each reconnection (what was sent while it was
   * away is lost). A lost connection (a database restart, pg_terminate_backend) is opened again, with a growing pause
   * while it fails.
   */
  listen?(channel: string, onNotify: (payload?: string) => void, onError?: (error: unknown) => void): NotificationListener;
}

export interface NotificationListener {
  /** Whether the connection listens now (false while it is being opened, again after a loss, and once stopped). */
  listening(): boolean;
  /** Closes the listening connection; no reconnection after this. */
  stop(): Promise<void>;
}

/** The application_name of a listening connection: how an administrator (or a test) finds it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "clinora-listener";

/** Distinct statements one connection keeps prepared; past this, further new texts run unnamed. */
const PREPARED_PER_CONNECTION = 300;
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * A PostgreSQL connection that prepares each distinct statement it runs (a named statement, named by the order
 * it was first seen), so the server parses and plans it once per connection rather than on every call: planning
 * a list query costs PostgreSQL more than running it (docs/decisions/012). Only single data statements sent with
 * the extended protocol are named; migrations' DDL and plain-text queries run as before.
 *
 * It also survives the loss of its connection (a database restart, a network cut; docs/decisions/024). node-postgres
 * emits 'error' on the client then, and the pool listens only while the client is idle: one checked out (a
 * transaction, a statement under way) had no listener, and the event ended the process. Here every client listens
 * for its whole life; the statements under way fail with the same error, marked as a lost connection
 * (markConnectionError) so the API answers 503, and the pool drops the client when it is released.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();
  /** The connection broke: later statements (a ROLLBACK after the loss) fail at once as a lost connection too. */
  #lost = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", (error) => {
      this.#lost = true;
      markConnectionError(error);
    });
  }

  /** A refused or timed-out connect is a lost connection too (the pool calls it with a callback). */
  override connect(...args: unknown[]): never {
    const connect = super.connect as (...args: unknown[]) => never;
    const callback = args[0];
    // node-postgres calls back with no error on success.
    if (typeof callback === "function") return connect.call(this, (error?: Error) => callback(error && markConnectionError(error)));
    return (connect.call(this) as Promise<void>).catch((error: unknown) => Promise.reject(markConnectionError(error))) as never;
  }

  override query(config: unknown, ...rest: unknown[]): never {
    const call = super.query as (...args: unknown[]) => never;
    if (this.#lost && typeof rest.at(-1) !== "function") {
      return Promise.reject(markConnectionError(new Error("Conexão com o PostgreSQL perdida"))) as never;
    }
    if (typeof config !== "object" || config === null) return call.call(this, config, ...rest);
    const { text, name } = config as { text?: unknown; name?: unknown };
    if (name !== undefined || typeof text !== "string" || !PREPARABLE.test(text)) return call.call(this, config, ...rest);
    let assigned = this.#names.get(text);
    if (!assigned && this.#names.size < PREPARED_PER_CONNECTION) {
      assigned = `s${this.#names.size + 1}`;
      this.#names.set(text, assigned);
    }
    return call.call(this, assigned ? { ...config, name: assigned } : config, ...rest);
  }
}

/**
 * A connect that has not succeeded after this long fails (a database host that drops packets instead of refusing);
 * pg-pool applies it to a statement waiting for a free connection too, so it is long enough for a busy moment.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Database.listen on PostgreSQL (docs/decisions/036). */
function listenOn(url: string, channel: string, onNotify: (payload?: string) => void, onError?: (error: unknown) => void): NotificationListener {
  let stopped = false;
  let current: pg.Client | null = null;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const retired = new WeakSet<pg.Client>();

  const retire = (client: pg.Client, error?: unknown) => {
    if (retired.has(client)) return;
    retired.add(client);
    if (current === client) current = null;
    client.end().catch(() => {});
    if (stopped) return;
    if (error) onError?.(error);
    failures++;
    retryTimer = setTimeout(() => void connect(), databaseRetryDelayMs(failures));
    retryTimer.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    client.on("error", (error) => retire(client, error));
    client.on("end", () => retire(client, new Error("the listening connection closed")));
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      retire(client, error);
      return;
    }
    if (stopped) {
      retired.add(client);
      await client.end().catch(() => {});
      return;
    }
    current = client;
    failures = 0;
    onNotify();
  };

  void connect();
  return {
    listening: () => current !== null,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      if (client && !retired.has(client)) {
        retired.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}

/**
 * How long an idle PostgreSQL connection is kept before the pool closes it. A new connection is a new backend, which
 * reads the catalog and plans each prepared statement afresh: with node-postgres' 10 s, a pool under 50 messages a
 * second kept closing connections it had not needed for a moment and opening cold ones in the next burst (more CPU
 * per message, and the latency tail with it), and a burst after a quiet spell met only cold ones (docs/decisions/036,
 * fifth round). Ten minutes covers the gaps of a working day; DATABASE_POOL_MAX bounds what is kept.
 */
export const POOL_IDLE_MS = 10 * 60_000;
/** Connections the pool keeps however long they sit idle: the first message after a quiet night finds them warm. */
export const POOL_KEEP_ALWAYS = 2;

/** How often the embedded database looks for tables that grew enough to gather their statistics again (one catalog read). */
const STATISTICS_EVERY_MS = 10_000;

/** Opens the embedded database (default, see docs/decisions/001) or PostgreSQL when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const max = options.maxConnections ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      min: Math.min(POOL_KEEP_ALWAYS, max),
      idleTimeoutMillis: POOL_IDLE_MS,
      Client: PreparingClient,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished without closing (a cut network) is noticed by TCP keepalive instead of never.
      keepAlive: true,
    });
    // PostgreSQL may close an idle connection (a restart, a failover, an administrator). The pool then drops it
    // and opens another on the next query; without a listener, the error would end the whole process. A restart
    // closes every idle connection at once: one line per outage, not one per connection.
    let warnedAt = Number.NEGATIVE_INFINITY;
    pool.on("error", (error) => {
      if (Date.now() - warnedAt < 10_000) return;
      warnedAt = Date.now();
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
    const db = drizzlePg({ client: pool, logger }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
      listen: (channel, onNotify, onError) => listenOn(options.url, channel, onNotify, onError),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // One process at a time may open a data folder (a second one would corrupt it): refused with a clear message.
  const releaseLock = options.dataDir && !options.loadDataDir ? acquireDataDirLock(options.dataDir) : () => {};
  const client = await PGlite.create({
    dataDir: options.loadDataDir ? undefined : options.dataDir,
    loadDataDir: options.loadDataDir,
  }).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  // Drizzle goes through the connection (prepared statements, one statement at a time); tests and backups use the
  // engine itself for its data folder.
  const connection = new PgliteConnection(client);
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  const db = drizzlePglite({ client: connection as unknown as PGlite, logger }) as unknown as Db;
  // What autovacuum's ANALYZE does for a server: the planner's statistics follow the tables as they grow.
  const statistics = keepStatisticsFresh(connection, STATISTICS_EVERY_MS);
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      // The embedded engine runs no autovacuum, so nothing else would ever gather the planner's statistics: without
      // them its estimates are guesses (a clinic's task list plans ~10× slower). Less than a second on a large clinic.
      await connection.query("analyze");
    },
    ping: async () => {
      await connection.query("select 1");
    },
    close: async () => {
      await statistics.stop();
      await client.close();
      releaseLock();
    },
  };
}
