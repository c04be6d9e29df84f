import type { ChangedBooking } from './booking-view.schema';
import { postBookingAction } from './post-booking-action';

/** POST /api/bookings/{id}/complete. */
export const completeBooking = (id: number, version: number): Promise<ChangedBooking> => postBookingAction(id, 'complete', {}, version);
