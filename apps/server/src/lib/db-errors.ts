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
