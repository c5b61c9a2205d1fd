import { afterEach, describe, expect, it } from "vitest";
import { sampleEventLoopDelay, type EventLoopLoad } from "./event-loop-load";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // keeps the event loop busy, as a burst of requests would
  }
};

/** Waits for quiet windows: on a loaded machine the first ones may still carry other work of this process. */
async function becomesIdle(load: EventLoopLoad) {
  for (let tries = 0; tries < 100 && load.busy(); tries++) await pause(50);
  return !load.busy();
}

let load: EventLoopLoad | undefined;
afterEach(() => load?.stop());

describe("sampleEventLoopDelay", () => {
  it("reads busy after a window in which the loop ran late, and idle again after quiet windows", async () => {
    load = sampleEventLoopDelay({ limitMs: 100, windowMs: 50 });
    await pause(120);
    expect(await becomesIdle(load)).toBe(true);

    spin(300);
    // The delay is recorded by the histogram's own timer, which may fire just after the sampling one.
    let seen = false;
    for (let tries = 0; tries < 10 && !seen; tries++) {
      await pause(10);
      seen = load.busy();
    }
    expect(seen).toBe(true);

    expect(await becomesIdle(load)).toBe(true);
  });
});
