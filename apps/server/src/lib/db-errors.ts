/** PostgreSQL's SQLSTATE for a unique index refusing a row (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = "23505";

/**
 * True when a write failed on a unique index: the last word in a race that a prior existence check cannot
 * settle. Drizzle wraps the driver's error in `cause`; PGlite and node-postgres both carry `code`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
