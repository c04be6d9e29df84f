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

  it('keep the support reference a server failure gave (the toast shows it short and copies it whole)', () => {
    notify({ title: 'Server error', message: 'It was logged with reference 5ab50930-1bea-4c2f-9d3e-0123456789ab.', kind: 'error', reference: '5ab50930-1bea-4c2f-9d3e-0123456789ab' });
    notify({ title: 'Saved', message: '', kind: 'success' });
    expect(getNotifications().map((n) => n.reference)).toEqual(['5ab50930-1bea-4c2f-9d3e-0123456789ab', undefined]);
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
