import type { ChangedBooking } from './booking-view.schema';
import { postBookingAction } from './post-booking-action';

/** POST /api/bookings/{id}/decline {reason}: a pending booking is refused and its seats released. */
export const declineBooking = (id: number, version: number, reason: string): Promise<ChangedBooking> => postBookingAction(id, 'decline', { reason }, version);
