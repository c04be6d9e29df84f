import { EntityStream } from '@tbo/kernel';
import { bookingDecider, bookingStream, emptyBookingState } from './booking';

/** Every booking command runs through this: the stream name stays in the module. */
export const bookings = new EntityStream(bookingStream, bookingDecider, emptyBookingState);
