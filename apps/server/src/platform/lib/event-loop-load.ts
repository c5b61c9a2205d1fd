import { performance, type EventLoopUtilization } from "node:perf_hooks";

export interface EventLoopLoad {
  /** True while the event loop was busy at least `threshold` of the last sampled window. */
  busy(): boolean;
  /** Stops sampling. */
  stop(): void;
}

/**
 * Samples this process's event-loop utilization (the share of time the loop ran JavaScript rather than waiting)
 * every `windowMs`. The job worker reads it to step back while requests keep the loop busy: background work can
 * wait a few seconds, an HTTP answer (a Twilio webhook gives up at 15 s) should not (docs/decisions/014).
 */
export function sampleEventLoopLoad(options: { threshold: number; windowMs?: number }): EventLoopLoad {
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  let busy = false;
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(current, previous).utilization >= options.threshold;
    previous = current;
  }, options.windowMs ?? 250);
  timer.unref();
  return {
    busy: () => busy,
    stop: () => clearInterval(timer),
  };
}
