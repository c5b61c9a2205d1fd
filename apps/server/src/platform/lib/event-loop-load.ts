import { monitorEventLoopDelay } from "node:perf_hooks";

export interface EventLoopLoad {
  /** True while the event loop ran late by at least the limit during the last sampled window. */
  busy(): boolean;
  /** Stops sampling. */
  stop(): void;
}

/**
 * Samples how late this process's event loop runs (Node's event-loop delay histogram, 10 ms resolution), every
 * `windowMs`: the longest delay of the window is how long a request arriving then would have waited before being
 * read. The job worker steps back while it reaches `limitMs` (docs/decisions/036): background work can wait a
 * moment, an HTTP answer should not. Delay rather than utilization because a loop busy 80 % of the time with short
 * tasks still answers at once, and network jobs that only wait keep utilization low anyway.
 */
export function sampleEventLoopDelay(options: { limitMs: number; windowMs?: number }): EventLoopLoad {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let busy = false;
  const timer = setInterval(() => {
    // The histogram is in nanoseconds.
    busy = histogram.count > 0 && histogram.max / 1e6 >= options.limitMs;
    histogram.reset();
  }, options.windowMs ?? 250);
  timer.unref();
  return {
    busy: () => busy,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
