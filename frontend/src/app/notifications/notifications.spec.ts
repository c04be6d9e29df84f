import { clearNotifications, getNotifications, notify, removeNotification, subscribeNotifications } from './notifications';

describe('notifications (spec 01 §4)', () => {
  // Notes other than errors go away by themselves (a timer).
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    clearNotifications();
    jest.useRealTimers();
  });

  it('are added unless one with the same title shows, and removed by guid', () => {
    notify({ title: 'Saved', message: 'a', kind: 'success' });
    notify({ title: 'Saved', message: 'b', kind: 'success' });
    notify({ title: 'Failed', message: 'c', kind: 'error' });
    expect(getNotifications().map((n) => n.title)).toEqual(['Saved', 'Failed']);
    removeNotification(getNotifications()[0]!.guid);
    expect(getNotifications().map((n) => n.title)).toEqual(['Failed']);
  });

  it("are all cleared at once (the signed-in user changed: one user's notes never show to the next)", () => {
    const seen = jest.fn();
    const stop = subscribeNotifications(seen);
    notify({ title: 'Booking #12 cancelled', message: '', kind: 'information' });
    notify({ title: 'Could not save', message: '', kind: 'error' });
    seen.mockClear();
    clearNotifications();
    expect(getNotifications()).toEqual([]);
    expect(seen).toHaveBeenCalledTimes(1);
    // Nothing to clear: nobody is told of a change.
    clearNotifications();
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });
});
