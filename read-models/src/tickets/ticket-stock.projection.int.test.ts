import { eventStream } from '../testing/recorded-events.testing';
import { dateColumn, projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { ticketStockProjection } from './ticket-stock.projection';

const spec = projectionSpec(ticketStockProjection);

// Every kept field with a value unlike its neighbours', so a column holding another field's value shows.
const key = { supplierId: 6, ticketTypeId: 14 };
const stock = eventStream('ticketstock-6-14');
const loaded = stock.event('TicketCodesLoaded', {
  ...key,
  codes: [
    { code: 'QR-0001', expiresOn: '2027-01-15' },
    { code: 'QR-0002', expiresOn: '2027-02-20' },
  ],
});
const freezed = stock.event('TicketCodesFreezed', { ...key, codes: ['QR-0002'] });
const unfreezed = stock.event('TicketCodesUnfreezed', { ...key, codes: ['QR-0002'] });
const allocatedAt = new Date('2026-12-01T09:30:00.123Z');
const allocated = stock.event('TicketCodesAllocated', { ...key, bookingId: 2101, date: '2026-12-09', codes: ['QR-0001'] }, { recordedAt: allocatedAt });
const returned = stock.event('TicketCodesReturned', { ...key, bookingId: 2101, codes: ['QR-0001'] });
const returnedByAnother = stock.event('TicketCodesReturned', { ...key, bookingId: 2102, codes: ['QR-0001'] });
/** The same code in another ticket type of the supplier: a code of its own. */
const otherType = eventStream('ticketstock-6-15').event('TicketCodesLoaded', { supplierId: 6, ticketTypeId: 15, codes: [{ code: 'QR-0002', expiresOn: '2027-03-31' }] });

const codeRow = (over: Row = {}): Row => ({ supplier_id: 6, ticket_type_id: 14, code: 'QR-0001', expires_on: dateColumn('2027-01-15'), freezed: false, booking_id: null, reserved_at: null, ...over });
const secondCode = (over: Row = {}): Row => codeRow({ code: 'QR-0002', expires_on: dateColumn('2027-02-20'), ...over });
const otherTypeCode = codeRow({ ticket_type_id: 15, code: 'QR-0002', expires_on: dateColumn('2027-03-31') });

describe('ticket stock projection', () => {
  it('keeps one row per loaded code with its expiry, neither frozen nor held', () => spec.given().when(loaded).then({ ticket_codes: [codeRow(), secondCode()] }));

  it('a code of the same name in another ticket type is a row of its own', () => spec.given(loaded).when(otherType).then({ ticket_codes: [codeRow(), secondCode(), otherTypeCode] }));

  it('freezes and unfreezes only the codes named, of their ticket type', async () => {
    await spec.given(loaded, otherType).when(freezed).then({ ticket_codes: [codeRow(), secondCode({ freezed: true }), otherTypeCode] });
    await spec.given(loaded, otherType, freezed).when(unfreezed).then({ ticket_codes: [codeRow(), secondCode(), otherTypeCode] });
  });

  it('a code allocated to a booking holds its id and when the store recorded the allocation', () =>
    spec.given(loaded).when(allocated).then({ ticket_codes: [codeRow({ booking_id: 2101, reserved_at: allocatedAt }), secondCode()] }));

  it('a code returned by its booking is free again; one returned by another booking stays held', async () => {
    await spec.given(loaded, allocated).when(returned).then({ ticket_codes: [codeRow(), secondCode()] });
    await spec.given(loaded, allocated).when(returnedByAnother).then({ ticket_codes: [codeRow({ booking_id: 2101, reserved_at: allocatedAt }), secondCode()] });
  });

  it('loading codes already held leaves them as they are', () =>
    spec.given(loaded, allocated, freezed).when(loaded).then({ ticket_codes: [codeRow({ booking_id: 2101, reserved_at: allocatedAt }), secondCode({ freezed: true })] }));

  replayingTwice(spec, [
    ['TicketCodesLoaded', [], loaded],
    ['TicketCodesFreezed', [loaded], freezed],
    ['TicketCodesUnfreezed', [loaded, freezed], unfreezed],
    ['TicketCodesAllocated', [loaded], allocated],
    ['TicketCodesReturned', [loaded, allocated], returned],
  ]);
});
