import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import { allowedActions, canSeeHistory } from './booking-actions.logic';

const { normal, pending, quotationRequest, cancelled, completed } = BOOKING_STATUS;

describe('what the booking panel offers whom', () => {
  it('lets operations and admins confirm or decline a pending booking, and cancel, amend or reschedule it', () => {
    for (const role of ['operations', 'admin', 'Operations']) {
      expect(allowedActions([role], pending)).toEqual(['confirm', 'decline', 'cancel', 'amend', 'reschedule']);
    }
  });

  it('lets operations and admins cancel, amend, reschedule and complete a booking in force', () => {
    expect(allowedActions(['operations'], normal)).toEqual(['cancel', 'amend', 'reschedule', 'complete']);
    expect(allowedActions(['admin'], quotationRequest)).toEqual(['cancel', 'amend', 'reschedule', 'complete']);
  });

  it('lets accounts only cancel', () => {
    expect(allowedActions(['accounts'], normal)).toEqual(['cancel']);
    expect(allowedActions(['accounts'], pending)).toEqual(['cancel']);
    expect(allowedActions(['accounts', 'operations'], pending)).toEqual(['confirm', 'decline', 'cancel', 'amend', 'reschedule']);
  });

  it('offers nothing on a cancelled or completed booking, nor to other roles', () => {
    for (const status of [cancelled, completed]) expect(allowedActions(['admin', 'operations', 'accounts'], status)).toEqual([]);
    expect(allowedActions(['agent'], normal)).toEqual([]);
    expect(allowedActions(['editor', 'sales'], pending)).toEqual([]);
    expect(allowedActions([], normal)).toEqual([]);
  });

  it('shows the history to accounts, admins and operations only', () => {
    expect(canSeeHistory(['accounts'])).toBe(true);
    expect(canSeeHistory(['admin'])).toBe(true);
    expect(canSeeHistory(['operations'])).toBe(true);
    expect(canSeeHistory(['agent'])).toBe(false);
    expect(canSeeHistory(['editor'])).toBe(false);
  });
});
