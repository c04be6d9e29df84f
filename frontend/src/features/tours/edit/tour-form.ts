import { slugify } from '@tbo/catalog/src/tours/tour-rules.pure';
import type { Direction, DirectionType, FaqItem, Itinerary, RecommendedFor, Tour, TourFields } from '../../../app/catalog/tour.types';
import { applyDefaults, hasContent, NO_DEFAULTS, type AccountDefaults } from './account-defaults';

/**
 * The tour edit form's values (spec 01 §2 Tour edit, §3 Tour, §4 Tour and offer editing): mapped from the tour of
 * the API and back to the body of a save. Pure (no React): unit-tested in tour-form.spec.ts.
 */

export { slugify };

/** Direction types in order (spec 01 §4): 0 By Car, 1 By Bus, 2 By Metro. */
export const DIRECTION_TYPES: readonly DirectionType[] = [0, 1, 2];
/** Recommended for (spec 01 §4), fixed, not fetched. */
export const RECOMMENDED_FOR: readonly RecommendedFor[] = [0, 1, 2, 3, 4];

export interface TourForm extends Omit<TourFields, 'languageId' | 'directions'> {
  /** null until chosen (the select's empty choice); the API wants an id > 0. */
  languageId: number | null;
  /** Always one entry per direction type, in type order; empty ones are not sent. */
  directions: { type: DirectionType; description: string }[];
}

/**
 * Whether the slug follows the display name (spec 01 §4): it does while it is empty or is what the display name
 * gives; once the user types a slug of their own it stops, and it resumes when the slug is emptied.
 */
export function slugFollowsName(url: string, nameDisplay: string): boolean {
  return url.trim() === '' || url === slugify(nameDisplay);
}

export function blankTourForm(): TourForm {
  return toForm(null);
}

/**
 * The form's values for a tour (null: a new tour). A new tour starts on every account default there is (spec 01
 * §4): applyDefaults turns a toggle off again where the account has no such content.
 */
export function toForm(tour: Partial<Tour> | null, defaults: AccountDefaults = NO_DEFAULTS): TourForm {
  const isNew = tour === null;
  const t = tour ?? {};
  const s = (v: string | null | undefined) => v ?? '';
  const directions = DIRECTION_TYPES.map((type) => ({ type, description: s((t.directions ?? []).find((d) => d.type === type)?.description) }));
  const form: TourForm = {
    nameInternal: s(t.nameInternal),
    nameDisplay: s(t.nameDisplay),
    url: s(t.url),
    languageId: t.languageId && t.languageId > 0 ? t.languageId : null,
    isTopTour: !!t.isTopTour,
    toursCategories: [...(t.toursCategories ?? [])],
    recommendedFor: [...(t.recommendedFor ?? [])],
    shortDescription: s(t.shortDescription),
    salesDescription: s(t.salesDescription),
    notesToAgents: s(t.notesToAgents),
    videoUrl: s(t.videoUrl),
    externalLinks: (t.externalLinks ?? []).map((l) => ({ guid: s(l.guid), id: l.id ?? 0, title: s(l.title), url: s(l.url) })),
    cityId: t.cityId ?? null,
    locationTiming: s(t.locationTiming),
    locationAddress: s(t.locationAddress),
    locationLatitude: t.locationLatitude ?? null,
    locationLongitude: t.locationLongitude ?? null,
    googlePlacesId: s(t.googlePlacesId),
    googlePlacesRating: t.googlePlacesRating ?? null,
    googlePlacesTotalRatings: t.googlePlacesTotalRatings ?? null,
    tripAdvisorId: s(t.tripAdvisorId),
    tripAdvisorRating: t.tripAdvisorRating ?? null,
    tripAdvisorTotalRatings: t.tripAdvisorTotalRatings ?? null,
    facebookPageId: s(t.facebookPageId),
    directions,
    termsAndConditions: s(t.termsAndConditions),
    faq: s(t.faq),
    faqs: (t.faqs ?? []).map((f, i) => ({ tourId: f.tourId ?? 0, index: f.index ?? i + 1, question: s(f.question), answer: s(f.answer) })),
    notesToClientsPostBooking: s(t.notesToClientsPostBooking),
    isDefaultTermsAndConditions: isNew || !!t.isDefaultTermsAndConditions,
    isDefaultFaq: isNew || !!t.isDefaultFaq,
    isDefaultNotesToClientsPostBooking: isNew || !!t.isDefaultNotesToClientsPostBooking,
    isDefaultCancellationPolicy: isNew || !!t.isDefaultCancellationPolicy,
    cancellationPolicy: (t.cancellationPolicy ?? []).map((r) => ({ hours: r.hours, percents: r.percents })),
    photos: [...(t.photos ?? [])],
    heroImageId: t.heroImageId ?? null,
    tourItinerary: s(t.tourItinerary),
    itineraries: (t.itineraries ?? []).map((it) => ({ ...it, stops: it.stops.map((st) => ({ ...st })) })),
    seo: s(t.seo),
    seoPageTitle: s(t.seoPageTitle),
    seoPageDescription: s(t.seoPageDescription),
  };
  return applyDefaults(form, defaults);
}

/**
 * The body of POST / PUT /api/tours (spec 01 §4): trimmed names, only the directions with text, FAQ items indexed
 * from 1, a tour on the default policy sends an empty one, offers empty.
 */
export function toPayload(form: TourForm, id: number, version: number | null): TourFields & { id: number; version: number | null; offers: [] } {
  const directions: Direction[] = form.directions.filter((d) => hasContent(d.description)).map((d) => ({ tourId: id, type: d.type, description: d.description }));
  const faqs: FaqItem[] = form.faqs.map((f, i) => ({ tourId: id, index: i + 1, question: f.question.trim(), answer: f.answer }));
  return {
    ...form,
    id,
    version,
    offers: [],
    nameInternal: form.nameInternal.trim(),
    nameDisplay: form.nameDisplay.trim(),
    url: form.url.trim(),
    languageId: form.languageId ?? 0,
    videoUrl: form.videoUrl.trim(),
    externalLinks: form.externalLinks.map((l) => ({ ...l, title: l.title.trim(), url: l.url.trim() })),
    googlePlacesId: form.googlePlacesId.trim(),
    tripAdvisorId: form.tripAdvisorId.trim(),
    directions,
    faqs,
    cancellationPolicy: form.isDefaultCancellationPolicy ? [] : form.cancellationPolicy.map((r) => ({ hours: r.hours, percents: r.percents })),
    itineraries: form.itineraries.map((it): Itinerary => ({ ...it, tourId: id })),
  };
}
