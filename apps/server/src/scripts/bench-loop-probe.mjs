/**
 * Loaded into the server by `npm run bench` (node --import) when the bench wants the event-loop delay: a
 * histogram of how late the loop ran its timers, which the bench resets before a route and reads after it over
 * the IPC channel; and, for the soak mode, the process's memory (process.memoryUsage()). Does nothing in a process started without one (npm start never loads it), nor in the server
 * processes of SERVER_PROCESSES (node:cluster gives them a channel of its own, to their primary).
 */
import cluster from "node:cluster";
import { monitorEventLoopDelay } from "node:perf_hooks";

if (process.send && cluster.isPrimary) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on("message", (message) => {
    if (message === "loop:reset") histogram.reset();
    if (message === "loop:read") {
      const ms = (ns) => ns / 1e6;
      process.send?.({ loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } });
    }
    if (message === "memory:read") {
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      process.send?.({ memory: { rss, heapUsed, heapTotal, external } });
    }
  });
  process.channel?.unref();
}
