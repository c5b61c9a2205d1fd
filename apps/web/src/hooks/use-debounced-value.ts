import { useEffect, useState } from "react";

/** Default wait, the spec's patient-search debounce (docs/product/appointments.md §9: 300 ms). */
export const DEFAULT_DEBOUNCE_MS = 300;

/**
 * `value`, but only after it has stopped changing for `delayMs`: each change restarts the wait. Use it
 * between a search box and the query key so typing does not fire one request per keystroke.
 * ```ts
 * const [search, setSearch] = useState("");
 * const debouncedSearch = useDebouncedValue(search);
 * useQuery(patientSearchQueryOptions(debouncedSearch));
 * ```
 */
export function useDebouncedValue<T>(value: T, delayMs: number = DEFAULT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  return debounced;
}
