import type { ChangedBooking } from './booking-view.schema';
import { postBookingAction } from './post-booking-action';

/** A new date (YYYY-MM-DD), slot or counts: the server re-checks the seats and prices it again. */
export interface RescheduleBookingInput {
  date: string;
  timeSlotId: number | null;
  adults: number;
  children: number;
  infants: number;
  foc: number;
}

/** POST /api/bookings/{id}/reschedule: answers the repriced booking (the difference against the old total). */
export const rescheduleBooking = (id: number, version: number, input: RescheduleBookingInput): Promise<ChangedBooking> => postBookingAction(id, 'reschedule', input, version);
