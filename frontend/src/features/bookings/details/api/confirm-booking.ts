import type { ChangedBooking } from './booking-view.schema';
import { postBookingAction } from './post-booking-action';

/** POST /api/bookings/{id}/confirm: a pending booking becomes Normal. */
export const confirmBooking = (id: number, version: number): Promise<ChangedBooking> => postBookingAction(id, 'confirm', {}, version);
