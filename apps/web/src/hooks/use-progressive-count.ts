import { startTransition, useEffect, useState } from "react";

/**
 * How many of `total` items a long list renders now: `step` at first, then `step` more after each commit, each
 * time inside startTransition, until all are there. The list then reaches the page in short tasks (React's rendering,
 * then the browser's style and layout of a few items at a time) instead of one long task that blocks input
 * (docs/decisions/019-web-first-load.md). What the list finally shows is the same.
 */
export function useProgressiveCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((current) => current + step));
  }, [count, total, step]);
  return Math.min(count, total);
}
