import { useEffect } from "react";
import { pageCount } from "@/lib/pagination";

/**
 * Steps back to the last page when the current one no longer exists, e.g. after deleting the only row of
 * the last page; otherwise the list would show its empty state while records remain.
 */
export function useClampedPage(page: number, setPage: (page: number) => void, total: number | undefined, perPage: number): void {
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, perPage);
    if (page > last) setPage(last);
  }, [page, setPage, total, perPage]);
}
