import { z } from 'zod';

/**
 * What a row of every bookings list carries (the operator's list and the agent's bookings and commissions, both
 * read from the booking module's list rows): the booking, its tour, offer, slot and hotel by name, the guest, the
 * voucher and the status. Each list extends it with its own columns.
 */
export const bookingListRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  bookingDateTime: z.string(),
  tourId: z.number(),
  tourName: z.string(),
  offerId: z.number(),
  offerName: z.string(),
  timeSlotName: z.string().nullable(),
  hotelId: z.number().nullable(),
  hotelName: z.string(),
  customHotelName: z.string().nullable(),
  guestName: z.string(),
  tel: z.string(),
  voucher: z.string(),
  status: z.number(),
  statusText: z.string(),
  /** Cancelled (status 4) by operations' decline: no documents. */
  declined: z.boolean(),
  /** 'backoffice' or 'octo' (a reseller's booking through the OCTO API). */
  channel: z.string(),
});
