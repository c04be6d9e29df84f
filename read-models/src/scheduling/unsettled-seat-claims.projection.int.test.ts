import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { dateColumn, replayingTwice, projectionSpec, type Row } from '../testing/projection-spec.testing';
import { unsettledSeatClaimsProjection } from './unsettled-seat-claims.projection';

const spec = projectionSpec(unsettledSeatClaimsProjection);

const C1 = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const C2 = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
const BOOKING = 9001;
const at = { groupId: 41, timeSlotId: null, supplierId: 6, date: '2026-12-07' };
const departure = { groupId: 41, timeSlotId: null, date: '2026-12-07' };
const later = { groupId: 41, timeSlotId: 77, date: '2026-12-09' };

const seats = eventStream('departure-g41d20261207');
const taken = seats.event('DepartureSeatsTaken', { ...at, bookingId: BOOKING, claimId: C1, seats: 3 });
const released = seats.event('DepartureSeatsReleased', { ...at, bookingId: BOOKING, claimId: C1, seats: 3, reason: 'cancelled' });
const laterSeats = eventStream('departure-s77d20261209');
const takenLater = laterSeats.event('DepartureSeatsTaken', { ...at, ...later, bookingId: BOOKING, claimId: C2, seats: 2 });

const booking = eventStream(`booking-${BOOKING}`);
const created = booking.event('BookingCreated', { ...exampleOf('BookingCreated'), id: BOOKING, supplierId: 6, date: departure.date, timeSlotId: null, departure, claimId: C1 });
const cancelled = booking.event('BookingCancelled', { ...exampleOf('BookingCancelled'), id: BOOKING, supplierId: 6, claimId: C1, departure });
const declined = booking.event('BookingDeclined', { ...exampleOf('BookingDeclined'), id: BOOKING, supplierId: 6, claimId: C1, departure });
const rescheduled = booking.event('BookingRescheduled', {
  ...exampleOf('BookingRescheduled'),
  id: BOOKING,
  supplierId: 6,
  date: later.date,
  timeSlotId: later.timeSlotId,
  departure: later,
  claimId: C2,
  previousClaimId: C1,
  previousDeparture: departure,
});
const movedInPlace = booking.event('BookingRescheduled', { ...exampleOf('BookingRescheduled'), id: BOOKING, supplierId: 6, departure, claimId: C1, previousClaimId: C1, previousDeparture: departure });
const unseated = eventStream('booking-9002').event('BookingCreated', { ...exampleOf('BookingCreated'), id: 9002, supplierId: 6, departure: null, claimId: null, timeSlotId: null });

const claimRow = (over: Row = {}): Row => ({ claim_id: C1, booking_id: BOOKING, supplier_id: 6, group_id: 41, time_slot_id: null, date: dateColumn('2026-12-07'), kind: 'settle', since: taken.recordedAt, ...over });

describe('unsettled seat claims projection (the seat-claims sweep reads it)', () => {
  it('lists seats taken until their booking names the claim', async () => {
    await spec.given().when(taken).then({ unsettled_seat_claims: [claimRow()] });
    await spec.given(taken).when(created).then({ unsettled_seat_claims: [] });
    // A booking without seats names no claim and changes nothing.
    await spec.given(taken).when(unseated).then({ unsettled_seat_claims: [claimRow()] });
  });

  it('lists the claim of a cancelled or declined booking to return, until its release', async () => {
    await spec.given(taken, created).when(cancelled).then({ unsettled_seat_claims: [claimRow({ kind: 'return', since: cancelled.recordedAt })] });
    await spec.given(taken, created).when(declined).then({ unsettled_seat_claims: [claimRow({ kind: 'return', since: declined.recordedAt })] });
    await spec.given(taken, created, cancelled).when(released).then({ unsettled_seat_claims: [] });
  });

  it('a release drops the claim whatever it was waiting for (a crash leftover settled as unsettled)', async () => {
    await spec.given(taken).when(released).then({ unsettled_seat_claims: [] });
  });

  it('a reschedule settles its new claim and lists the previous one to return, until its release', async () => {
    await spec.given(taken, created, takenLater).when(rescheduled).then({ unsettled_seat_claims: [claimRow({ kind: 'return', since: rescheduled.recordedAt })] });
    await spec.given(taken, created, takenLater, rescheduled).when(released).then({ unsettled_seat_claims: [] });
    // Before the booking's event, the new claim waits like any seats taken.
    await spec.given(taken, created).when(takenLater).then({
      unsettled_seat_claims: [claimRow({ claim_id: C2, time_slot_id: 77, date: dateColumn('2026-12-09'), since: takenLater.recordedAt })],
    });
  });

  it('a reschedule that keeps its claim gives nothing back', async () => {
    await spec.given(taken, created).when(movedInPlace).then({ unsettled_seat_claims: [] });
  });

  replayingTwice(spec, [
    ['DepartureSeatsTaken', [], taken],
    ['BookingCancelled', [taken, created], cancelled],
    ['BookingRescheduled', [taken, created, takenLater], rescheduled],
  ]);
});
