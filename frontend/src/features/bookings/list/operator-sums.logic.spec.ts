import { NO_SUMS, sumsTracker, type SumsState } from './operator-sums.logic';

const ALL = { ad: 10, ch: 3, inf: 2, foc: 1 };
const PENDING = { ad: 3, ch: 0, inf: 1, foc: 1 };

function bar() {
  let state: SumsState = NO_SUMS;
  const tracker = sumsTracker((next) => (state = next));
  return { tracker, state: () => state };
}

describe('sumsTracker', () => {
  it("clears the last query's sums when the new query fails (a filter change that did not load)", () => {
    const { tracker, state } = bar();
    tracker.answered(tracker.begin(), ALL);
    expect(state()).toEqual({ sums: ALL, failed: false });
    tracker.failed(tracker.begin(), false);
    expect(state()).toEqual({ sums: null, failed: true });
  });

  it('shows the sums again once a retry answers', () => {
    const { tracker, state } = bar();
    tracker.failed(tracker.begin(), false);
    tracker.answered(tracker.begin(), PENDING);
    expect(state()).toEqual({ sums: PENDING, failed: false });
  });

  it('lets no older request overwrite a newer one, and takes an aborted request for no failure', () => {
    const { tracker, state } = bar();
    const first = tracker.begin();
    const second = tracker.begin();
    tracker.answered(second, PENDING);
    tracker.answered(first, ALL);
    tracker.failed(first, false);
    expect(state()).toEqual({ sums: PENDING, failed: false });
    const third = tracker.begin();
    tracker.failed(third, true);
    expect(state()).toEqual({ sums: PENDING, failed: false });
  });
});
