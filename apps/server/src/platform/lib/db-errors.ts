/** PostgreSQL's SQLSTATE for a unique index refusing a row (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = "23505";

/**
 * True when a write failed on a unique index (on the named one, when `constraint` is given): the last word in a
 * race that a prior existence check cannot settle. Drizzle wraps the driver's error in `cause`; PGlite and
 * node-postgres both carry `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || name === constraint;
  }
  return false;
}

/** Errors of a connection to the database that broke or could not be opened (see markConnectionError). */
const connectionErrors = new WeakSet<object>();

/**
 * Marks an error as the loss of a database connection: the connection's own 'error' event, or a refused or
 * timed-out connect. db/client.ts marks them where they arise, since the same socket errors (ECONNREFUSED…) also
 * come from the vendors' HTTP calls, which are not the database. Returns the error.
 */
export function markConnectionError<E>(error: E): E {
  if (typeof error === "object" && error !== null) connectionErrors.add(error);
  return error;
}

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01-57P03 (shut down by an
 * administrator, crashed, starting or stopping) and 53300 (too many connections).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/**
 * True when a statement failed because the database could not be reached (a restart, a network cut): the request
 * may succeed as it is a little later, so the API answers 503 rather than 500. Walks Drizzle's `cause` chain.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (connectionErrors.has(e)) return true;
    // pg-pool's own, for a statement that waited its whole connect timeout for a connection.
    if (e.message === "timeout exceeded when trying to connect") return true;
    const { code } = e as { code?: unknown };
    if (typeof code === "string" && UNAVAILABLE_STATES.test(code)) return true;
  }
  return false;
}

/** Pauses between tries of a write that waits for the database: from the first, doubled up to the last. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

/** The pause before try `failures + 1` of something that failed because the database did not answer. */
export function databaseRetryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * Runs `write` until it succeeds, trying again (with growing pauses, up to 5 s) while the database is unavailable:
 * for a record that must follow something already done outside (a message Twilio accepted). Other errors, and
 * `signal` aborting, end it with that error.
 */
export async function whenDatabaseAnswers<T>(write: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted) throw error;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, databaseRetryDelayMs(failures));
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          resolve();
        }
        signal?.addEventListener("abort", done, { once: true });
      });
      if (signal?.aborted) throw error;
    }
  }
}
