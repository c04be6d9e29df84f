import { z } from 'zod';
import { PG_INT_MAX, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { businessDate } from '../scheduling/departure-events';
import { bookingTicketEventSchemas, bookingTicketEventTypes } from './booking-ticket-events';

/**
 * A booking (stream `booking-<id>`). Every figure it shows is computed once, on the server, and travels in its
 * events: the unit prices of the valid period covering the date, the commission used, the totals in USD and
 * AED, and the cancellation policy in force when it was booked (refunds are computed against it, whatever the
 * tour says later). Names are copied in as they were when sold, so history and documents read as the agent saw.
 *
 * Seats: a booking with a time slot takes its seats on the departure's stream first (`DepartureSeatsTaken`
 * with a `claimId`), then writes `BookingCreated` naming that claim. `BookingSeatClaimVoided` is the settling
 * step's mark when a claim was never followed by its booking event (a crash between the two appends): it makes
 * the late append fail, so seats are never released under a booking that exists.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const count = z.number().int().min(0).max(10_000);
const money = z.number().min(-1_000_000_000).max(1_000_000_000);
const minutes = z.number().int().min(0).max(24 * 60).nullable();
const text = (max: number) => z.string().max(max);

export const BOOKING_STATUSES = { normal: 0, pending: 1, quotationRequest: 2, paymentRequired: 3, cancelled: 4, completed: 5 } as const;
export const bookingStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** The departure whose seats the booking holds: a group's on a date, or an independent slot's (timeSlotId set). */
export const BookingDeparture = z.object({ groupId: id, timeSlotId: id.nullable(), date: businessDate });

/** Unit prices with VAT, publish (recommended) and net, as the period had them when the booking was priced. */
export const BookingUnitPrices = z.object({
  validPeriodId: id,
  adultRecUsd: money, childRecUsd: money, tripRecUsd: money,
  adultNetUsd: money, childNetUsd: money, tripNetUsd: money,
  adultRecAed: money, childRecAed: money, tripRecAed: money,
  adultNetAed: money, childNetAed: money, tripNetAed: money,
  /** The commission (percent) the net prices come from: the contract's when it sets one, else the period's. */
  commission: z.number().min(0).max(100),
  commissionSource: z.enum(['period', 'contract']),
  vat: z.number().min(0).max(100),
  convRate: z.number().positive(),
});

/** Totals in 2 decimals. grossSales is the publish total; agencyReceivable the agency's commission (gross − net). */
export const BookingTotals = z.object({
  totalUsd: money, totalAed: money,
  netUsd: money, netAed: money,
  grossSales: money,
  agencyReceivable: money,
});

/** What the guest paid the agency and what is to be collected on the day, and who holds each (README: money terms). */
export const BookingPayment = z.object({
  paid: money.min(0), paidOrig: money.min(0), paidTo: z.enum(['agency', 'supplier']),
  collect: money.min(0), collectOrig: money.min(0), collectTo: z.enum(['agency', 'supplier']),
});

export const BookingPickUp = z.object({
  hotelId: id.nullable(),
  customHotelName: text(200).nullable(),
  hotelName: text(200),
  regionId: id.nullable(),
  regionName: text(200),
  /** The pick-up window resolved by scheduling's pure function (minutes after midnight), null when none applies. */
  pickUpTimeStart: minutes,
  pickUpTimeEnd: minutes,
});

export const BookingGuest = z.object({
  guestName: text(200).min(1),
  roomNumber: text(50),
  phones: z.array(text(50)).max(10),
});

const schedule = {
  date: businessDate,
  timeSlotId: id.nullable(),
  timeSlotName: text(200).nullable(),
  /** Slot start and end (minutes after midnight, Dubai); null for a slot without times. */
  startTime: minutes,
  endTime: minutes,
  /** The start as an instant: cancellation hours are counted back from it. */
  startsAt: storedInstant(),
  adults: z.number().int().min(1).max(10_000),
  children: count,
  infants: count,
  foc: count,
  /** adults + children + foc: infants take no seat. */
  seats: z.number().int().min(1).max(30_000),
  departure: BookingDeparture.nullable(),
  /** The seat claim on the departure's stream; null when the offer sells without time slots (no capacity). */
  claimId: z.uuid().nullable(),
  prices: BookingUnitPrices,
  totals: BookingTotals,
};

export const CancellationTier = z.object({ hours: z.number().int().positive().max(PG_INT_MAX), percents: z.number().positive().max(100) });

export const BookingCreated = z.object({
  id,
  supplierId: id,
  /** Null for a booking made by the supplier's own staff (a staff agent). */
  agencyId: id.nullable(),
  agentId: id.nullable(),
  staffAgentId: id.nullable(),
  channel: z.enum(['backoffice', 'octo']),
  tourId: id,
  tourName: text(200),
  offerId: id,
  offerName: text(200),
  ...schedule,
  ...BookingPickUp.shape,
  ...BookingGuest.shape,
  ...BookingPayment.shape,
  voucher: text(100),
  notes: text(4000),
  arrivalId: id.nullable(),
  arrivalGroupId: id.nullable(),
  groupInfoId: id.nullable(),
  status: bookingStatus,
  /** Pending bookings: when operations should have answered (the slot's cut-off response time); null otherwise. */
  responseDueAt: storedInstant().nullable(),
  cancellationPolicy: z.array(CancellationTier).max(50),
  cancellationPolicySource: z.enum(['offer', 'tour', 'supplier']),
  /** The offer's attraction tickets are required: documents then issue tickets and agents may download them. */
  ticketsRequired: z.boolean(),
  /** An OCTO booking (channel 'octo'): the reseller's own reference and the API key it was made with. */
  resellerReference: text(200).nullable().optional(),
  resellerKeyId: id.nullable().optional(),
});

const key = { id, supplierId: id };
/** The seats a cancelled or declined booking gives back: the settling step releases them if the handler could not. */
const seatsReturned = { claimId: z.uuid().nullable(), departure: BookingDeparture.nullable() };
export const BookingConfirmed = z.object(key);
export const BookingDeclined = z.object({ ...key, reason: text(1000), ...seatsReturned });
export const BookingCompleted = z.object(key);
export const BookingCancelled = z.object({
  ...key,
  ...seatsReturned,
  reason: text(1000),
  /** Whole hours left before the start when it was cancelled (negative after the start). */
  hoursBeforeStart: z.number().int().min(-1_000_000).max(1_000_000),
  /** The policy tier that applied (percent kept as a penalty), 0 when none did. */
  penaltyPercent: z.number().min(0).max(100),
  refundUsd: money, refundAed: money,
  penaltyUsd: money, penaltyAed: money,
});
export const BookingGuestAmended = z.object({ ...key, ...BookingGuest.shape, ...BookingPickUp.shape, voucher: text(100), notes: text(4000) });
export const BookingRescheduled = z.object({
  ...key,
  ...schedule,
  pickUpTimeStart: minutes,
  pickUpTimeEnd: minutes,
  responseDueAt: storedInstant().nullable(),
  status: bookingStatus,
  /** The seats the booking held before: released once the new ones are taken. */
  previousClaimId: z.uuid().nullable(),
  previousDeparture: BookingDeparture.nullable(),
  /** New total less old total: what the agency owes more (positive) or gets back (negative). */
  differenceUsd: money,
  differenceAed: money,
  /**
   * What is to be collected on the day, moved by the difference (never below 0): USD, and AED moved by the AED
   * difference while the rate stays (at the new rate otherwise); absent when neither changed (and in events recorded
   * before a reschedule moved it).
   */
  collect: money.min(0).optional(),
  collectOrig: money.min(0).optional(),
  /** The guest was marked a no-show on the old date: on the new one they have not been checked in (absent otherwise). */
  noShowCleared: z.literal(true).optional(),
});
export const BookingSeatClaimVoided = z.object({ id, claimId: z.uuid() });
/**
 * A document made from the booking as it stood at `bookingVersion` (the revision of its last event that
 * changed what documents show; a document's own event is not such a change). Recorded once per kind,
 * language and version; the file under `storageKey` is complete before this is written.
 */
export const DOCUMENT_KINDS = ['invoice', 'voucher', 'tickets'] as const;
export const DOCUMENT_LANGUAGES = ['eng', 'rus'] as const;
export const DocumentIssued = z.object({
  ...key,
  kind: z.enum(DOCUMENT_KINDS),
  language: z.enum(DOCUMENT_LANGUAGES),
  bookingVersion: z.number().int().min(0).max(PG_INT_MAX),
  storageKey: text(300).min(1),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().positive().max(PG_INT_MAX),
});

/**
 * A guest checked in on the day (the voucher's QR opens the check-in page), or marked as not come. Who and when
 * travel in the event, not only in its metadata: the decider says them when someone tries again.
 */
const checkIn = { ...key, at: storedInstant(), byUserId: text(320), byName: text(200) };
export const BookingRedeemed = z.object(checkIn);
export const BookingNoShow = z.object(checkIn);

export const bookingEventTypes = {
  BookingCreated,
  BookingConfirmed,
  BookingDeclined,
  BookingCancelled,
  BookingGuestAmended,
  BookingRescheduled,
  BookingCompleted,
  BookingSeatClaimVoided,
  DocumentIssued,
  BookingRedeemed,
  ...bookingTicketEventTypes,
  BookingNoShow,
};
export type BookingEvent = EventUnion<typeof bookingEventTypes>;
export type BookingCreatedData = z.infer<typeof BookingCreated>;
export type BookingUnitPricesData = z.infer<typeof BookingUnitPrices>;
export type BookingTotalsData = z.infer<typeof BookingTotals>;
export type DocumentIssuedData = z.infer<typeof DocumentIssued>;
export type BookingCheckInData = z.infer<typeof BookingRedeemed>;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

const prices: z.infer<typeof BookingUnitPrices> = {
  validPeriodId: 1,
  adultRecUsd: 100, childRecUsd: 50, tripRecUsd: 0,
  adultNetUsd: 80, childNetUsd: 40, tripNetUsd: 0,
  adultRecAed: 365, childRecAed: 182.5, tripRecAed: 0,
  adultNetAed: 292, childNetAed: 146, tripNetAed: 0,
  commission: 20, commissionSource: 'period', vat: 5, convRate: 3.65,
};
const totals = { totalUsd: 250, totalAed: 912.5, netUsd: 200, netAed: 730, grossSales: 250, agencyReceivable: 50 };
const scheduleExample = {
  date: '2026-12-01', timeSlotId: 3, timeSlotName: 'Morning', startTime: 540, endTime: 780, startsAt: '2026-12-01T05:00:00.000Z',
  adults: 2, children: 1, infants: 1, foc: 0, seats: 3, departure: { groupId: 2, timeSlotId: null, date: '2026-12-01' },
  claimId: '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11', prices, totals,
};
const pickUp = { hotelId: 4, customHotelName: null, hotelName: 'Atlantis The Palm', regionId: 5, regionName: 'Palm Jumeirah', pickUpTimeStart: 480, pickUpTimeEnd: 510 };
const guest = { guestName: 'Anna Smirnova', roomNumber: '1204', phones: ['+971501234567'] };
export const bookingEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'BookingCreated',
    version: 1,
    schema: BookingCreated,
    example: {
      id: 1001, supplierId: 1, agencyId: 1, agentId: 7, staffAgentId: null, channel: 'backoffice',
      tourId: 1, tourName: 'Desert Safari', offerId: 1, offerName: 'Desert Safari — Standard',
      ...scheduleExample, ...pickUp, ...guest,
      paid: 50, paidOrig: 182.5, paidTo: 'agency', collect: 200, collectOrig: 730, collectTo: 'supplier',
      voucher: 'V-1001', notes: '', arrivalId: null, arrivalGroupId: null, groupInfoId: null, status: 0, responseDueAt: null,
      cancellationPolicy: [{ hours: 24, percents: 100 }], cancellationPolicySource: 'tour', ticketsRequired: false,
    },
  },
  { type: 'BookingConfirmed', version: 1, schema: BookingConfirmed, example: { id: 1001, supplierId: 1 } },
  { type: 'BookingDeclined', version: 1, schema: BookingDeclined, example: { id: 1001, supplierId: 1, reason: 'Fully booked', claimId: scheduleExample.claimId, departure: scheduleExample.departure } },
  { type: 'BookingCompleted', version: 1, schema: BookingCompleted, example: { id: 1001, supplierId: 1 } },
  {
    type: 'BookingCancelled', version: 1, schema: BookingCancelled,
    example: { id: 1001, supplierId: 1, claimId: null, departure: null, reason: 'Guest ill', hoursBeforeStart: 30, penaltyPercent: 0, refundUsd: 250, refundAed: 912.5, penaltyUsd: 0, penaltyAed: 0 },
  },
  { type: 'BookingGuestAmended', version: 1, schema: BookingGuestAmended, example: { id: 1001, supplierId: 1, ...guest, ...pickUp, voucher: 'V-1001', notes: 'Vegetarian' } },
  {
    type: 'BookingRescheduled', version: 1, schema: BookingRescheduled,
    example: { id: 1001, supplierId: 1, ...scheduleExample, pickUpTimeStart: 480, pickUpTimeEnd: 510, responseDueAt: null, status: 0, previousClaimId: null, previousDeparture: null, differenceUsd: 0, differenceAed: 0 },
  },
  { type: 'BookingSeatClaimVoided', version: 1, schema: BookingSeatClaimVoided, example: { id: 1001, claimId: '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11' } },
  {
    type: 'DocumentIssued', version: 1, schema: DocumentIssued,
    example: { id: 1001, supplierId: 1, kind: 'voucher', language: 'rus', bookingVersion: 2, storageKey: 'documents/1/1001/2/voucher-rus.pdf', checksum: 'a'.repeat(64), bytes: 48_213 },
  },
  { type: 'BookingRedeemed', version: 1, schema: BookingRedeemed, example: { id: 1001, supplierId: 1, at: '2026-12-01T05:10:00.000Z', byUserId: 'guide@demo.test', byName: 'Karim Haddad' } },
  { type: 'BookingNoShow', version: 1, schema: BookingNoShow, example: { id: 1001, supplierId: 1, at: '2026-12-01T05:40:00.000Z', byUserId: 'driver@demo.test', byName: 'Ali Rahman' } },
  ...bookingTicketEventSchemas,
];
