import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { TourOfferSummary } from '@tbo/catalog/src/pure/offer-summary.pure';
import { isItemNotFound } from '../../../app/catalog/item-read';
import { notify } from '../../../app/notifications/notifications';
import i18n from '../../../i18n/i18n';
import { ApiError, apiCall } from '../../../lib/api-client';
import { validPeriodSchema } from './valid-period.schema';
import { policyTierSchema } from '../../../ui/cancellation-policy/policy-tier.schema';

/**
 * The offer (ticket) as GET /api/offers/manage/{id} answers it and POST/PUT /api/offers take it back (spec 01 §3).
 * Its summary part is the server's shared shape (offer-summary.pure.ts); the periods are valid-period.schema.ts's.
 */
const bookingTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type BookingType = z.infer<typeof bookingTypeSchema>;

export const offerSummarySchema = z.object({
  id: z.number(),
  tourId: z.number(),
  nameInternal: z.string(),
  nameDisplay: z.string(),
  isDeleted: z.boolean(),
  bookingType: bookingTypeSchema,
  pricePerAdultRecUsd: z.number().nullable(),
  pricePerChildRecUsd: z.number().nullable(),
  pricePerTripRecUsd: z.number().nullable(),
  periodEnd: z.string().nullable(),
}) satisfies z.ZodType<TourOfferSummary>;

export const cancellationOptionSchema = policyTierSchema;
export type CancellationOption = z.infer<typeof cancellationOptionSchema>;

/** Ticket type categories: Adult 0, Child 1, Infant 2. */
export const offerTicketTypeSchema = z.object({ ticketTypeId: z.number(), type: z.union([z.literal(0), z.literal(1), z.literal(2)]) });
export type OfferTicketType = z.infer<typeof offerTicketTypeSchema>;

export const offerSchema = offerSummarySchema.extend({
  origin: z.array(z.number()),
  minNumOfPeople: z.number(),
  maxNumOfPeople: z.number(),
  numberOfHours: z.number(),
  minimumAdvancedPayment: z.number(),
  isTicketsRequired: z.boolean(),
  ticketsTypes: z.array(offerTicketTypeSchema),
  childrenAllowed: z.boolean(),
  childAge: z.number(),
  infantsAllowed: z.boolean(),
  infantAge: z.number(),
  isDirectReporting: z.boolean(),
  allowDirectCollection: z.boolean(),
  isAppendTransactionFeeB2b: z.boolean(),
  description: z.string(),
  notesToClientsPostBooking: z.string(),
  heroImageId: z.number().nullable(),
  photos: z.array(z.number()),
  timeSlots: z.array(z.number()),
  isOverrideTourCancellationPolicy: z.boolean(),
  cancellationPolicy: z.array(cancellationOptionSchema),
  validPeriods: z.array(validPeriodSchema),
  /** The stream revision: sent back on save, a stale one answers 409. */
  version: z.number().nullable(),
  /** Present on the answers of a change: the read models' position to wait for. */
  position: z.string().nullish(),
});
export type Offer = z.infer<typeof offerSchema>;

/** The editable fields, as the save takes them back. */
export type OfferFields = Omit<Offer, 'id' | 'isDeleted' | 'validPeriods' | 'pricePerAdultRecUsd' | 'pricePerChildRecUsd' | 'pricePerTripRecUsd' | 'periodEnd' | 'version' | 'position'>;

export const offerKey = (id: number) => ['offers', 'manage', id] as const;

/**
 * A 404, 403, or 400 (an id the API cannot read) is notified as 'Not found' / 'Ticket not found or…' and thrown
 * (the page then leaves, spec 01 §8); any other failure, an unexpected answer included, is notified as it is.
 */
export async function fetchOffer(id: number): Promise<Offer> {
  try {
    return await apiCall(offerSchema, 'GET', `/api/offers/manage/${id}`, undefined, { silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.code !== 401 && err.title !== 'Aborted') {
      if (isItemNotFound(err, [403])) notify({ title: i18n.t('offer-edit:notFound.title'), message: i18n.t('offer-edit:notFound.message'), kind: 'error' });
      else notify({ title: err.title, message: err.message, kind: 'error' });
    }
    throw err;
  }
}

export function useOffer(id: number | null) {
  // The form owns the data once loaded: no background refetch; a reload is explicit.
  return useQuery({ queryKey: offerKey(id ?? 0), queryFn: () => fetchOffer(id as number), enabled: !!id, retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
}
