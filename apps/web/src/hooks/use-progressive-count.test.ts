import { beforeEach, describe, expect, it, vi } from "vitest";

// Unit tests run in Node without a DOM or a React renderer: the hook runs on the shared stand-in for React.
const runtime = await vi.hoisted(async () => (await import("@/test/react-stand-in")).createReactStandIn());
vi.mock("react", () => runtime.module);

const { useProgressiveCount } = await import("./use-progressive-count");

describe("useProgressiveCount", () => {
  beforeEach(() => runtime.reset());

  it("renders one step at first, then one more step per startTransition call until all are there", () => {
    const hook = runtime.renderHook(({ total }) => useProgressiveCount(total, 4), { total: 10 });
    expect(hook.result.current).toBe(4);

    expect(runtime.runTransitions()).toBe(1);
    expect(hook.result.current).toBe(8);

    expect(runtime.runTransitions()).toBe(1);
    expect(hook.result.current).toBe(10);

    expect(runtime.runTransitions()).toBe(0);
    expect(hook.result.current).toBe(10);
  });

  it("asks for nothing more when the first step already holds everything", () => {
    const hook = runtime.renderHook(({ total }) => useProgressiveCount(total, 4), { total: 3 });
    expect(hook.result.current).toBe(3);
    expect(runtime.runTransitions()).toBe(0);
  });

  it("goes on when the list grows after it was complete", () => {
    const hook = runtime.renderHook(({ total }) => useProgressiveCount(total, 4), { total: 4 });
    expect(runtime.runTransitions()).toBe(0);

    hook.rerender({ total: 9 });
    expect(hook.result.current).toBe(4);
    runtime.runTransitions();
    runtime.runTransitions();
    expect(hook.result.current).toBe(9);
  });
});
