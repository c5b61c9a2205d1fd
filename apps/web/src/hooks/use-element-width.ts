import { useCallback, useEffect, useState } from "react";

/**
 * The rendered width of an element, kept up to date with a ResizeObserver: for drawings (SVG charts) laid out
 * in pixels rather than scaled, so their text keeps its size on a phone.
 * ```tsx
 * const [ref, width] = useElementWidth<HTMLDivElement>();
 * <div ref={ref}>{width > 0 ? <svg width={width} ... /> : null}</div>
 * ```
 */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return [useCallback((next: T | null) => setElement(next), []), width];
}
