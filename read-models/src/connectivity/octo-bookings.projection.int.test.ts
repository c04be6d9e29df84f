import { bookingEventSchemas, octoEventSchemas } from '@tbo/event-schemas';
import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { octoBookingsProjection } from './octo-bookings.projection';

const spec = projectionSpec(octoBookingsProjection);
const example = (type: string) => structuredClone(octoEventSchemas.find((d) => d.type === type)!.example) as Record<string, unknown> & { uuid: string };

const bookingExample = (type: string) => structuredClone(bookingEventSchemas.find((d) => d.type === type)!.example) as Record<string, unknown>;
const reservedData = example('OctoBookingReserved');
const key = { uuid: reservedData.uuid, supplierId: 1, agencyId: 5 };
const stream = eventStream(`octoreservation-${key.uuid}`);
const at = (iso: string) => ({ recordedAt: new Date(iso) });

const reserved = stream.event('OctoBookingReserved', reservedData, at('2026-11-20T10:00:00.000Z'));
const extended = stream.event('OctoBookingExtended', { ...key, expiresAt: '2026-11-20T11:00:00.000Z' }, at('2026-11-20T10:10:00.000Z'));
const confirmed = stream.event('OctoBookingConfirmed', { ...example('OctoBookingConfirmed'), ...key, pending: false, resellerReference: 'VOUCHER-0123' }, at('2026-11-20T10:20:00.000Z'));
const updated = stream.event('OctoBookingUpdated', { ...example('OctoBookingUpdated'), ...key, resellerReference: 'VOUCHER-0124' }, at('2026-11-20T10:30:00.000Z'));
const cancelled = stream.event('OctoBookingCancelled', { ...key, reason: null, refund: 'FULL' }, at('2026-11-20T10:40:00.000Z'));

const row = (over: Row = {}): Row => ({
  uuid: key.uuid,
  supplier_id: 1,
  agency_id: 5,
  booking_id: 1003,
  tour_id: 4,
  offer_id: 7,
  local_date: expect.any(Date),
  reseller_reference: null,
  status: 'ON_HOLD',
  expires_at: new Date('2026-11-20T10:30:00.000Z'),
  created_at: new Date('2026-11-20T10:00:00.000Z'),
  updated_at: new Date('2026-11-20T10:00:00.000Z'),
  version: 0,
  booking_confirmed_at: null,
  booking_cancelled_at: null,
  booking_version: null,
  ...over,
});

describe('octo bookings projection', () => {
  it('maps a reservation to its row, column by column: ON_HOLD until its expiry', async () => {
    await spec.given().when(reserved).then({ octo_bookings: [row()] });
    const [r] = (await spec.given(reserved).tables()).octo_bookings!;
    expect((r!.local_date as Date).toISOString().slice(0, 10)).toBe('2026-11-28');
  });

  it('follows the reservation: extended, confirmed with its reference, updated, cancelled', async () => {
    await spec.given(reserved).when(extended).then({ octo_bookings: [row({ expires_at: new Date('2026-11-20T11:00:00.000Z'), updated_at: new Date('2026-11-20T10:10:00.000Z'), version: 1 })] });
    const confirmedRow = { expires_at: new Date('2026-11-20T11:00:00.000Z'), status: 'CONFIRMED', reseller_reference: 'VOUCHER-0123', updated_at: new Date('2026-11-20T10:20:00.000Z'), version: 2 };
    await spec.given(reserved, extended).when(confirmed).then({ octo_bookings: [row(confirmedRow)] });
    await spec.given(reserved, extended, confirmed).when(updated).then({ octo_bookings: [row({ ...confirmedRow, reseller_reference: 'VOUCHER-0124', updated_at: new Date('2026-11-20T10:30:00.000Z'), version: 3 })] });
    await spec
      .given(reserved, extended, confirmed, updated)
      .when(cancelled)
      .then({ octo_bookings: [row({ ...confirmedRow, reseller_reference: 'VOUCHER-0124', status: 'CANCELLED', updated_at: new Date('2026-11-20T10:40:00.000Z'), version: 4 })] });
  });

  it('says PENDING for a booking waiting for the supplier', async () => {
    const pending = eventStream(`octoreservation-${key.uuid}`);
    const r = pending.event('OctoBookingReserved', reservedData, at('2026-11-20T10:00:00.000Z'));
    const c = pending.event('OctoBookingConfirmed', { ...example('OctoBookingConfirmed'), ...key, pending: true }, at('2026-11-20T10:05:00.000Z'));
    const tables = await spec.given(r).when(c).tables();
    expect(tables.octo_bookings![0]).toMatchObject({ status: 'PENDING', version: 1 });
  });

  it("follows its booking: moved to another date (the list by date), confirmed by the supplier, cancelled; another booking's events touch nothing", async () => {
    const booking = eventStream('booking-1003');
    booking.event('BookingCreated', { ...bookingExample('BookingCreated'), id: 1003 }); // revision 0: nothing the table keeps
    const rescheduled = booking.event('BookingRescheduled', { ...bookingExample('BookingRescheduled'), id: 1003, date: '2026-12-02' }, at('2026-11-21T08:00:00.000Z'));
    const confirmedBySupplier = booking.event('BookingConfirmed', { id: 1003, supplierId: 1 }, at('2026-11-21T09:00:00.000Z'));
    const other = eventStream('booking-1004').event('BookingConfirmed', { id: 1004, supplierId: 1 });
    const moved = (await spec.given(reserved, confirmed).when(rescheduled).tables()).octo_bookings![0]!;
    expect((moved.local_date as Date).toISOString().slice(0, 10)).toBe('2026-12-02');
    expect(moved).toMatchObject({ booking_version: 1, version: 2, status: 'CONFIRMED' });
    const answered = (await spec.given(reserved, confirmed, rescheduled).when(confirmedBySupplier).tables()).octo_bookings![0]!;
    expect(answered).toMatchObject({ booking_confirmed_at: new Date('2026-11-21T09:00:00.000Z'), booking_version: 2 });
    await spec.given(reserved, confirmed).when(rescheduled).thenReplayChangesNothing();
    const cancelledByOperations = booking.event('BookingCancelled', { ...bookingExample('BookingCancelled'), id: 1003 }, at('2026-11-21T10:00:00.000Z'));
    expect((await spec.given(reserved, confirmed, rescheduled, confirmedBySupplier).when(cancelledByOperations).tables()).octo_bookings![0]).toMatchObject({ booking_cancelled_at: new Date('2026-11-21T10:00:00.000Z'), booking_version: 3 });
    await spec.given(reserved).when(other).then({ octo_bookings: [row()] });
  });

  it('changes nothing when an event is delivered twice, or an older one late', async () => {
    await spec.given().when(reserved).thenReplayChangesNothing();
    await spec.given(reserved).when(confirmed).thenReplayChangesNothing();
    await spec.given(reserved, confirmed, cancelled).when(updated).then({ octo_bookings: [row({ status: 'CANCELLED', reseller_reference: 'VOUCHER-0123', updated_at: new Date('2026-11-20T10:40:00.000Z'), version: 4 })] });
  });
});
