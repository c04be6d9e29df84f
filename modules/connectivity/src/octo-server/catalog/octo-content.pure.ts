/**
 * octo/content from what our tours and offers hold: descriptions, FAQ, photos, the location and the itinerary's
 * stops, the duration. Fields we have no data for are empty, as the standard allows. Pure.
 */
import { plainText } from '@tbo/kernel/src/pure/plain-text.pure';

export interface OctoMedia {
  src: string;
  type: string;
  rel: 'LOGO' | 'COVER' | 'GALLERY';
  title: string | null;
  caption: string | null;
  copyright: string | null;
}

export interface OctoLocation {
  title: string | null;
  shortDescription: string | null;
  types: string[];
  minutesTo: number | null;
  minutesAt: number | null;
  place: {
    latitude: number;
    longitude: number;
    postalAddress: Record<'streetAddress' | 'addressLocality' | 'addressRegion' | 'postalCode' | 'addressCountry' | 'postOfficeBoxNumber', string | null>;
    identifiers: Record<'googlePlaceId' | 'applePlaceId' | 'tripadvisorLocationId' | 'yelpPlaceId' | 'facebookPlaceId' | 'foursquarePlaceId' | 'baiduPlaceId' | 'amapPlaceId', string | null>;
    sameAs: string[];
  };
}

export { plainText };

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Photos, the hero first as the cover. Variants are WebP: the standard lists its media types as recommended ones,
 * and the file's type is the one that is true.
 */
export function mediaOf(origin: string, photoIds: readonly number[], heroId: number | null, title: string): OctoMedia[] {
  const ids = heroId ? [heroId, ...photoIds.filter((id) => id !== heroId)] : [...photoIds];
  return ids.map((id, i) => ({ src: `${origin}/api/photos/${id}/big`, type: 'image/webp', rel: i === 0 ? 'COVER' : 'GALLERY', title, caption: null, copyright: null }));
}

function location(title: string | null, lat: number, lng: number, types: string[], extra: { address?: string | null; googlePlaceId?: string | null; tripadvisorId?: string | null; minutesAt?: number | null } = {}): OctoLocation {
  return {
    title,
    shortDescription: null,
    types,
    minutesTo: null,
    minutesAt: extra.minutesAt ?? null,
    place: {
      latitude: lat,
      longitude: lng,
      postalAddress: { streetAddress: extra.address || null, addressLocality: null, addressRegion: null, postalCode: null, addressCountry: null, postOfficeBoxNumber: null },
      identifiers: {
        googlePlaceId: extra.googlePlaceId || null,
        applePlaceId: null,
        tripadvisorLocationId: extra.tripadvisorId || null,
        yelpPlaceId: null,
        facebookPlaceId: null,
        foursquarePlaceId: null,
        baiduPlaceId: null,
        amapPlaceId: null,
      },
      sameAs: [],
    },
  };
}

interface Stop {
  name?: unknown;
  lat?: unknown;
  lng?: unknown;
  time?: unknown;
  timeEnd?: unknown;
  address?: unknown;
}

/** The tour's own location, then its first itinerary's stops that have coordinates. */
export function locationsOf(tour: Record<string, unknown>): OctoLocation[] {
  const out: OctoLocation[] = [];
  const lat = numberOr(tour.locationLatitude);
  const lng = numberOr(tour.locationLongitude);
  if (lat !== null && lng !== null) {
    out.push(location(textOf(tour.locationAddress) || textOf(tour.nameDisplay) || null, lat, lng, ['START'], { address: textOf(tour.locationAddress), googlePlaceId: textOf(tour.googlePlacesId), tripadvisorId: textOf(tour.tripAdvisorId) }));
  }
  const itineraries = Array.isArray(tour.itineraries) ? (tour.itineraries as { stops?: Stop[] }[]) : [];
  for (const s of itineraries[0]?.stops ?? []) {
    const slat = numberOr(s.lat);
    const slng = numberOr(s.lng);
    if (slat === null || slng === null) continue;
    const at = numberOr(s.time);
    const until = numberOr(s.timeEnd);
    out.push(location(textOf(s.name) || null, slat, slng, ['ITINERARY_ITEM'], { address: textOf(s.address), minutesAt: at !== null && until !== null && until > at ? until - at : null }));
  }
  return out;
}

export function faqsOf(tour: Record<string, unknown>): { question: string; answer: string }[] {
  const faqs = Array.isArray(tour.faqs) ? (tour.faqs as { question?: unknown; answer?: unknown }[]) : [];
  return faqs.filter((f) => textOf(f.question).trim()).map((f) => ({ question: textOf(f.question), answer: plainText(f.answer) }));
}

export const photoIdsOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** The product's content fields (ProductContent). */
export function productContent(tour: Record<string, unknown>, nameDisplay: string, origin: string, durationMinutes: number) {
  const short = plainText(tour.shortDescription) || plainText(tour.salesDescription).slice(0, 300);
  return {
    title: nameDisplay,
    shortDescription: short || null,
    description: textOf(tour.salesDescription) || null,
    features: [] as { shortDescription: string | null; type: string }[],
    faqs: faqsOf(tour),
    media: mediaOf(origin, photoIdsOf(tour.photos), numberOr(tour.heroImageId), nameDisplay),
    locations: locationsOf(tour),
    categoryLabels: [] as string[],
    durationMinutesFrom: durationMinutes,
    durationMinutesTo: null,
    commentary: [] as { format: string; language: string }[],
  };
}
