/** Helpers for turning database values into the API's JSON shapes. */

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** `08:00:00` -> `08:00`. */
export const hhmm = (t: string | null | undefined): string => (t ? t.slice(0, 5) : "");

/** Rows of a raw `db.execute` call, whichever driver answered. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
