import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Unit tests run in Node without a DOM or a React renderer: the hook runs on the shared stand-in for React.
const runtime = await vi.hoisted(async () => (await import("@/test/react-stand-in")).createReactStandIn());
vi.mock("react", () => runtime.module);

const { useDebouncedValue } = await import("./use-debounced-value");

describe("useDebouncedValue", () => {
  beforeEach(() => {
    runtime.reset();
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("returns the first value at once", () => {
    const hook = runtime.renderHook(({ value }) => useDebouncedValue(value), { value: "an" });
    expect(hook.result.current).toBe("an");
  });

  it("takes a new value only after it has been stable for 300 ms by default (docs/product/appointments.md §9)", () => {
    const hook = runtime.renderHook(({ value }) => useDebouncedValue(value), { value: "" });

    hook.rerender({ value: "ana" });
    expect(hook.result.current).toBe("");

    vi.advanceTimersByTime(299);
    expect(hook.result.current).toBe("");

    vi.advanceTimersByTime(1);
    expect(hook.result.current).toBe("ana");
  });

  it("restarts the wait on every change, so only the last of a burst gets through", () => {
    const hook = runtime.renderHook(({ value }) => useDebouncedValue(value), { value: "" });

    hook.rerender({ value: "a" });
    vi.advanceTimersByTime(200);
    hook.rerender({ value: "an" });
    vi.advanceTimersByTime(200);
    hook.rerender({ value: "ana" });
    vi.advanceTimersByTime(200);
    expect(hook.result.current).toBe("");

    vi.advanceTimersByTime(100);
    expect(hook.result.current).toBe("ana");
  });

  it("honours a custom delay", () => {
    const hook = runtime.renderHook(({ value }) => useDebouncedValue(value, 1000), { value: 1 });

    hook.rerender({ value: 2 });
    vi.advanceTimersByTime(999);
    expect(hook.result.current).toBe(1);
    vi.advanceTimersByTime(1);
    expect(hook.result.current).toBe(2);
  });

  it("leaves no timer behind after unmounting", () => {
    const hook = runtime.renderHook(({ value }) => useDebouncedValue(value), { value: "a" });
    hook.rerender({ value: "ab" });
    expect(vi.getTimerCount()).toBe(1);

    hook.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
