import type { BookingView } from '@tbo/booking';
import { sweepJobFor } from './tickets.sweep';

const ticket = (category: 0 | 1 | 2, expiresOn = '2099-12-31') => ({ ticketTypeId: 7, ticketTypeName: 'Frame', category, code: `C${category}-${expiresOn}`, expiresOn });
const view = (over: Partial<BookingView>): BookingView => ({ id: 1001, ticketsRequired: true, status: 0, date: '2026-12-01', adults: 2, children: 0, infants: 0, tickets: [], declineReason: null, ...over }) as BookingView;

describe('tickets sweep: the job for a booking as its stream stands', () => {
  it('runs the job its event would have queued: allocate, return (with the reason), or reallocate', () => {
    expect(sweepJobFor(view({}), 3)).toEqual({ action: 'allocate', bookingId: 1001, revision: 3 });
    expect(sweepJobFor(view({ status: 4, tickets: [ticket(0), ticket(0)] }), 4)).toEqual({ action: 'return', bookingId: 1001, revision: 4, reason: 'cancelled' });
    expect(sweepJobFor(view({ status: 4, declineReason: 'Full' }), 4)).toEqual({ action: 'return', bookingId: 1001, revision: 4, reason: 'declined' });
    // Codes that no longer fit: other counts, a date past their expiry, or a booking back to pending.
    expect(sweepJobFor(view({ tickets: [ticket(0)] }), 5)).toMatchObject({ action: 'reallocate' });
    expect(sweepJobFor(view({ tickets: [ticket(0, '2026-11-30'), ticket(0)] }), 5)).toMatchObject({ action: 'reallocate' });
    expect(sweepJobFor(view({ status: 1, tickets: [ticket(0), ticket(0)] }), 5)).toMatchObject({ action: 'reallocate' });
  });

  it('leaves a settled booking, a completed one and one that needs no tickets', () => {
    expect(sweepJobFor(view({ tickets: [ticket(0), ticket(0)] }), 5)).toBeNull();
    expect(sweepJobFor(view({ status: 5 }), 5)).toBeNull();
    expect(sweepJobFor(view({ ticketsRequired: false }), 5)).toBeNull();
  });
});
