import type { PageQuery } from "@clinora/contracts";

/** LIMIT/OFFSET of a list query (PRODUCT.md: `page` from 1, `per_page` at most 100). */
export function pageWindow(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

/** The list answer every list route gives: `{items, total, page, per_page}`. */
export function pageOf<T>(items: T[], total: number, q: PageQuery) {
  return { items, total, page: q.page, per_page: q.per_page };
}
