import { firstLine, lagOf, parkedActionFor, restOfError, shownRunner, type RunnerFacts } from './platform.logic';

const runner = (over: Partial<RunnerFacts> = {}): RunnerFacts => ({
  name: 'offers',
  kind: 'projection',
  state: 'running',
  caughtUp: true,
  lag: 0,
  lagCapped: false,
  parked: { count: 0 },
  ...over,
});

describe('lagOf', () => {
  it('never run, caught up, or so many events behind (capped as the server counts)', () => {
    expect(lagOf(runner({ state: 'missing', caughtUp: false, lag: null }))).toEqual({ kind: 'never' });
    expect(lagOf(runner())).toEqual({ kind: 'caughtUp' });
    expect(lagOf(runner({ caughtUp: false, lag: 12 }))).toEqual({ kind: 'behind', events: 12, capped: false });
    expect(lagOf(runner({ caughtUp: false, lag: 10_000, lagCapped: true }))).toEqual({ kind: 'behind', events: 10_000, capped: true });
  });

  it('behind the head with none of its event types waiting is caught up', () => {
    expect(lagOf(runner({ caughtUp: false, lag: 0 }))).toEqual({ kind: 'caughtUp' });
  });
});

describe('shownRunner', () => {
  const list = [runner({ name: 'a' }), runner({ name: 'b', parked: { count: 2 } }), runner({ name: 'c', parked: { count: 1 } })];

  it('the chosen one while it has parked events, else the first that has any', () => {
    expect(shownRunner(list, 'c')?.name).toBe('c');
    expect(shownRunner(list, null)?.name).toBe('b');
    expect(shownRunner(list, 'a')?.name).toBe('b');
    expect(shownRunner(list, 'gone')?.name).toBe('b');
  });

  it('none when nothing is parked', () => {
    expect(shownRunner([runner()], null)).toBeNull();
    expect(shownRunner([], 'offers')).toBeNull();
  });
});

describe('parkedActionFor', () => {
  it("a projection's failed event is retried or skipped, a held one waits; a process manager's are only shown", () => {
    expect(parkedActionFor('projection', 'failed')).toBe('retry-or-skip');
    expect(parkedActionFor('projection', 'held')).toBe('held');
    expect(parkedActionFor('process-manager', 'failed')).toBe('worker-only');
    expect(parkedActionFor('process-manager', 'held')).toBe('worker-only');
  });
});

describe('errors', () => {
  it('the message is the first line, the stack the rest', () => {
    const error = 'error: date/time field value out of range: "0000-01-01"\n    at Parser.parseErrorMessage (x.js:1:1)\n    at y.js:2:2';
    expect(firstLine(error)).toBe('error: date/time field value out of range: "0000-01-01"');
    expect(restOfError(error)).toBe('at Parser.parseErrorMessage (x.js:1:1)\n    at y.js:2:2');
    expect(firstLine(null)).toBe('');
    expect(restOfError('just a message')).toBe('');
  });
});
