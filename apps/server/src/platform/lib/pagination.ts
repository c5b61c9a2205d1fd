import type { PageQuery } from "@clinora/contracts";

/** LIMIT/OFFSET of a list query (docs/product/platform.md §2: `page` from 1, `per_page` at most 100). */
export function pageWindow(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

/** The list answer every list route gives: `{items, total, page, per_page}`. */
export function pageOf<T>(items: T[], total: number, q: PageQuery) {
  return { items, total, page: q.page, per_page: q.per_page };
}

/**
 * A page and the filters' total. The page is read first: when it is not full nothing follows it, so the total
 * is known without counting, which spares a query on most lists (they fit one page).
 */
export async function pageWithTotal<T>(
  window: { limit: number; offset: number },
  readPage: () => Promise<T[]>,
  countAll: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const rows = await readPage();
  const complete = rows.length < window.limit && (rows.length > 0 || window.offset === 0);
  return { rows, total: complete ? window.offset + rows.length : await countAll() };
}
