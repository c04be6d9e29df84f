import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { bookingDetailsProjection } from './booking-details.projection';

const spec = projectionSpec(bookingDetailsProjection);

const booking = eventStream('booking-1001');
const createdData = { ...exampleOf<{ totals: object }>('BookingCreated'), status: 1, responseDueAt: '2026-11-30T05:00:00.000Z' };
const created = booking.event('BookingCreated', createdData);
const confirmed = booking.event('BookingConfirmed', { id: 1001, supplierId: 1 });
const amended = booking.event('BookingGuestAmended', { ...exampleOf('BookingGuestAmended'), guestName: 'Anna Petrova', roomNumber: '88' });
const cancelled = booking.event('BookingCancelled', exampleOf('BookingCancelled'));
const redeemed = booking.event('BookingRedeemed', { id: 1001, supplierId: 1, at: '2026-12-01T05:10:00.000Z', byUserId: 'guide@demo.test', byName: 'Karim Haddad' });

type View = Record<string, unknown>;
const viewOf = (rows: Row[]) => rows[0]!.view as View;

describe('booking details projection', () => {
  it('keeps the whole booking as BookingCreated states it, with who booked it and when', async () => {
    const tables = await spec.given().when(created).tables();
    expect(tables.booking_details).toHaveLength(1);
    const [row] = tables.booking_details!;
    expect(row).toMatchObject({ id: 1001, supplier_id: 1, agency_id: 1, agent_id: 7, version: 0 });
    expect(viewOf(tables.booking_details!)).toMatchObject({
      id: 1001,
      status: 1,
      statusText: 'Pending',
      totals: createdData.totals,
      guestName: 'Anna Smirnova',
      bookedAt: created.recordedAt.toISOString(),
      bookedByUserId: 'projection-spec',
      cancellation: null,
    });
  });

  it('folds every later change: confirmed, amended, cancelled with its refund', async () => {
    const tables = await spec.given(created, confirmed, amended).when(cancelled).tables();
    const view = viewOf(tables.booking_details!);
    expect(view).toMatchObject({ status: 4, statusText: 'Cancelled', guestName: 'Anna Petrova', roomNumber: '88', version: 3 });
    expect(view.cancellation).toMatchObject({ reason: 'Guest ill', refundUsd: 250, penaltyPercent: 0, at: cancelled.recordedAt.toISOString() });
    expect(tables.booking_details![0]!.version).toBe(3);
  });

  it('shows the guest checked in (the panel then offers neither cancel nor a move)', async () => {
    const tables = await spec.given(created, confirmed).when(redeemed).tables();
    expect(viewOf(tables.booking_details!).checkIn).toEqual({ kind: 'redeemed', at: '2026-12-01T05:10:00.000Z', byUserId: 'guide@demo.test', byName: 'Karim Haddad' });
  });

  it('changes nothing when an event is delivered twice', async () => {
    await spec.given().when(created).thenReplayChangesNothing();
    await spec.given(created).when(confirmed).thenReplayChangesNothing();
    await spec.given(created, confirmed).when(amended).thenReplayChangesNothing();
  });

  it('makes no row for a stream holding only a voided seat claim (no booking was ever written)', () => {
    // The runner never hands the projection an event type it does not handle.
    expect(bookingDetailsProjection.handles).not.toContain('BookingSeatClaimVoided');
  });
});
