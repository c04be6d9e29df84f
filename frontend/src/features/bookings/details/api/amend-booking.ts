import type { ChangedBooking } from './booking-view.schema';
import { postBookingAction } from './post-booking-action';

/** Guest details, notes, voucher and pick-up hotel: no price change. */
export interface AmendBookingInput {
  guestName: string;
  roomNumber: string;
  phones: string[];
  notes: string;
  voucher: string;
  hotelId: number | null;
  customHotelName: string | null;
}

/** POST /api/bookings/{id}/amend. */
export const amendBooking = (id: number, version: number, input: AmendBookingInput): Promise<ChangedBooking> => postBookingAction(id, 'amend', input, version);
