/**
 * Compromissos opens at today, and "Hoje" brings today back into view (issue: a professional's first hour). The list
 * shows a whole month, so in today's month it marks the day to bring into view and renders the days from there on
 * first; the days before today stay above, reachable by scrolling up.
 */

/**
 * The day of a month's list (sorted YYYY-MM-DD dates) that stands for today: today's own day, else the next day with
 * appointments, else the last one. -1 when the list is not of today's month.
 */
export function todayDayIndex(dates: readonly string[], today: string): number {
  if (dates.length === 0 || !dates.some((date) => date.slice(0, 7) === today.slice(0, 7))) return -1;
  const next = dates.findIndex((date) => date >= today);
  return next === -1 ? dates.length - 1 : next;
}

/** The order in which the list renders its `count` days: from `start` to the end, then back from `start` to the first. */
export function revealOrder(count: number, start: number): number[] {
  const from = Math.min(Math.max(start, 0), count);
  const order: number[] = [];
  for (let i = from; i < count; i++) order.push(i);
  for (let i = from - 1; i >= 0; i--) order.push(i);
  return order;
}

/** Marks the element that stands for today in each view of Compromissos. */
export const TODAY_ANCHOR = "data-today-anchor";

/**
 * Scrolls today's element into view. In the list its day goes to the top of the screen, unless its heading already
 * shows in the upper half of it (then nothing moves, and the page header stays in sight); elsewhere (a day tile, the
 * timeline) the smallest scroll that shows it. The element's scroll-margin keeps it clear of the phone's top bar.
 */
export function bringIntoView(element: Element, align: "start" | "nearest"): void {
  if (align === "start") {
    const top = element.getBoundingClientRect().top;
    const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    if (top >= margin && top <= window.innerHeight / 2) return;
  }
  element.scrollIntoView({ block: align });
}
