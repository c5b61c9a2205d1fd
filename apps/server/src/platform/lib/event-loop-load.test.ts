import { afterEach, describe, expect, it } from "vitest";
import { sampleEventLoopLoad, type EventLoopLoad } from "./event-loop-load";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // keeps the event loop busy, as a burst of requests would
  }
};

let load: EventLoopLoad | undefined;
afterEach(() => load?.stop());

describe("sampleEventLoopLoad", () => {
  it("reads busy after a window the loop spent running code, and idle again after quiet windows", async () => {
    load = sampleEventLoopLoad({ threshold: 0.6, windowMs: 50 });
    await pause(120);
    expect(load.busy()).toBe(false);

    spin(300);
    await pause(0);
    expect(load.busy()).toBe(true);

    await pause(200);
    expect(load.busy()).toBe(false);
  });
});
