import type { ChangedBooking } from './booking-view.schema';
import { postBookingAction } from './post-booking-action';

/** POST /api/bookings/{id}/cancel {reason}: answers the booking with its cancellation (refund and penalty). */
export const cancelBooking = (id: number, version: number, reason: string): Promise<ChangedBooking> => postBookingAction(id, 'cancel', { reason }, version);
