import { afterEach, describe, expect, it } from "vitest";
import { sampleEventLoopLoad, type EventLoopLoad } from "./event-loop-load";

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

describe("sampleEventLoopLoad", () => {
  it("reads busy after a window the loop spent running code, and idle again after quiet windows", async () => {
    load = sampleEventLoopLoad({ threshold: 0.6, windowMs: 50 });
    await pause(120);
    expect(await becomesIdle(load)).toBe(true);

    spin(300);
    await pause(0);
    expect(load.busy()).toBe(true);

    expect(await becomesIdle(load)).toBe(true);
  });
});
