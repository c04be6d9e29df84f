/**
 * The tour as GET /api/tours/manage/{id} answers it and POST/PUT /api/tours take it back (spec 01 §3 Tour).
 * Mirrors modules/catalog/src/tours/tour.commands.ts (saveTourInput): the server is the one that checks.
 */
import type { TourOfferSummary } from '@tbo/catalog/src/pure/offer-summary.pure';

/** One offer as the tour answers it (the Tickets tab): the server's own shape. */
export type { TourOfferSummary };

export interface CancellationOption {
  hours: number;
  percents: number;
}

export interface ExternalLink {
  guid: string;
  id: number;
  title: string;
  url: string;
}

/** Direction type: 0 By Car, 1 By Bus, 2 By Metro. */
export type DirectionType = 0 | 1 | 2;
export interface Direction {
  tourId: number;
  type: DirectionType;
  description: string;
}

export interface FaqItem {
  tourId: number;
  index: number;
  question: string;
  answer: string;
}

export interface Stop {
  index: number;
  guid: string;
  itineraryId: number;
  name: string;
  description: string;
  /** Minutes since midnight. */
  time: number;
  timeEnd: number;
  /** HH:MM. */
  timeDescription: string;
  timeEndDescription: string;
  address: string;
  lat: number | null;
  lng: number | null;
}

export interface Itinerary {
  guid: string;
  id: number;
  index: number;
  tourId: number;
  name: string;
  stops: Stop[];
}

/** Recommended for: 0 Everybody, 1 Families With Children, 2 Families With Infants, 3 Young Adults, 4 Elderly. */
export type RecommendedFor = 0 | 1 | 2 | 3 | 4;

export interface TourFields {
  nameInternal: string;
  nameDisplay: string;
  url: string;
  languageId: number;
  isTopTour: boolean;
  toursCategories: number[];
  recommendedFor: RecommendedFor[];
  shortDescription: string;
  salesDescription: string;
  notesToAgents: string;
  videoUrl: string;
  externalLinks: ExternalLink[];
  cityId: number | null;
  locationTiming: string;
  locationAddress: string;
  locationLatitude: number | null;
  locationLongitude: number | null;
  googlePlacesId: string;
  googlePlacesRating: number | null;
  googlePlacesTotalRatings: number | null;
  tripAdvisorId: string;
  tripAdvisorRating: number | null;
  tripAdvisorTotalRatings: number | null;
  facebookPageId: string;
  directions: Direction[];
  termsAndConditions: string;
  faq: string;
  faqs: FaqItem[];
  notesToClientsPostBooking: string;
  isDefaultTermsAndConditions: boolean;
  isDefaultFaq: boolean;
  isDefaultNotesToClientsPostBooking: boolean;
  isDefaultCancellationPolicy: boolean;
  cancellationPolicy: CancellationOption[];
  photos: number[];
  heroImageId: number | null;
  tourItinerary: string;
  itineraries: Itinerary[];
  seo: string;
  seoPageTitle: string;
  seoPageDescription: string;
}

export interface Tour extends TourFields {
  id: number;
  isDeleted: boolean;
  offers: TourOfferSummary[];
  /** The stream revision: sent back on save, a stale one answers 409. */
  version: number;
}

/** A row of GET /api/tours/manageList. */
export interface TourListRow {
  id: number;
  nameInternal: string;
  nameDisplay: string;
  languageId: number | null;
  languageName: string;
  isTopTour: boolean;
  isDeleted: boolean;
  offers: Pick<TourOfferSummary, 'id' | 'nameInternal' | 'nameDisplay' | 'isDeleted'>[];
}

/** One entry of GET /api/tours/{id}/history and GET /api/offers/{id}/history. */
export interface HistoryEntry {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: { field: string; before: unknown; after: unknown }[];
}
