import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import type { ValidPeriodEvent } from './valid-period-events';

/**
 * A supplier's offer (ticket) of one of its tours (stream `offer-<id>`). The details event states
 * every field of spec 01 §3 with defaults applied; the cancellation policy is its own event (empty
 * when the offer does not override the tour's). Valid periods live inside the offer: their
 * `ValidPeriodPriced` events are appended to the same stream, with `OfferValidPeriodTermsSet` for
 * the period's minimum advance payment.
 */
const key = { id: z.number().int().positive().max(PG_INT_MAX), supplierId: z.number().int().positive().max(PG_INT_MAX) };
const text = (max: number) => z.string().max(max);

export const OfferTicketType = z.object({ ticketTypeId: z.number().int().min(0).max(PG_INT_MAX), type: z.number().int().min(0).max(2) });
export const OfferCancellationOption = z.object({ hours: z.number().int().positive().max(PG_INT_MAX), percents: z.number().positive().max(100) });

export const OfferCreated = z.object({ ...key, tourId: z.number().int().positive().max(PG_INT_MAX) });
export const OfferDetailsChanged = z.object({
  ...key,
  tourId: z.number().int().positive().max(PG_INT_MAX),
  nameInternal: z.string().min(1).max(200),
  nameDisplay: z.string().min(1).max(200),
  origin: z.array(z.number().int().positive().max(PG_INT_MAX)).max(500),
  minNumOfPeople: z.number().int().min(1).max(PG_INT_MAX),
  maxNumOfPeople: z.number().int().min(1).max(PG_INT_MAX),
  numberOfHours: z.number().min(1),
  minimumAdvancedPayment: z.number().min(0).max(100),
  isTicketsRequired: z.boolean(),
  ticketsTypes: z.array(OfferTicketType).max(3),
  childrenAllowed: z.boolean(),
  childAge: z.number().int().min(1).max(18),
  infantsAllowed: z.boolean(),
  infantAge: z.number().int().min(1).max(18),
  isDirectReporting: z.boolean(),
  allowDirectCollection: z.boolean(),
  isAppendTransactionFeeB2b: z.boolean(),
  description: text(100_000),
  notesToClientsPostBooking: text(100_000),
  heroImageId: z.number().int().positive().max(PG_INT_MAX).nullable(),
  photos: z.array(z.number().int().positive().max(PG_INT_MAX)).max(500),
  timeSlots: z.array(z.number().int().positive().max(PG_INT_MAX)).max(500),
  bookingType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export const OfferCancellationPolicyChanged = z.object({
  ...key,
  isOverrideTourCancellationPolicy: z.boolean(),
  cancellationPolicy: z.array(OfferCancellationOption).max(50),
});
export const OfferValidPeriodTermsSet = z.object({ ...key, validPeriodId: z.number().int().positive().max(PG_INT_MAX), minimumAdvancedPayment: z.number().min(0).max(100) });
export const OfferKey = z.object(key);

export type OfferDetailsData = z.infer<typeof OfferDetailsChanged>;
export type OfferCancellationPolicyData = z.infer<typeof OfferCancellationPolicyChanged>;

/** Spec 01 §9 defaults: min people 1, child age 12, infant age 3, Live Book. */
export const OFFER_DEFAULTS = { minNumOfPeople: 1, childAge: 12, infantAge: 3, bookingType: 1 as const };

/** The details an offer of the tour starts from, the defaults applied (what a new offer's form shows). */
export function blankOfferDetails(tourId: number): Omit<OfferDetailsData, 'id' | 'supplierId'> {
  return {
    tourId,
    nameInternal: '',
    nameDisplay: '',
    origin: [],
    minNumOfPeople: OFFER_DEFAULTS.minNumOfPeople,
    maxNumOfPeople: 0,
    numberOfHours: 0,
    minimumAdvancedPayment: 0,
    isTicketsRequired: false,
    ticketsTypes: [],
    childrenAllowed: false,
    childAge: OFFER_DEFAULTS.childAge,
    infantsAllowed: false,
    infantAge: OFFER_DEFAULTS.infantAge,
    isDirectReporting: false,
    allowDirectCollection: false,
    isAppendTransactionFeeB2b: false,
    description: '',
    notesToClientsPostBooking: '',
    heroImageId: null,
    photos: [],
    timeSlots: [],
    bookingType: OFFER_DEFAULTS.bookingType,
  };
}

/** The schema of each event type, by type. */
export const offerEventTypes = { OfferCreated, OfferDetailsChanged, OfferCancellationPolicyChanged, OfferValidPeriodTermsSet, OfferDeleted: OfferKey, OfferRestored: OfferKey };
export type OfferEvent = EventUnion<typeof offerEventTypes>;

/** Everything an offer's stream holds. */
export type OfferStreamEvent = OfferEvent | ValidPeriodEvent;

const k = { id: 1, supplierId: 1 };
export const offerEventSchemas: EventSchemaDefinition[] = [
  { type: 'OfferCreated', version: 1, schema: OfferCreated, example: { ...k, tourId: 1 } },
  {
    type: 'OfferDetailsChanged',
    version: 1,
    schema: OfferDetailsChanged,
    example: { ...k, ...blankOfferDetails(1), nameInternal: 'DSF-01-STD', nameDisplay: 'Desert Safari — Standard', maxNumOfPeople: 10, numberOfHours: 6 },
  },
  { type: 'OfferCancellationPolicyChanged', version: 1, schema: OfferCancellationPolicyChanged, example: { ...k, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }] } },
  { type: 'OfferValidPeriodTermsSet', version: 1, schema: OfferValidPeriodTermsSet, example: { ...k, validPeriodId: 1, minimumAdvancedPayment: 30 } },
  { type: 'OfferDeleted', version: 1, schema: OfferKey, example: k },
  { type: 'OfferRestored', version: 1, schema: OfferKey, example: k },
];
