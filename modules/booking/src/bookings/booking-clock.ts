/** The clock bookings decide by (today, hours before the start); the seed and tests may replace it. */
export const BOOKING_CLOCK = Symbol('BOOKING_CLOCK');
export type BookingClock = () => Date;

/**
 * Where a test stops a new booking, or a change of date, slot or counts, just before its booking append, as a crash
 * or a stalled process would: its seats (if it sells any) are taken on the departure's stream and the booking's own
 * event is not yet written. Production leaves them empty.
 */
export class BookingFaults {
  beforeBookingAppend: (() => Promise<void>) | null = null;
  beforeRescheduleAppend: (() => Promise<void>) | null = null;
}
