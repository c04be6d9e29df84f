import { z } from 'zod';
import type { HistoryEntry, Tour, TourOfferSummary } from './tour.types';
import { cancellationPolicySchema } from '../../ui/cancellation-policy/policy-tier.schema';

/**
 * The tour's answers checked in the browser (GET /api/tours/manage/{id}, a save's answer, the history). Typed by
 * tour.types.ts (which mirrors the server's shapes), so a drift fails the type check here rather than on a screen.
 */

const nullableNumber = z.number().nullable();
const recommendedFor = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const directionType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const tourOfferSummarySchema = z.object({
  id: z.number(),
  tourId: z.number(),
  nameInternal: z.string(),
  nameDisplay: z.string(),
  isDeleted: z.boolean(),
  bookingType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  pricePerAdultRecUsd: nullableNumber,
  pricePerChildRecUsd: nullableNumber,
  pricePerTripRecUsd: nullableNumber,
  periodEnd: z.string().nullable(),
}) satisfies z.ZodType<TourOfferSummary>;

const stopSchema = z.object({
  index: z.number(),
  guid: z.string(),
  itineraryId: z.number(),
  name: z.string(),
  description: z.string(),
  time: z.number(),
  timeEnd: z.number(),
  timeDescription: z.string(),
  timeEndDescription: z.string(),
  address: z.string(),
  lat: nullableNumber,
  lng: nullableNumber,
});

/** Which texts and policy a tour takes from the account's defaults, its own policy and its photos: the API's tour and the editor's form read them alike. */
export const tourDefaultsFields = {
  isDefaultTermsAndConditions: z.boolean(),
  isDefaultFaq: z.boolean(),
  isDefaultNotesToClientsPostBooking: z.boolean(),
  isDefaultCancellationPolicy: z.boolean(),
  cancellationPolicy: cancellationPolicySchema,
  photos: z.array(z.number()),
};

export const tourSchema = z.object({
  id: z.number(),
  version: z.number(),
  isDeleted: z.boolean(),
  // The tour's own stream has no offers: the API adds them (and may leave them out).
  offers: z.array(tourOfferSummarySchema).default([]),
  nameInternal: z.string(),
  nameDisplay: z.string(),
  url: z.string(),
  languageId: z.number(),
  isTopTour: z.boolean(),
  toursCategories: z.array(z.number()),
  recommendedFor: z.array(recommendedFor),
  shortDescription: z.string(),
  salesDescription: z.string(),
  notesToAgents: z.string(),
  videoUrl: z.string(),
  externalLinks: z.array(z.object({ guid: z.string(), id: z.number(), title: z.string(), url: z.string() })),
  cityId: nullableNumber,
  locationTiming: z.string(),
  locationAddress: z.string(),
  locationLatitude: nullableNumber,
  locationLongitude: nullableNumber,
  googlePlacesId: z.string(),
  googlePlacesRating: nullableNumber,
  googlePlacesTotalRatings: nullableNumber,
  tripAdvisorId: z.string(),
  tripAdvisorRating: nullableNumber,
  tripAdvisorTotalRatings: nullableNumber,
  facebookPageId: z.string(),
  directions: z.array(z.object({ tourId: z.number(), type: directionType, description: z.string() })),
  termsAndConditions: z.string(),
  faq: z.string(),
  faqs: z.array(z.object({ tourId: z.number(), index: z.number(), question: z.string(), answer: z.string() })),
  notesToClientsPostBooking: z.string(),
  ...tourDefaultsFields,
  heroImageId: nullableNumber,
  tourItinerary: z.string(),
  itineraries: z.array(z.object({ guid: z.string(), id: z.number(), index: z.number(), tourId: z.number(), name: z.string(), stops: z.array(stopSchema) })),
  seo: z.string(),
  seoPageTitle: z.string(),
  seoPageDescription: z.string(),
}) satisfies z.ZodType<Tour>;

/** One entry of GET /api/tours/{id}/history and GET /api/offers/{id}/history. */
export const historyEntrySchema = z.object({
  position: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  event: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
}) satisfies z.ZodType<HistoryEntry>;

export const historySchema = z.array(historyEntrySchema);
