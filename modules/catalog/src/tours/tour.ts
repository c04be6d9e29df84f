import { isDeepStrictEqual } from 'node:util';
import {
  noPlaceLinks,
  type TourBasicDetailsData,
  type TourEvent,
  type TourItinerariesData,
  type TourLocationData,
  type TourMediaData,
  type TourSeoData,
  type TourTermsData,
} from '@tbo/event-schemas';
import { deleteOrRestore, minutesToTime, mustOwn, normalizeCancellationPolicy, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import type { TourOfferSummary } from '../pure/offer-summary.pure';
import { isHttpUrl, isVideoUrlAllowed, slugify } from './tour-rules.pure';

export type { TourOfferSummary };

export { isVideoUrlAllowed, slugify } from './tour-rules.pure';

type Section<T> = Omit<T, 'id' | 'supplierId'>;
export type TourBasicDetails = Section<TourBasicDetailsData>;
export type TourLocation = Section<TourLocationData>;
export type TourTerms = Section<TourTermsData>;
export type TourMedia = Section<TourMediaData>;
export type TourItineraries = Section<TourItinerariesData>;
export type TourSeo = Section<TourSeoData>;
export type Itinerary = TourItineraries['itineraries'][number];
export type Stop = Itinerary['stops'][number];

/** Every editable field of a tour (spec 01 §3 Tour, without id, isDeleted and offers). */
export type TourFields = TourBasicDetails & TourLocation & TourTerms & TourMedia & TourItineraries & TourSeo;

/**
 * The tour as GET /api/tours/manage/{id} answers it. Offers are not part of the tour's stream:
 * the decider answers none, and the controller fills them from the offers read model.
 */
export interface Tour extends TourFields {
  id: number;
  isDeleted: boolean;
  offers: TourOfferSummary[];
}

export interface TourState {
  id: number;
  supplierId: number | null;
  exists: boolean;
  isDeleted: boolean;
  basic: TourBasicDetails | null;
  location: TourLocation | null;
  terms: TourTerms | null;
  media: TourMedia | null;
  itineraries: TourItineraries | null;
  seo: TourSeo | null;
}

/** Which kinds of default content the supplier's account has (business profile: default settings, cancellation policy). */
export interface DefaultsAvailable {
  termsAndConditions: boolean;
  faq: boolean;
  notesToClientsPostBooking: boolean;
  cancellationPolicy: boolean;
}

export type TourCommand =
  | { type: 'SaveTour'; id: number; supplierId: number; isNew: boolean; tour: TourFields; defaultsAvailable?: DefaultsAvailable }
  | { type: 'DeleteTour'; id: number; supplierId: number }
  | { type: 'RestoreTour'; id: number; supplierId: number };

export const TOUR_NOT_FOUND = 'Tour not found or you are not allowed to manage it';
export const tourNotFound = () => new NotFoundError(TOUR_NOT_FOUND, 'Not found');

export const TOUR_MESSAGES = {
  code: 'Tour code is required',
  displayName: 'Tour display name is required',
  url: 'Url is required',
  language: 'Language is required',
  categories: 'At least one tour category is required',
  linkTitle: 'Link title is required',
  linkUrl: 'Link Url is required',
  links: 'All external links should have specified Title and valid Url',
  video: 'Video url must be a YouTube or Vimeo link',
  itineraryName: 'Itinerary name is required',
  stopName: 'itinerary stop name is required',
  city: 'City not found',
  category: 'Tour category not found',
  photo: 'Photo not found in your media library',
  heroImage: 'Hero image not found in your media library',
} as const;

/**
 * Every tour rule of spec 01 §5, collected as field errors (the first message is the overall one).
 * Field keys follow the payload: `externalLinks.0.title`, `itineraries.1.stops.0.name`.
 */
export function tourProblems(t: TourFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!t.nameInternal.trim()) add('nameInternal', TOUR_MESSAGES.code);
  if (!t.nameDisplay.trim()) add('nameDisplay', TOUR_MESSAGES.displayName);
  if (!t.url.trim()) add('url', TOUR_MESSAGES.url);
  if (!(t.languageId > 0)) add('languageId', TOUR_MESSAGES.language);
  if (t.toursCategories.length === 0) add('toursCategories', TOUR_MESSAGES.categories);
  let badLink = false;
  t.externalLinks.forEach((l, i) => {
    if (!l.title.trim()) {
      add(`externalLinks.${i}.title`, TOUR_MESSAGES.linkTitle);
      badLink = true;
    }
    if (!l.url.trim()) {
      add(`externalLinks.${i}.url`, TOUR_MESSAGES.linkUrl);
      badLink = true;
    } else if (!isHttpUrl(l.url.trim())) badLink = true;
  });
  if (badLink) add('externalLinks', TOUR_MESSAGES.links);
  if (!isVideoUrlAllowed(t.videoUrl)) add('videoUrl', TOUR_MESSAGES.video);
  t.itineraries.forEach((it, i) => {
    if (!it.name.trim()) add(`itineraries.${i}.name`, TOUR_MESSAGES.itineraryName);
    it.stops.forEach((s, j) => {
      if (!s.name.trim()) add(`itineraries.${i}.stops.${j}.name`, TOUR_MESSAGES.stopName);
    });
  });
  return errors;
}

/** Itineraries and stops indexed from 1 in the order given; stop times described as HH:MM. */
export function normalizeItineraries(itineraries: Itinerary[], tourId: number): Itinerary[] {
  return itineraries.map((it, i) => ({
    ...it,
    index: i + 1,
    tourId,
    name: it.name.trim(),
    stops: it.stops.map((s, j) => ({
      ...s,
      index: j + 1,
      itineraryId: it.id,
      name: s.name.trim(),
      timeDescription: minutesToTime(s.time),
      timeEndDescription: minutesToTime(s.timeEnd),
    })),
  }));
}

/**
 * Spec 01 §4: a 'use defaults' toggle is forced off when the account has no default content of that
 * kind, so a tour never points at defaults that are not there. Without the account's answer (tests,
 * rebuilds) the toggles are kept as sent.
 */
export function withAvailableDefaults(t: TourFields, available: DefaultsAvailable | undefined): TourFields {
  if (!available) return t;
  return {
    ...t,
    isDefaultTermsAndConditions: t.isDefaultTermsAndConditions && available.termsAndConditions,
    isDefaultFaq: t.isDefaultFaq && available.faq,
    isDefaultNotesToClientsPostBooking: t.isDefaultNotesToClientsPostBooking && available.notesToClientsPostBooking,
    isDefaultCancellationPolicy: t.isDefaultCancellationPolicy && available.cancellationPolicy,
  };
}

/** The tour's fields as they are stored: trimmed, slug derived when empty, policy normalised, lists indexed. */
export function normalizeTour(t: TourFields, id: number): TourFields {
  const url = t.url.trim() || slugify(t.nameDisplay);
  return {
    ...t,
    nameInternal: t.nameInternal.trim(),
    nameDisplay: t.nameDisplay.trim(),
    url,
    videoUrl: t.videoUrl.trim(),
    externalLinks: t.externalLinks.map((l) => ({ ...l, title: l.title.trim(), url: l.url.trim() })),
    directions: t.directions.map((d) => ({ ...d, tourId: id })),
    faqs: t.faqs.map((f, i) => ({ ...f, tourId: id, index: i + 1 })),
    // A tour that uses the account's default policy stores none of its own (spec 01 §4).
    cancellationPolicy: t.isDefaultCancellationPolicy ? [] : normalizeCancellationPolicy(t.cancellationPolicy),
    itineraries: normalizeItineraries(t.itineraries, id),
  };
}

function sectionsOf(t: TourFields) {
  const basic: TourBasicDetails = {
    nameInternal: t.nameInternal,
    nameDisplay: t.nameDisplay,
    url: t.url,
    languageId: t.languageId,
    isTopTour: t.isTopTour,
    toursCategories: t.toursCategories,
    recommendedFor: t.recommendedFor,
    shortDescription: t.shortDescription,
    salesDescription: t.salesDescription,
    notesToAgents: t.notesToAgents,
    videoUrl: t.videoUrl,
    externalLinks: t.externalLinks,
  };
  const location: TourLocation = {
    cityId: t.cityId,
    locationTiming: t.locationTiming,
    locationAddress: t.locationAddress,
    locationLatitude: t.locationLatitude,
    locationLongitude: t.locationLongitude,
    googlePlacesId: t.googlePlacesId,
    googlePlacesRating: t.googlePlacesRating,
    googlePlacesTotalRatings: t.googlePlacesTotalRatings,
    tripAdvisorId: t.tripAdvisorId,
    tripAdvisorRating: t.tripAdvisorRating,
    tripAdvisorTotalRatings: t.tripAdvisorTotalRatings,
    facebookPageId: t.facebookPageId,
    directions: t.directions,
  };
  const terms: TourTerms = {
    termsAndConditions: t.termsAndConditions,
    faq: t.faq,
    faqs: t.faqs,
    notesToClientsPostBooking: t.notesToClientsPostBooking,
    isDefaultTermsAndConditions: t.isDefaultTermsAndConditions,
    isDefaultFaq: t.isDefaultFaq,
    isDefaultNotesToClientsPostBooking: t.isDefaultNotesToClientsPostBooking,
    isDefaultCancellationPolicy: t.isDefaultCancellationPolicy,
    cancellationPolicy: t.cancellationPolicy,
  };
  const media: TourMedia = { photos: t.photos, heroImageId: t.heroImageId };
  const itineraries: TourItineraries = { tourItinerary: t.tourItinerary, itineraries: t.itineraries };
  const seo: TourSeo = { seo: t.seo, seoPageTitle: t.seoPageTitle, seoPageDescription: t.seoPageDescription };
  return { basic, location, terms, media, itineraries, seo };
}

/** Key order does not count: stored events come back from jsonb with their keys reordered. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

export const emptyTourState = (id = 0): TourState => ({
  id,
  supplierId: null,
  exists: false,
  isDeleted: false,
  basic: null,
  location: null,
  terms: null,
  media: null,
  itineraries: null,
  seo: null,
});

const strip = <T extends { id: number; supplierId: number }>(data: T): Omit<T, 'id' | 'supplierId'> => {
  const { id: _id, supplierId: _supplierId, ...rest } = data;
  return rest;
};

/**
 * A supplier's tour: created once, then one event per section that changed, so the history says
 * whether the basics, location, terms, media, itineraries or SEO changed. Another supplier's tour
 * is answered as not found, never as forbidden (spec 01 §8).
 */
export const tourDecider: Decider<TourCommand, TourEvent, TourState> = {
  initialState: emptyTourState(),
  evolve(state, event) {
    const { id, supplierId } = event.data;
    const s = { ...state, id, supplierId };
    switch (event.type) {
      case 'TourCreated':
        return { ...s, exists: true };
      case 'TourBasicDetailsChanged':
        return { ...s, basic: strip(event.data) };
      case 'TourLocationChanged':
        return { ...s, location: strip(event.data) };
      case 'TourTermsChanged':
        return { ...s, terms: strip(event.data) };
      case 'TourMediaChanged':
        return { ...s, media: strip(event.data) };
      case 'TourItinerariesChanged':
        return { ...s, itineraries: strip(event.data) };
      case 'TourSeoChanged':
        return { ...s, seo: strip(event.data) };
      case 'TourDeleted':
        return { ...s, isDeleted: true };
      case 'TourRestored':
        return { ...s, isDeleted: false };
    }
  },
  decide(cmd, state) {
    const key = { id: cmd.id, supplierId: cmd.supplierId };
    mustOwn(state, cmd.supplierId, cmd.type === 'SaveTour' && cmd.isNew, tourNotFound);
    if (cmd.type === 'DeleteTour' || cmd.type === 'RestoreTour') return deleteOrRestore(state, cmd.type === 'RestoreTour', key, 'TourDeleted', 'TourRestored');

    const tour = withAvailableDefaults(cmd.tour, cmd.defaultsAvailable);
    const problems = tourProblems({ ...tour, url: tour.url.trim() || slugify(tour.nameDisplay) });
    const first = Object.values(problems)[0]?.[0];
    if (first) {
      const overall = problems.externalLinks?.[0] ?? first;
      throw new ValidationError(overall, problems);
    }
    const next = sectionsOf(normalizeTour(tour, cmd.id));
    const events: TourEvent[] = [];
    if (cmd.isNew) events.push({ type: 'TourCreated', data: key });
    if (!same(state.basic, next.basic)) events.push({ type: 'TourBasicDetailsChanged', data: { ...key, ...next.basic } });
    if (!same(state.location, next.location)) events.push({ type: 'TourLocationChanged', data: { ...key, ...next.location } });
    if (!same(state.terms, next.terms)) events.push({ type: 'TourTermsChanged', data: { ...key, ...next.terms } });
    if (!same(state.media, next.media)) events.push({ type: 'TourMediaChanged', data: { ...key, ...next.media } });
    if (!same(state.itineraries, next.itineraries)) events.push({ type: 'TourItinerariesChanged', data: { ...key, ...next.itineraries } });
    if (!same(state.seo, next.seo)) events.push({ type: 'TourSeoChanged', data: { ...key, ...next.seo } });
    return events;
  },
};

export const tourStream = (id: number) => `tour-${id}`;

/** The fields of a tour that never saved a section (a new tour's blank form). */
export function blankTourFields(): TourFields {
  return {
    nameInternal: '',
    nameDisplay: '',
    url: '',
    languageId: 0,
    isTopTour: false,
    toursCategories: [],
    recommendedFor: [],
    shortDescription: '',
    salesDescription: '',
    notesToAgents: '',
    videoUrl: '',
    externalLinks: [],
    cityId: null,
    locationTiming: '',
    locationAddress: '',
    locationLatitude: null,
    locationLongitude: null,
    ...noPlaceLinks(),
    directions: [],
    termsAndConditions: '',
    faq: '',
    faqs: [],
    notesToClientsPostBooking: '',
    isDefaultTermsAndConditions: false,
    isDefaultFaq: false,
    isDefaultNotesToClientsPostBooking: false,
    isDefaultCancellationPolicy: false,
    cancellationPolicy: [],
    photos: [],
    heroImageId: null,
    tourItinerary: '',
    itineraries: [],
    seo: '',
    seoPageTitle: '',
    seoPageDescription: '',
  };
}

/** The GET shape from the stored sections. */
export function tourFrom(state: Pick<TourState, 'id' | 'isDeleted' | 'basic' | 'location' | 'terms' | 'media' | 'itineraries' | 'seo'>): Tour {
  return {
    id: state.id,
    ...blankTourFields(),
    ...(state.basic ?? {}),
    ...(state.location ?? {}),
    ...(state.terms ?? {}),
    ...(state.media ?? {}),
    ...(state.itineraries ?? {}),
    ...(state.seo ?? {}),
    isDeleted: state.isDeleted,
    offers: [],
  };
}
