import { beforeEach, describe, expect, it, vi } from "vitest";

/*
 * Unit tests run in Node without a DOM or a React renderer, so the hook runs on a small stand-in for React:
 * state kept by call order (updater functions included), effects run after each render when their dependencies
 * change, and transitions queued until the test lets them run, as React runs them after the render that asked.
 */
const runtime = vi.hoisted(() => {
  const state: unknown[] = [];
  const effectDeps: Array<readonly unknown[] | undefined> = [];
  let transitions: Array<() => void> = [];
  let stateIndex = 0;
  let effectIndex = 0;
  let pending: Array<() => void> = [];
  let rerender: (() => void) | null = null;

  const depsChanged = (previous: readonly unknown[] | undefined, next: readonly unknown[] | undefined) =>
    !previous || !next || previous.some((value, index) => !Object.is(value, next[index]));

  const react = {
    useState<S>(initial: S) {
      const index = stateIndex++;
      if (!(index in state)) state[index] = initial;
      const setState = (next: S | ((current: S) => S)) => {
        const value = typeof next === "function" ? (next as (current: S) => S)(state[index] as S) : next;
        if (Object.is(state[index], value)) return;
        state[index] = value;
        rerender?.();
      };
      return [state[index] as S, setState] as const;
    },
    useEffect(effect: () => void, deps?: readonly unknown[]) {
      const index = effectIndex++;
      if (index in effectDeps && !depsChanged(effectDeps[index], deps)) return;
      effectDeps[index] = deps;
      pending.push(effect);
    },
    startTransition(update: () => void) {
      transitions.push(update);
    },
  };

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
    };
  }

  /** Runs the queued transitions once; answers how many there were. */
  function runTransitions(): number {
    const run = transitions;
    transitions = [];
    for (const update of run) update();
    return run.length;
  }

  function reset() {
    state.length = 0;
    effectDeps.length = 0;
    transitions = [];
    pending = [];
    rerender = null;
  }

  return { react, renderHook, runTransitions, reset };
});

vi.mock("react", () => runtime.react);

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
