import { comingShown, NO_SUMS, sumsTracker, type SumsState } from './operator-sums.logic';

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
    expect(state()).toEqual({ sums: ALL, coming: null, failed: false });
    tracker.failed(tracker.begin(), false);
    expect(state()).toEqual({ sums: null, coming: null, failed: true });
  });

  it('shows the sums again once a retry answers', () => {
    const { tracker, state } = bar();
    tracker.failed(tracker.begin(), false);
    tracker.answered(tracker.begin(), PENDING);
    expect(state()).toEqual({ sums: PENDING, coming: null, failed: false });
  });

  it('lets no older request overwrite a newer one, and takes an aborted request for no failure', () => {
    const { tracker, state } = bar();
    const first = tracker.begin();
    const second = tracker.begin();
    tracker.answered(second, PENDING);
    tracker.answered(first, ALL);
    tracker.failed(first, false);
    expect(state()).toEqual({ sums: PENDING, coming: null, failed: false });
    const third = tracker.begin();
    tracker.failed(third, true);
    expect(state()).toEqual({ sums: PENDING, coming: null, failed: false });
  });
});

describe('comingShown', () => {
  const COMING = { ad: 7, ch: 1, inf: 2, foc: 1 };

  it('gives all four coming sums once any differs (some filtered guests are cancelled or declined)', () => {
    expect(comingShown(ALL, COMING)).toEqual(COMING);
    expect(comingShown(ALL, { ...ALL, foc: 0 })).toEqual({ ...ALL, foc: 0 });
  });

  it('gives none when every filtered guest is coming, or the answer has no coming sums', () => {
    expect(comingShown(ALL, { ...ALL })).toBeNull();
    expect(comingShown(ALL, undefined)).toBeNull();
  });

  it('keeps the coming sums beside the sums of the answer that carried them, and drops them on a failure', () => {
    const { tracker, state } = bar();
    tracker.answered(tracker.begin(), ALL, COMING);
    expect(state()).toEqual({ sums: ALL, coming: COMING, failed: false });
    tracker.answered(tracker.begin(), PENDING, PENDING);
    expect(state()).toEqual({ sums: PENDING, coming: null, failed: false });
    tracker.answered(tracker.begin(), ALL, COMING);
    tracker.failed(tracker.begin(), false);
    expect(state()).toEqual({ sums: null, coming: null, failed: true });
  });
});
