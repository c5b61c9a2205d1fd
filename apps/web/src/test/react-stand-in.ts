/**
 * A small stand-in for React, for unit tests of hooks: they run in Node without a DOM or a React renderer. It keeps
 * state by call order (lazy initial values and updater functions included), runs effects after each render when
 * their dependencies change (Object.is), with cleanups before the next run and on unmount, and queues transitions
 * until the test lets them run, as React runs them after the render that asked. Enough for hooks built on
 * useState, useEffect and startTransition.
 *
 * Use, in the test file (vi.mock is hoisted above imports, so the stand-in is made in vi.hoisted):
 * `const runtime = await vi.hoisted(async () => (await import("@/test/react-stand-in")).createReactStandIn());`
 * then `vi.mock("react", () => runtime.module);`.
 */
export function createReactStandIn() {
  type Cleanup = void | (() => void);
  interface EffectSlot {
    deps: readonly unknown[] | undefined;
    cleanup: Cleanup;
  }

  const state: unknown[] = [];
  const effects: EffectSlot[] = [];
  let pending: Array<() => void> = [];
  let transitions: Array<() => void> = [];
  let stateIndex = 0;
  let effectIndex = 0;
  let rerender: (() => void) | null = null;

  const depsChanged = (previous: readonly unknown[] | undefined, next: readonly unknown[] | undefined) =>
    !previous || !next || previous.length !== next.length || previous.some((value, index) => !Object.is(value, next[index]));

  /** What `vi.mock("react")` answers with. */
  const module = {
    useState<S>(initial: S | (() => S)) {
      const index = stateIndex++;
      if (!(index in state)) state[index] = typeof initial === "function" ? (initial as () => S)() : initial;
      const setState = (next: S | ((current: S) => S)) => {
        const value = typeof next === "function" ? (next as (current: S) => S)(state[index] as S) : next;
        if (Object.is(state[index], value)) return;
        state[index] = value;
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
    startTransition(update: () => void) {
      transitions.push(update);
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

  /** Runs the queued transitions once; answers how many there were. */
  function runTransitions(): number {
    const run = transitions;
    transitions = [];
    for (const update of run) update();
    return run.length;
  }

  /** Forgets every hook's state, effect and transition: call before each test. */
  function reset() {
    state.length = 0;
    effects.length = 0;
    pending = [];
    transitions = [];
    rerender = null;
  }

  return { module, renderHook, runTransitions, reset };
}
