import { BOOKING_STATUS } from '../pure/booking-status.pure';
import type { BookingView } from '../pure/booking-view.pure';
import { decideTickets, TICKET_MESSAGES } from './booking-tickets.decide';

const key = { id: 1001, supplierId: 1 };
const code = { ticketTypeId: 3, ticketTypeName: 'Frame', category: 0 as const, code: 'F-1', expiresOn: '2030-12-31' };
/** Only what the ticket records decide on. */
const viewOf = (over: Partial<BookingView>): BookingView => ({ status: BOOKING_STATUS.normal, tickets: [], ticketsShortReason: null, ...over }) as BookingView;
const SHORT = 'Not enough tickets "Frame" for 10.12.2026: 2 needed, 1 available';

describe('the worker’s ticket records on a booking', () => {
  it('records codes on a confirmed booking once, and refuses them on one no longer confirmed', () => {
    expect(decideTickets({ type: 'RecordTicketsAllocated', tickets: [code] }, viewOf({}), key)).toEqual([{ type: 'BookingTicketsAllocated', data: { ...key, tickets: [code] } }]);
    expect(decideTickets({ type: 'RecordTicketsAllocated', tickets: [code] }, viewOf({ tickets: [code] }), key)).toEqual([]);
    expect(() => decideTickets({ type: 'RecordTicketsAllocated', tickets: [code] }, viewOf({ status: BOOKING_STATUS.cancelled }), key)).toThrow(TICKET_MESSAGES.notConfirmed);
  });

  it('records a return of the codes held, and nothing when none are', () => {
    expect(decideTickets({ type: 'RecordTicketsReturned', reason: 'rescheduled' }, viewOf({ tickets: [code] }), key)).toEqual([{ type: 'BookingTicketsReturned', data: { ...key, tickets: [code], reason: 'rescheduled' } }]);
    expect(decideTickets({ type: 'RecordTicketsReturned', reason: 'cancelled' }, viewOf({}), key)).toEqual([]);
  });

  it('puts a confirmed booking short of codes back to pending, once per confirmation, the same reason again after a new one', () => {
    const short = [{ type: 'BookingTicketsShort', data: { ...key, reason: SHORT } }];
    expect(decideTickets({ type: 'RecordTicketsShort', reason: SHORT }, viewOf({}), key)).toEqual(short);
    // A repeated job: the booking is pending already.
    expect(decideTickets({ type: 'RecordTicketsShort', reason: SHORT }, viewOf({ status: BOOKING_STATUS.pending, ticketsShortReason: SHORT }), key)).toEqual([]);
    // Operations confirmed it again while the stock is still short: back to pending, though the reason reads the same.
    expect(decideTickets({ type: 'RecordTicketsShort', reason: SHORT }, viewOf({ ticketsShortReason: SHORT }), key)).toEqual(short);
    expect(decideTickets({ type: 'RecordTicketsShort', reason: SHORT }, viewOf({ tickets: [code] }), key)).toEqual([]);
  });
});
