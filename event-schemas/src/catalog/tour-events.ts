import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/**
 * A supplier's tour (stream `tour-<id>`). It changes in sections, one event each, so the history
 * says which part changed; each section event states its section whole. Rich text is already
 * sanitised, cancellation policies normalised and itinerary stops re-indexed when appended.
 */
const key = { id: z.number().int().positive().max(PG_INT_MAX), supplierId: z.number().int().positive().max(PG_INT_MAX) };
const text = (max: number) => z.string().max(max);
const rich = text(100_000);

export const TourExternalLink = z.object({ guid: text(64), id: z.number().int().min(0).max(PG_INT_MAX), title: z.string().min(1).max(500), url: z.string().min(1).max(2000) });
export const TourDirection = z.object({ tourId: z.number().int().min(0).max(PG_INT_MAX), type: z.number().int().min(0).max(2), description: rich });
export const TourFaqItem = z.object({ tourId: z.number().int().min(0).max(PG_INT_MAX), index: z.number().int().min(1).max(PG_INT_MAX), question: text(2000), answer: rich });
export const TourStop = z.object({
  index: z.number().int().min(1).max(PG_INT_MAX),
  guid: text(64),
  itineraryId: z.number().int().min(0).max(PG_INT_MAX),
  name: z.string().min(1).max(500),
  description: rich,
  time: z.number().int().min(0).max(1439),
  timeEnd: z.number().int().min(0).max(1439),
  timeDescription: text(5),
  timeEndDescription: text(5),
  address: text(1000),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export const TourItinerary = z.object({
  guid: text(64),
  id: z.number().int().min(0).max(PG_INT_MAX),
  index: z.number().int().min(1).max(PG_INT_MAX),
  tourId: z.number().int().min(0).max(PG_INT_MAX),
  name: z.string().min(1).max(500),
  stops: z.array(TourStop).max(200),
});
export const TourCancellationOption = z.object({ hours: z.number().int().positive().max(PG_INT_MAX), percents: z.number().positive().max(100) });

export const TourCreated = z.object(key);
export const TourBasicDetailsChanged = z.object({
  ...key,
  nameInternal: z.string().min(1).max(200),
  nameDisplay: z.string().min(1).max(200),
  url: z.string().min(1).max(300),
  languageId: z.number().int().positive().max(PG_INT_MAX),
  isTopTour: z.boolean(),
  toursCategories: z.array(z.number().int().positive().max(PG_INT_MAX)).min(1).max(100),
  recommendedFor: z.array(z.number().int().min(0).max(4)).max(5),
  shortDescription: rich,
  salesDescription: rich,
  notesToAgents: rich,
  videoUrl: text(2000),
  externalLinks: z.array(TourExternalLink).max(100),
});
export const TourLocationChanged = z.object({
  ...key,
  cityId: z.number().int().positive().max(PG_INT_MAX).nullable(),
  locationTiming: text(2000),
  locationAddress: text(1000),
  locationLatitude: z.number().min(-90).max(90).nullable(),
  locationLongitude: z.number().min(-180).max(180).nullable(),
  googlePlacesId: text(300),
  googlePlacesRating: z.number().nullable(),
  googlePlacesTotalRatings: z.number().nullable(),
  tripAdvisorId: text(100),
  tripAdvisorRating: z.number().nullable(),
  tripAdvisorTotalRatings: z.number().nullable(),
  facebookPageId: text(300),
  directions: z.array(TourDirection).max(3),
});
export const TourTermsChanged = z.object({
  ...key,
  termsAndConditions: rich,
  faq: rich,
  faqs: z.array(TourFaqItem).max(200),
  notesToClientsPostBooking: rich,
  isDefaultTermsAndConditions: z.boolean(),
  isDefaultFaq: z.boolean(),
  isDefaultNotesToClientsPostBooking: z.boolean(),
  isDefaultCancellationPolicy: z.boolean(),
  cancellationPolicy: z.array(TourCancellationOption).max(50),
});
export const TourMediaChanged = z.object({ ...key, photos: z.array(z.number().int().positive().max(PG_INT_MAX)).max(500), heroImageId: z.number().int().positive().max(PG_INT_MAX).nullable() });
export const TourItinerariesChanged = z.object({ ...key, tourItinerary: rich, itineraries: z.array(TourItinerary).max(50) });
export const TourSeoChanged = z.object({ ...key, seo: rich, seoPageTitle: text(500), seoPageDescription: text(2000) });
export const TourDeleted = z.object(key);
export const TourRestored = z.object(key);

export type TourBasicDetailsData = z.infer<typeof TourBasicDetailsChanged>;
export type TourLocationData = z.infer<typeof TourLocationChanged>;
export type TourTermsData = z.infer<typeof TourTermsChanged>;
export type TourMediaData = z.infer<typeof TourMediaChanged>;
export type TourItinerariesData = z.infer<typeof TourItinerariesChanged>;
export type TourSeoData = z.infer<typeof TourSeoChanged>;

/** A location linked to no place (spec 01 §5 "Place ids"): no Google Places or TripAdvisor id, so no ratings, and no Facebook page. */
export function noPlaceLinks(): Pick<TourLocationData, 'googlePlacesId' | 'googlePlacesRating' | 'googlePlacesTotalRatings' | 'tripAdvisorId' | 'tripAdvisorRating' | 'tripAdvisorTotalRatings' | 'facebookPageId'> {
  return {
    googlePlacesId: '',
    googlePlacesRating: null,
    googlePlacesTotalRatings: null,
    tripAdvisorId: '',
    tripAdvisorRating: null,
    tripAdvisorTotalRatings: null,
    facebookPageId: '',
  };
}

/** The schema of each event type, by type. */
export const tourEventTypes = { TourCreated, TourBasicDetailsChanged, TourLocationChanged, TourTermsChanged, TourMediaChanged, TourItinerariesChanged, TourSeoChanged, TourDeleted, TourRestored };
export type TourEvent = EventUnion<typeof tourEventTypes>;

const k = { id: 1, supplierId: 1 };
export const tourEventSchemas: EventSchemaDefinition[] = [
  { type: 'TourCreated', version: 1, schema: TourCreated, example: k },
  {
    type: 'TourBasicDetailsChanged',
    version: 1,
    schema: TourBasicDetailsChanged,
    example: {
      ...k,
      nameInternal: 'DSF-01',
      nameDisplay: 'Desert Safari',
      url: 'desert-safari',
      languageId: 1,
      isTopTour: true,
      toursCategories: [1],
      recommendedFor: [0],
      shortDescription: '',
      salesDescription: '<p>Dunes</p>',
      notesToAgents: '',
      videoUrl: 'https://www.youtube.com/watch?v=abc',
      externalLinks: [{ guid: 'a1', id: 0, title: 'Map', url: 'https://example.test' }],
    },
  },
  {
    type: 'TourLocationChanged',
    version: 1,
    schema: TourLocationChanged,
    example: {
      ...k,
      cityId: 1,
      locationTiming: '15:00-21:00',
      locationAddress: 'Al Marmoom',
      locationLatitude: 25.19,
      locationLongitude: 55.28,
      ...noPlaceLinks(),
      directions: [{ tourId: 1, type: 0, description: '<p>E66</p>' }],
    },
  },
  {
    type: 'TourTermsChanged',
    version: 1,
    schema: TourTermsChanged,
    example: {
      ...k,
      termsAndConditions: '',
      faq: '',
      faqs: [{ tourId: 1, index: 1, question: 'Pickup?', answer: 'Yes' }],
      notesToClientsPostBooking: '',
      isDefaultTermsAndConditions: true,
      isDefaultFaq: true,
      isDefaultNotesToClientsPostBooking: true,
      isDefaultCancellationPolicy: false,
      cancellationPolicy: [{ hours: 24, percents: 100 }],
    },
  },
  { type: 'TourMediaChanged', version: 1, schema: TourMediaChanged, example: { ...k, photos: [3, 4], heroImageId: 3 } },
  {
    type: 'TourItinerariesChanged',
    version: 1,
    schema: TourItinerariesChanged,
    example: {
      ...k,
      tourItinerary: '',
      itineraries: [
        {
          guid: 'i1',
          id: 0,
          index: 1,
          tourId: 1,
          name: 'Evening',
          stops: [{ index: 1, guid: 's1', itineraryId: 0, name: 'Pickup', description: '', time: 900, timeEnd: 930, timeDescription: '15:00', timeEndDescription: '15:30', address: '', lat: null, lng: null }],
        },
      ],
    },
  },
  { type: 'TourSeoChanged', version: 1, schema: TourSeoChanged, example: { ...k, seo: '', seoPageTitle: 'Desert safari', seoPageDescription: '' } },
  { type: 'TourDeleted', version: 1, schema: TourDeleted, example: k },
  { type: 'TourRestored', version: 1, schema: TourRestored, example: k },
];
