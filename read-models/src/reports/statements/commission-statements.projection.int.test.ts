import { eventStream, exampleOf } from '../../testing/recorded-events.testing';
import { dateColumn, itReplaysTwice, projectionSpec, type Row } from '../../testing/projection-spec.testing';
import { bookingCancelledData, bookingCreatedData, bookingRescheduledData, ofBooking } from '../../testing/booking-fixtures.testing';
import { commissionStatementsProjection } from './commission-statements.projection';

const spec = projectionSpec(commissionStatementsProjection);
const at = (iso: string) => ({ recordedAt: new Date(iso) });

// Booked late on 31 October UTC: already November in Dubai, the month its commission goes on.
const booking = eventStream('booking-2101');
const created = booking.event('BookingCreated', bookingCreatedData, at('2026-10-31T21:00:00.000Z'));
const rescheduled = booking.event('BookingRescheduled', bookingRescheduledData, at('2026-11-15T10:00:00.000Z'));
const cancelled = booking.event('BookingCancelled', bookingCancelledData, at('2026-12-01T09:00:00.000Z'));

const other = eventStream('booking-2102');
const created2 = other.event('BookingCreated', ofBooking(2102, { ...bookingCreatedData, guestName: 'Omar Said', totals: { ...bookingCreatedData.totals, agencyReceivable: 42 } }), at('2026-11-03T08:00:00.000Z'));
const declined = other.event('BookingDeclined', { ...exampleOf('BookingDeclined'), id: 2102, supplierId: 6 }, at('2026-11-04T08:00:00.000Z'));
const rescheduled2 = other.event('BookingRescheduled', ofBooking(2102, bookingRescheduledData));

const line = (bookingId: number, revision: number, kind: string, iso: string, amount: number) => ({
  bookingId,
  revision,
  kind,
  at: iso,
  tourName: 'Hatta Mountain Tour',
  offerName: 'Hatta — Private',
  date: '2026-12-09',
  guestName: 'Lena Ortiz',
  amount,
});
const lines = [line(2101, 0, 'booked', '2026-10-31T21:00:00.000Z', 60), line(2101, 1, 'rescheduled', '2026-11-15T10:00:00.000Z', 15)];
const statementData = { supplierId: 6, agencyId: 21, month: '2026-11', number: 3, lines, total: 75, issuedBy: 'Accounts Demo' };
const issued = eventStream('commissionstatements-s6a21').event('CommissionStatementIssued', statementData, at('2026-12-02T07:00:00.456Z'));
/** Another agency's statement naming the same changes: it takes none of them. */
const othersIssued = eventStream('commissionstatements-s6a22').event('CommissionStatementIssued', { ...statementData, agencyId: 22, number: 1 }, at('2026-12-02T07:05:00.000Z'));

const bookingRow = (over: Row = {}): Row => ({
  booking_id: 2101,
  supplier_id: 6,
  agency_id: 21,
  commission: '60.00',
  standing: true,
  tour_name: 'Hatta Mountain Tour',
  offer_name: 'Hatta — Private',
  date: dateColumn('2026-12-09'),
  guest_name: 'Lena Ortiz',
  version: 0,
  ...over,
});
const changeRow = (over: Row = {}): Row => ({
  booking_id: 2101,
  revision: 0,
  supplier_id: 6,
  agency_id: 21,
  kind: 'booked',
  at: new Date('2026-10-31T21:00:00.000Z'),
  month: '2026-11',
  tour_name: 'Hatta Mountain Tour',
  offer_name: 'Hatta — Private',
  date: dateColumn('2026-12-09'),
  guest_name: 'Lena Ortiz',
  amount: '60.00',
  statement_month: null,
  ...over,
});
const rescheduledBooking = { commission: '75.00', date: dateColumn('2026-12-16'), version: 1 };
const rescheduledChange = changeRow({ revision: 1, kind: 'rescheduled', at: new Date('2026-11-15T10:00:00.000Z'), date: dateColumn('2026-12-16'), amount: '15.00' });
const cancelledChange = changeRow({ revision: 2, kind: 'cancelled', at: new Date('2026-12-01T09:00:00.000Z'), month: '2026-12', date: dateColumn('2026-12-16'), amount: '-75.00' });
const booking2 = { booking_id: 2102, guest_name: 'Omar Said' };
const declinedBooking2 = bookingRow({ ...booking2, commission: '42.00', standing: false, version: 1 });
const booked2 = changeRow({ ...booking2, at: new Date('2026-11-03T08:00:00.000Z'), amount: '42.00' });
const declined2 = changeRow({ ...booking2, revision: 1, kind: 'declined', at: new Date('2026-11-04T08:00:00.000Z'), amount: '-42.00' });
const statementRow = (over: Row = {}): Row => ({
  supplier_id: 6,
  agency_id: 21,
  month: '2026-11',
  number: 3,
  issued_at: new Date('2026-12-02T07:00:00.456Z'),
  issued_by: 'Accounts Demo',
  total: '75.00',
  line_count: 2,
  lines,
  ...over,
});
const onStatement = { statement_month: '2026-11' };

describe('commission statements projection', () => {
  it("a booking's creation keeps its commission and puts it as a change in the Dubai month it was booked", () =>
    spec.given().when(created).then({ commission_bookings: [bookingRow()], commission_changes: [changeRow()], commission_statements: [] }));

  it('a booking created cancelled, or by the staff (no agency), earns no commission', async () => {
    const born = eventStream('booking-2103').event('BookingCreated', ofBooking(2103, { ...bookingCreatedData, status: 4 }));
    await spec.given().when(born).then({ commission_bookings: [bookingRow({ booking_id: 2103, standing: false })], commission_changes: [] });
    const staff = eventStream('booking-2104').event('BookingCreated', ofBooking(2104, { ...bookingCreatedData, agencyId: null, agentId: null }));
    await spec.given().when(staff).then({ commission_bookings: [], commission_changes: [] });
  });

  it('a reschedule changing the commission puts the difference on, with the new date', () =>
    spec.given(created).when(rescheduled).then({ commission_bookings: [bookingRow(rescheduledBooking)], commission_changes: [changeRow(), rescheduledChange] }));

  it('a cancellation or a decline takes the commission back; a reschedule after it changes nothing owed', async () => {
    await spec
      .given(created, rescheduled)
      .when(cancelled)
      .then({ commission_bookings: [bookingRow({ ...rescheduledBooking, standing: false, version: 2 })], commission_changes: [changeRow(), rescheduledChange, cancelledChange] });
    await spec.given(created2).when(declined).then({ commission_bookings: [declinedBooking2], commission_changes: [booked2, declined2] });
    await spec
      .given(created2, declined)
      .when(rescheduled2)
      .then({ commission_bookings: [bookingRow({ ...booking2, ...rescheduledBooking, standing: false, version: 2 })], commission_changes: [booked2, declined2] });
  });

  it('an issued statement is kept as its event carries it, and the changes on it are on it for good', async () => {
    await spec
      .given(created, rescheduled, cancelled)
      .when(issued)
      .then({ commission_statements: [statementRow()], commission_changes: [changeRow(onStatement), { ...rescheduledChange, ...onStatement }, cancelledChange] });
    await spec.given(created, rescheduled).when(othersIssued).then({ commission_statements: [statementRow({ agency_id: 22, number: 1, issued_at: new Date('2026-12-02T07:05:00.000Z') })], commission_changes: [changeRow(), rescheduledChange] });
  });

  it("a batch of several bookings' creations, changes and a statement, mixed, ends with each booking's rows", () =>
    spec
      .given()
      .when(created, created2, rescheduled, declined, issued, cancelled)
      .then({
        commission_bookings: [bookingRow({ ...rescheduledBooking, standing: false, version: 2 }), declinedBooking2],
        commission_changes: [changeRow(onStatement), { ...rescheduledChange, ...onStatement }, cancelledChange, booked2, declined2],
        commission_statements: [statementRow()],
      }));

  describe('replaying the same event twice', () => {
    itReplaysTwice(spec, [
      ['BookingCreated', [], created],
      ['BookingRescheduled', [created], rescheduled],
      ['BookingCancelled', [created, rescheduled], cancelled],
      ['BookingDeclined', [created2], declined],
      ['CommissionStatementIssued', [created, rescheduled], issued],
    ]);

    it('an older change replayed after a newer one is skipped', async () => {
      const { before, after } = await spec.given(created, rescheduled, cancelled).when(rescheduled).beforeAndAfter();
      expect(after).toEqual(before);
    });
  });
});
