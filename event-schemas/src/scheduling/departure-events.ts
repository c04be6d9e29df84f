import { z } from 'zod';
import { isDateInRange, PG_INT_MAX, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { TIME_SLOT_CAPACITY_MAX } from './time-slot-group-events';

/**
 * A departure: the seats of a time slot group (or of one slot, when the group's slots are independent) on one
 * business date in Dubai. Its stream, `departure-g<groupId>d<yyyymmdd>` or `departure-s<timeSlotId>d<yyyymmdd>`,
 * is where seats are decided with expected revisions: a date closed for sale (stop sale), a capacity of the
 * date's own, the seats bookings took, and the seats held for OCTO reservations. Who changed it and when are the metadata's.
 * `timeSlotId` is null for a group's departure; `capacity` null gives the date back the group's (or slot's).
 */
const id = z.number().int().positive().max(PG_INT_MAX);

/** A business date, YYYY-MM-DD (Dubai; no time zone applies). */
export const businessDate = z.iso.date().refine((v) => isDateInRange(v), 'must be a date between the years 2000 and 2100');

const key = {
  groupId: id,
  timeSlotId: id.nullable(),
  supplierId: id,
  date: businessDate,
};

export const DepartureClosed = z.object(key);
export const DepartureReopened = z.object(key);
export const DepartureCapacitySet = z.object({ ...key, capacity: z.number().int().min(0).max(TIME_SLOT_CAPACITY_MAX).nullable() });
const seats = z.number().int().min(1).max(TIME_SLOT_CAPACITY_MAX);

/**
 * A booking took seats; `claimId` names the claim its booking event must carry (booking-events.ts).
 * `fromHold`: the claim's hold (DepartureSeatsHeld) became these taken seats in the same event (an OCTO
 * reservation confirmed); `heldSeats` are the seats that hold kept, no longer held (the booking may take
 * another count), so a read model moves its counters without remembering holds.
 */
export const DepartureSeatsTaken = z.object({ ...key, bookingId: id, claimId: z.uuid(), seats, fromHold: z.boolean().optional(), heldSeats: seats.optional() });
/** A claim's seats went back on sale: the booking was cancelled, declined or moved, or never written ('unsettled'). */
export const DepartureSeatsReleased = z.object({
  ...key,
  bookingId: id,
  claimId: z.uuid(),
  seats,
  reason: z.enum(['cancelled', 'declined', 'moved', 'unsettled']),
});

/**
 * Seats held for a reservation (OCTO) until `expiresAt` (an instant, UTC). A hold is self-limiting: past its
 * expiry it no longer counts when seats are decided, whether or not DepartureHoldReleased was written yet.
 * `bookingId` and `claimId` are the ones the booking will have if the reservation is confirmed.
 */
export const DepartureSeatsHeld = z.object({ ...key, bookingId: id, claimId: z.uuid(), seats, expiresAt: storedInstant() });
/** A live hold's expiry moved (OCTO extend). */
export const DepartureHoldExtended = z.object({ ...key, bookingId: id, claimId: z.uuid(), expiresAt: storedInstant() });
/** A hold's seats went back on sale: it expired, or its reservation was cancelled. */
export const DepartureHoldReleased = z.object({ ...key, bookingId: id, claimId: z.uuid(), seats, reason: z.enum(['expired', 'cancelled']) });

export type DepartureKey = z.infer<typeof DepartureClosed>;

/** The schema of each event type, by type. */
export const departureEventTypes = {
  DepartureClosed,
  DepartureReopened,
  DepartureCapacitySet,
  DepartureSeatsTaken,
  DepartureSeatsReleased,
  DepartureSeatsHeld,
  DepartureHoldExtended,
  DepartureHoldReleased,
};
export type DepartureEvent = EventUnion<typeof departureEventTypes>;

const claimId = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
const example: DepartureKey = { groupId: 1, timeSlotId: null, supplierId: 1, date: '2026-12-01' };
export const departureEventSchemas: EventSchemaDefinition[] = [
  { type: 'DepartureClosed', version: 1, schema: DepartureClosed, example },
  { type: 'DepartureReopened', version: 1, schema: DepartureReopened, example: { ...example, timeSlotId: 2 } },
  { type: 'DepartureCapacitySet', version: 1, schema: DepartureCapacitySet, example: { ...example, capacity: 25 } },
  { type: 'DepartureSeatsTaken', version: 1, schema: DepartureSeatsTaken, example: { ...example, bookingId: 1001, claimId, seats: 3 } },
  { type: 'DepartureSeatsReleased', version: 1, schema: DepartureSeatsReleased, example: { ...example, bookingId: 1001, claimId, seats: 3, reason: 'cancelled' } },
  { type: 'DepartureSeatsHeld', version: 1, schema: DepartureSeatsHeld, example: { ...example, bookingId: 1002, claimId, seats: 2, expiresAt: '2026-11-28T10:30:00.000Z' } },
  { type: 'DepartureHoldExtended', version: 1, schema: DepartureHoldExtended, example: { ...example, bookingId: 1002, claimId, expiresAt: '2026-11-28T11:00:00.000Z' } },
  { type: 'DepartureHoldReleased', version: 1, schema: DepartureHoldReleased, example: { ...example, bookingId: 1002, claimId, seats: 2, reason: 'expired' } },
];
