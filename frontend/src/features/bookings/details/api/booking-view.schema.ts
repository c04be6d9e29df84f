import { z } from 'zod';
import { policyTierSchema } from '../../../../ui/cancellation-policy/policy-tier.schema';

/**
 * The answers of GET /api/bookings/{id} (BookingView), GET /api/bookings/{id}/history and the booking actions
 * (BookingView & { position }), as the booking module's controller writes them. Figures come computed by the
 * server; the panel only formats them.
 */

const money = z.number();
const nullableText = z.string().nullable();
/** Minutes after midnight (Dubai); the server may also answer them as 'HH:MM'. */
const timeOfDay = z.union([z.number(), z.string()]).nullable();

export const unitPricesSchema = z.object({
  validPeriodId: z.number(),
  adultRecUsd: money, childRecUsd: money, tripRecUsd: money,
  adultNetUsd: money, childNetUsd: money, tripNetUsd: money,
  adultRecAed: money, childRecAed: money, tripRecAed: money,
  adultNetAed: money, childNetAed: money, tripNetAed: money,
  commission: z.number(),
  commissionSource: z.enum(['period', 'contract']),
  vat: z.number(),
  convRate: z.number(),
});

export const totalsSchema = z.object({
  totalUsd: money, totalAed: money,
  netUsd: money, netAed: money,
  grossSales: money,
  agencyReceivable: money,
});

export type PolicyTier = z.infer<typeof policyTierSchema>;

export const cancellationSchema = z.object({
  reason: z.string(),
  hoursBeforeStart: z.number(),
  penaltyPercent: z.number(),
  refundUsd: money, refundAed: money,
  penaltyUsd: money, penaltyAed: money,
});
export type BookingCancellation = z.infer<typeof cancellationSchema>;

const person = z.object({ id: z.union([z.number(), z.string()]).nullable(), name: nullableText });

export const bookingViewSchema = z.object({
  id: z.number(),
  version: z.number(),
  status: z.number(),
  statusText: z.string(),
  isOverdue: z.boolean(),
  responseDueAt: nullableText,
  bookedAt: z.string(),
  bookedBy: person.nullable(),
  channel: z.string(),
  agencyId: z.number().nullable(),
  agencyName: nullableText,
  agentId: z.number().nullable(),
  staffAgentId: z.number().nullable(),
  agentName: nullableText,
  date: z.string(),
  tourId: z.number(),
  tourName: z.string(),
  offerId: z.number(),
  offerName: z.string(),
  timeSlotId: z.number().nullable(),
  timeSlotName: nullableText,
  startTime: timeOfDay,
  endTime: timeOfDay,
  /** The start as an instant (ISO): what a cancellation's hours before the start count to. */
  startsAt: z.string(),
  hotelId: z.number().nullable(),
  hotelName: nullableText,
  customHotelName: nullableText,
  regionName: nullableText,
  pickUpTimeStart: timeOfDay,
  pickUpTimeEnd: timeOfDay,
  guestName: z.string(),
  roomNumber: nullableText,
  phones: z.array(z.string()).nullable().transform((p) => p ?? []),
  adults: z.number(),
  children: z.number(),
  infants: z.number(),
  foc: z.number(),
  seats: z.number(),
  prices: unitPricesSchema,
  totals: totalsSchema,
  paid: money,
  paidOrig: money,
  paidTo: z.string(),
  collect: money,
  collectOrig: money,
  collectTo: z.string(),
  /** Paid beyond a price lowered since (fewer guests): the guest's to get back. Absent: none. */
  paidBeyondPriceUsd: money.optional(),
  paidBeyondPriceAed: money.optional(),
  voucher: nullableText,
  notes: nullableText,
  cancellationPolicy: z.array(policyTierSchema).nullable().transform((p) => p ?? []),
  cancellation: cancellationSchema.nullable(),
  /** Why operations declined a pending booking. */
  declineReason: nullableText.optional(),
  canDownloadTickets: z.boolean().optional(),
  /** The guest's check-in on the day (the voucher's QR): redeemed, or a no-show; null before. */
  checkIn: z.object({ kind: z.enum(['redeemed', 'noShow']), at: z.string(), byName: z.string() }).nullable().optional(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** What an action answers: the booking as decided, and where its event landed (for reads that wait for it). */
export const changedBookingSchema = bookingViewSchema.extend({
  position: z.union([z.string(), z.number()]).nullable().optional().transform((p) => (p === null || p === undefined ? null : String(p))),
  /** A reschedule's new total less the old one, when the server states it. */
  differenceUsd: money.optional(),
  differenceAed: money.optional(),
});
export type ChangedBooking = z.infer<typeof changedBookingSchema>;

export const historyChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const historyEntrySchema = z.object({
  revision: z.union([z.number(), z.string()]),
  type: z.string(),
  at: z.string(),
  by: person.nullable(),
  status: z.number().nullable().optional(),
  statusText: nullableText.optional(),
  changes: z.array(historyChangeSchema).nullable().transform((c) => c ?? []),
});
export type BookingHistoryEntry = z.infer<typeof historyEntrySchema>;

export const bookingHistorySchema = z.array(historyEntrySchema).nullable().transform((h) => h ?? []);
