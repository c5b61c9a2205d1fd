import { sql } from "drizzle-orm";

/**
 * `count(*) over ()`: how many rows match a list's filters, carried on each row of the page, so that a page and
 * its total come back in one query (one round trip, one plan).
 */
export const totalOfAll = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * A page's rows with the filters' total read from them. A page past the last one has no row to carry the total:
 * only then is it counted apart.
 */
export async function withTotal<R extends { total: number }>(rows: R[], offset: number, countAll: () => Promise<number>) {
  const total = rows.length > 0 ? rows[0]!.total : offset > 0 ? await countAll() : 0;
  return { rows, total };
}
