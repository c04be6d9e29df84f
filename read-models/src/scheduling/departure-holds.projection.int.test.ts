import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { departureHoldsProjection } from './departure-holds.projection';

const spec = projectionSpec(departureHoldsProjection);

const H = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const at = { groupId: 41, timeSlotId: null, supplierId: 6, date: '2026-12-07' };
const stream = eventStream('departure-g41d20261207');
const held = stream.event('DepartureSeatsHeld', { ...at, bookingId: 9001, claimId: H, seats: 4, expiresAt: '2026-12-01T10:30:00.000Z' });
const extended = stream.event('DepartureHoldExtended', { ...at, bookingId: 9001, claimId: H, expiresAt: '2026-12-01T11:00:00.000Z' });
const converted = stream.event('DepartureSeatsTaken', { ...at, bookingId: 9001, claimId: H, seats: 4, fromHold: true, heldSeats: 4 });
const released = stream.event('DepartureHoldReleased', { ...at, bookingId: 9001, claimId: H, seats: 4, reason: 'cancelled' });
const extendedMore = stream.event('DepartureHoldExtended', { ...at, bookingId: 9001, claimId: H, expiresAt: '2026-12-01T11:30:00.000Z' });
const sold = stream.event('DepartureSeatsTaken', { ...at, bookingId: 9002, claimId: '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11', seats: 2 });
/** pg reads a date column as local midnight. */
const day = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const holdRow = (over: Row = {}): Row => ({ claim_id: H, stream: 'departure-g41d20261207', supplier_id: 6, group_id: 41, time_slot_id: null, date: day('2026-12-07'), booking_id: 9001, seats: 4, expires_at: new Date('2026-12-01T10:30:00.000Z'), version: 0, ...over });

describe('departure holds projection (the hold-expiry sweep reads it)', () => {
  it('lists a hold with its departure and expiry, moved by an extension', async () => {
    await spec.given().when(held).then({ departure_holds: [holdRow()] });
    await spec.given(held).when(extended).then({ departure_holds: [holdRow({ expires_at: new Date('2026-12-01T11:00:00.000Z'), version: 1 })] });
    await spec.given(held).when(sold).then({ departure_holds: [holdRow()] });
  });

  it('drops it once confirmed into a booking or released', async () => {
    await spec.given(held, extended).when(converted).then({ departure_holds: [] });
    await spec.given(held).when(released).then({ departure_holds: [] });
  });

  it('ignores an older extension delivered after a newer event of the hold', async () => {
    const { before, after } = await spec.given(held, extendedMore).when(extended).beforeAndAfter();
    expect(before.departure_holds).toEqual([holdRow({ expires_at: new Date('2026-12-01T11:30:00.000Z'), version: 4 })]);
    expect(after).toEqual(before);
  });

  it.each([
    ['DepartureSeatsHeld', [], held],
    ['DepartureHoldExtended', [held], extended],
  ] as const)('%s changes nothing the first time did not', (_type, history, event) => spec.given(...history).when(event).thenReplayChangesNothing());
});
