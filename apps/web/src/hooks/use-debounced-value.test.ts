import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * Unit tests run in Node without a DOM or a React renderer, so the hook runs on a tiny stand-in for React's
 * useState/useEffect: state kept by call order, effects run after each render when their dependencies
 * change (Object.is), cleanups run before the next effect and on unmount. Enough for hooks built on those two.
 */
const runtime = vi.hoisted(() => {
  type Cleanup = void | (() => void);
  interface EffectSlot {
    deps: readonly unknown[] | undefined;
    cleanup: Cleanup;
  }

  const state: unknown[] = [];
  const effects: EffectSlot[] = [];
  let pending: Array<() => void> = [];
  let stateIndex = 0;
  let effectIndex = 0;
  let rerender: (() => void) | null = null;

  const depsChanged = (previous: readonly unknown[] | undefined, next: readonly unknown[] | undefined) =>
    !previous || !next || previous.length !== next.length || previous.some((value, index) => !Object.is(value, next[index]));

  const react = {
    useState<S>(initial: S | (() => S)) {
      const index = stateIndex++;
      if (!(index in state)) state[index] = typeof initial === "function" ? (initial as () => S)() : initial;
      const setState = (next: S) => {
        if (Object.is(state[index], next)) return;
        state[index] = next;
        rerender?.();
      };
      return [state[index] as S, setState] as const;
    },
    useEffect(effect: () => Cleanup, deps?: readonly unknown[]) {
      const index = effectIndex++;
      const slot = effects[index];
      if (slot && !depsChanged(slot.deps, deps)) return;
      pending.push(() => {
        if (typeof slot?.cleanup === "function") slot.cleanup();
        effects[index] = { deps, cleanup: effect() };
      });
    },
  };

  /** Renders `hook(props)`; `rerender(props)` renders again, `unmount()` runs every cleanup. */
  function renderHook<P, R>(hook: (props: P) => R, initialProps: P) {
    let props = initialProps;
    const result = { current: undefined as R };
    const render = () => {
      stateIndex = 0;
      effectIndex = 0;
      result.current = hook(props);
      const run = pending;
      pending = [];
      for (const effect of run) effect();
    };
    rerender = render;
    render();
    return {
      result,
      rerender(next: P) {
        props = next;
        render();
      },
      unmount() {
        for (const slot of effects) if (typeof slot?.cleanup === "function") slot.cleanup();
        rerender = null;
      },
    };
  }

  function reset() {
    state.length = 0;
    effects.length = 0;
    pending = [];
    rerender = null;
  }

  return { react, renderHook, reset };
});

vi.mock("react", () => runtime.react);

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

  it("takes a new value only after it has been stable for 300 ms by default (spec part 2 §6)", () => {
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
