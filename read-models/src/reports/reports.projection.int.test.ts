import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { dateColumn, itReplaysTwice, projectionSpec, type Row } from '../testing/projection-spec.testing';
import { BOOKING_KEY, bookingCancelledData, bookingCreatedData, bookingRescheduledData, ofBooking } from '../testing/booking-fixtures.testing';
import { reportsProjection } from './reports.projection';

const spec = projectionSpec(reportsProjection);
const at = (iso: string) => ({ recordedAt: new Date(iso) });

// Recorded late in the UTC day: the Dubai dates (booked_on, cancelled_on) are the next day's.
const booking = eventStream('booking-2101');
const created = booking.event('BookingCreated', bookingCreatedData, at('2026-11-20T21:30:00.000Z'));
const confirmed = booking.event('BookingConfirmed', BOOKING_KEY);
const rescheduled = booking.event('BookingRescheduled', bookingRescheduledData);
const cancelled = booking.event('BookingCancelled', bookingCancelledData, at('2026-12-01T20:15:00.000Z'));
const completed = booking.event('BookingCompleted', BOOKING_KEY);

const declinedBooking = eventStream('booking-2102');
const created2 = declinedBooking.event('BookingCreated', ofBooking(2102, { ...bookingCreatedData, agencyId: null, agentId: null, channel: 'octo' }), at('2026-11-21T08:00:00.000Z'));
const declined = declinedBooking.event('BookingDeclined', { ...exampleOf('BookingDeclined'), ...BOOKING_KEY, id: 2102 }, at('2026-11-22T19:59:59.999Z'));

const createdRow = (over: Row = {}): Row => ({
  id: 2101,
  supplier_id: 6,
  agency_id: 21,
  agent_id: 33,
  staff_agent_id: 44,
  channel: 'backoffice',
  booked_at: new Date('2026-11-20T21:30:00.000Z'),
  booked_on: dateColumn('2026-11-21'),
  tour_id: 12,
  tour_name: 'Hatta Mountain Tour',
  offer_id: 30,
  offer_name: 'Hatta — Private',
  date: dateColumn('2026-12-09'),
  time_slot_id: 14,
  time_slot_name: 'Early',
  start_time: 555,
  ad: 3,
  ch: 2,
  inf: 1,
  foc: 4,
  total_usd: '301.00',
  total_aed: '1102.50',
  net_usd: '241.00',
  net_aed: '880.25',
  gross_sales: '311.00',
  commission: '60.00',
  refund_usd: '0.00',
  refund_aed: '0.00',
  penalty_usd: '0.00',
  penalty_aed: '0.00',
  status: 1,
  cancel_kind: null,
  cancelled_on: null,
  version: 0,
  ...over,
});
const rescheduledColumns: Row = {
  date: dateColumn('2026-12-16'),
  time_slot_id: 15,
  time_slot_name: 'Late',
  start_time: 1020,
  ad: 5,
  ch: 0,
  inf: 3,
  foc: 1,
  total_usd: '402.00',
  total_aed: '1467.30',
  net_usd: '327.00',
  net_aed: '1193.55',
  gross_sales: '412.00',
  commission: '75.00',
  status: 0,
  version: 2,
};
const cancelledColumns: Row = { status: 4, cancel_kind: 'cancelled', cancelled_on: dateColumn('2026-12-02'), refund_usd: '120.00', refund_aed: '438.00', penalty_usd: '181.00', penalty_aed: '664.50', version: 3 };
const created2Row = (over: Row = {}): Row =>
  createdRow({ id: 2102, agency_id: null, agent_id: null, channel: 'octo', booked_at: new Date('2026-11-21T08:00:00.000Z'), booked_on: dateColumn('2026-11-21'), ...over });
const declinedColumns: Row = { status: 4, cancel_kind: 'declined', cancelled_on: dateColumn('2026-11-22'), version: 1 };

describe('reports projection', () => {
  it("makes one row from BookingCreated: the parties, tour, slot, guests and figures it carries, booked on Dubai's date", () =>
    spec.given().when(created).then({ report_bookings: [createdRow()] }));

  it('confirming and completing set the status and the version', async () => {
    await spec.given(created).when(confirmed).then({ report_bookings: [createdRow({ status: 0, version: 1 })] });
    await spec.given(created, confirmed, rescheduled).when(completed).then({ report_bookings: [createdRow({ ...rescheduledColumns, status: 5, version: 4 })] });
  });

  it('rescheduling restates the date, slot, guests and figures as the event carries them', () =>
    spec.given(created, confirmed).when(rescheduled).then({ report_bookings: [createdRow(rescheduledColumns)] }));

  it("cancelling keeps the refund and penalty and the Dubai date of the cancellation; the booking's figures stay", () =>
    spec.given(created, confirmed, rescheduled).when(cancelled).then({ report_bookings: [createdRow({ ...rescheduledColumns, ...cancelledColumns })] }));

  it('a declined booking is cancelled as declined, with no refund', () => spec.given(created2).when(declined).then({ report_bookings: [created2Row(declinedColumns)] }));

  it("a batch of several bookings' creations and changes, mixed, ends with each booking's row", () =>
    spec
      .given()
      .when(created, created2, confirmed, declined, rescheduled, cancelled)
      .then({ report_bookings: [createdRow({ ...rescheduledColumns, ...cancelledColumns }), created2Row(declinedColumns)] }));

  describe('replaying the same event twice', () => {
    itReplaysTwice(spec, [
      ['BookingCreated', [], created],
      ['BookingConfirmed', [created], confirmed],
      ['BookingRescheduled', [created, confirmed], rescheduled],
      ['BookingCancelled', [created, confirmed, rescheduled], cancelled],
      ['BookingCompleted', [created, confirmed, rescheduled], completed],
      ['BookingDeclined', [created2], declined],
    ]);

    it('an older change replayed after a newer one is skipped', async () => {
      const { before, after } = await spec.given(created, confirmed, rescheduled, cancelled).when(confirmed, rescheduled).beforeAndAfter();
      expect(after).toEqual(before);
    });
  });
});
