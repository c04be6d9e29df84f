import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import { allowedActions, canSeeHistory } from './booking-actions.logic';

const TODAY = '2026-12-01';
const on = (status: number, date = TODAY) => ({ status, date });
const normal = on(BOOKING_STATUS.normal);
const pending = on(BOOKING_STATUS.pending);
const quotationRequest = on(BOOKING_STATUS.quotationRequest);
const cancelled = on(BOOKING_STATUS.cancelled);
const completed = on(BOOKING_STATUS.completed);

describe('what the booking panel offers whom', () => {
  it('lets operations and admins confirm or decline a pending booking, and cancel, amend or reschedule it', () => {
    for (const role of ['operations', 'admin', 'Operations']) {
      expect(allowedActions([role], pending, TODAY)).toEqual(['confirm', 'decline', 'cancel', 'amend', 'reschedule']);
    }
  });

  it('lets operations and admins cancel, amend, reschedule and complete a booking in force', () => {
    expect(allowedActions(['operations'], normal, TODAY)).toEqual(['cancel', 'amend', 'reschedule', 'complete']);
    expect(allowedActions(['admin'], quotationRequest, TODAY)).toEqual(['cancel', 'amend', 'reschedule', 'complete']);
  });

  it('offers to complete a booking only from its date on (Dubai): a tour not yet run cannot be completed', () => {
    expect(allowedActions(['operations'], on(BOOKING_STATUS.normal, '2026-12-02'), TODAY)).toEqual(['cancel', 'amend', 'reschedule']);
    expect(allowedActions(['operations'], on(BOOKING_STATUS.normal, '2026-11-30'), TODAY)).toEqual(['cancel', 'amend', 'reschedule', 'complete']);
  });

  it('offers neither cancel nor a move once the guest checked in (they took the tour); a no-show may still be cancelled', () => {
    const checkedIn = (kind: string) => ({ ...normal, checkIn: { kind } });
    expect(allowedActions(['operations'], checkedIn('redeemed'), TODAY)).toEqual(['amend', 'complete']);
    expect(allowedActions(['accounts'], checkedIn('redeemed'), TODAY)).toEqual([]);
    expect(allowedActions(['operations'], checkedIn('noShow'), TODAY)).toEqual(['cancel', 'amend', 'reschedule', 'complete']);
  });

  it('lets accounts only cancel', () => {
    expect(allowedActions(['accounts'], normal, TODAY)).toEqual(['cancel']);
    expect(allowedActions(['accounts'], pending, TODAY)).toEqual(['cancel']);
    expect(allowedActions(['accounts', 'operations'], pending, TODAY)).toEqual(['confirm', 'decline', 'cancel', 'amend', 'reschedule']);
  });

  it('offers nothing on a cancelled or completed booking, nor to other roles', () => {
    for (const status of [cancelled, completed]) expect(allowedActions(['admin', 'operations', 'accounts'], status, TODAY)).toEqual([]);
    expect(allowedActions(['agent'], normal, TODAY)).toEqual([]);
    expect(allowedActions(['editor', 'sales'], pending, TODAY)).toEqual([]);
    expect(allowedActions([], normal, TODAY)).toEqual([]);
  });

  it('shows the history to accounts, admins and operations only', () => {
    expect(canSeeHistory(['accounts'])).toBe(true);
    expect(canSeeHistory(['admin'])).toBe(true);
    expect(canSeeHistory(['operations'])).toBe(true);
    expect(canSeeHistory(['agent'])).toBe(false);
    expect(canSeeHistory(['editor'])).toBe(false);
  });
});
