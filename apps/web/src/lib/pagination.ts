/** Number of pages for `total` records shown `perPage` at a time: ceil(total / perPage), at least 1. */
export function pageCount(total: number, perPage: number): number {
  if (!(perPage > 0) || !(total > 0)) return 1;
  return Math.ceil(total / perPage);
}
