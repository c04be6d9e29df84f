import { z } from 'zod';
import { numberOrZero, textOrEmpty } from '../../../lib/api-defaults';

/**
 * One booking as GET /api/agent/bookings/{id} answers it (the booking design's BookingView): what the confirmation
 * page shows. Texts the server may leave out read as '', amounts as 0.
 */

const text = textOrEmpty;
const amount = numberOrZero;
/** Minutes after midnight, or already 'HH:MM'. */
const time = z.union([z.number(), z.string()]).nullish();

export const bookingViewSchema = z.object({
  id: z.number(),
  version: z.number().nullish(),
  status: z.number(),
  statusText: text,
  bookedAt: text,
  /** Null for a direct sale (the supplier's staff booked it): its commission is the staff's. */
  agencyId: z.number().nullish(),
  agencyName: text,
  agentName: text,
  /** Sold in the back office or by a reseller through the OCTO API (an older answer without it: the back office). */
  channel: z
    .string()
    .nullish()
    .transform((c) => c || 'backoffice'),
  date: z.string(),
  tourId: z.number().nullish(),
  tourName: text,
  offerId: z.number().nullish(),
  offerName: text,
  timeSlotId: z.number().nullish(),
  timeSlotName: text,
  startTime: time,
  endTime: time,
  hotelId: z.number().nullish(),
  hotelName: text,
  customHotelName: text,
  regionName: text,
  pickUpTimeStart: time,
  pickUpTimeEnd: time,
  guestName: text,
  roomNumber: text,
  phones: z
    .array(z.string())
    .nullish()
    .transform((p) => p ?? []),
  adults: amount,
  children: amount,
  infants: amount,
  foc: amount,
  totals: z.object({ totalUsd: amount, totalAed: amount, netUsd: amount, netAed: amount, grossSales: amount, agencyReceivable: amount }),
  paid: amount,
  paidOrig: amount,
  paidTo: text,
  collect: amount,
  collectOrig: amount,
  collectTo: text,
  /** Paid beyond a price lowered since (fewer guests): the guest's to get back. Absent: none. */
  paidBeyondPriceUsd: amount.optional(),
  paidBeyondPriceAed: amount.optional(),
  voucher: text,
  notes: text,
  /** The start as an instant (ISO), and the policy the booking was made with: what cancelling now gives back. */
  startsAt: z.string(),
  cancellationPolicy: z
    .array(z.object({ hours: z.number(), percents: z.number() }))
    .nullish()
    .transform((p) => p ?? []),
  cancellation: z
    .object({ reason: text, hoursBeforeStart: z.number().nullish(), penaltyPercent: amount, refundUsd: amount, refundAed: amount, penaltyUsd: amount, penaltyAed: amount })
    .nullish()
    .transform((c) => c ?? null),
  /** Why operations declined it while pending (a declined booking has no cancellation and no documents). */
  declineReason: z
    .string()
    .nullish()
    .transform((r) => r ?? null),
  /** Spec 02 §6: the tickets are offered only when the server says they can be downloaded. */
  canDownloadTickets: z.boolean().nullish(),
  position: z.string().nullish(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;
