import type { Decider } from './decider';

/**
 * given(past events).when(command).then(expected events) — or .thenThrows(matcher).
 * Specs read like the rules they check, and never touch a store.
 */
export function given<C, E extends { type: string; data: unknown }, S>(decider: Decider<C, E, S>, past: E[] = []) {
  const state = past.reduce((s, e) => decider.evolve(s, e), decider.initialState);
  return {
    when(command: C) {
      const run = () => decider.decide(command, state);
      return {
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        thenThrows(matcher: string | RegExp | (new (...args: never[]) => Error)) {
          expect(run).toThrow(matcher as never);
        },
        events: run,
      };
    },
  };
}
