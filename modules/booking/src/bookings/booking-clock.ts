/** The clock bookings decide by (today, hours before the start); the seed and tests may replace it. */
export const BOOKING_CLOCK = Symbol('BOOKING_CLOCK');
export type BookingClock = () => Date;

/**
 * Where a test stops a booking between its two appends, as a crash would: the seats are taken on the
 * departure's stream and the booking's own event is never written. Production leaves it empty.
 */
export class BookingFaults {
  afterSeatsTaken: (() => Promise<void>) | null = null;
}
