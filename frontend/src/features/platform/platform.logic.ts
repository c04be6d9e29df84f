/**
 * The platform page's rules, pure (no React, no i18n): what a runner's lag says, which projection's parked events
 * are shown, which parked event takes which action, and where log-me-in goes.
 */

/** The fields of a runner these rules read (projections.api.ts's Runner). */
export interface RunnerFacts {
  name: string;
  kind: 'projection' | 'process-manager';
  state: 'running' | 'missing';
  caughtUp: boolean;
  lag: number | null;
  lagCapped: boolean;
  parked: { count: number };
}

/** How far behind a runner is: never run; caught up (with nothing of its event types waiting); or so many events behind. */
export type Lag = { kind: 'never' } | { kind: 'caughtUp' } | { kind: 'behind'; events: number; capped: boolean };

export function lagOf(r: RunnerFacts): Lag {
  if (r.state === 'missing') return { kind: 'never' };
  // The head may be further on with no event of this runner's types waiting: nothing to apply, so caught up.
  if (r.caughtUp || !r.lag) return { kind: 'caughtUp' };
  return { kind: 'behind', events: r.lag, capped: r.lagCapped };
}

/**
 * The runner whose parked events the page shows: the one chosen while it still has some, else the first that has
 * any (the list keeps the server's order), else none.
 */
export function shownRunner<R extends RunnerFacts>(runners: readonly R[], chosen: string | null): R | null {
  const parked = runners.filter((r) => r.parked.count > 0);
  return parked.find((r) => r.name === chosen) ?? parked[0] ?? null;
}

/**
 * What may be done with a parked event: a projection's failed event (the first of its stream) is retried or skipped;
 * an event held behind it waits for that one; a process manager's events are moved by the worker's command line only
 * (its queues are the worker's), so the page just shows them.
 */
export type ParkedAction = 'retry-or-skip' | 'held' | 'worker-only';

export function parkedActionFor(kind: RunnerFacts['kind'], reason: 'failed' | 'held'): ParkedAction {
  if (kind === 'process-manager') return 'worker-only';
  return reason === 'failed' ? 'retry-or-skip' : 'held';
}

/** An error's first line (the message; the stack follows it). */
export const firstLine = (error: string | null): string => (error ?? '').split('\n')[0]!.trim();

/** The lines after the first (the stack), or '' when there are none. */
export const restOfError = (error: string | null): string => (error ?? '').split('\n').slice(1).join('\n').trim();
