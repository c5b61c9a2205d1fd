/**
 * True when a database call failed on the named unique constraint (SQLSTATE 23505), whichever driver
 * answered: Drizzle wraps the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint: name } = e as Error & { code?: string; constraint?: string };
    if (code === "23505") return name === constraint;
  }
  return false;
}
