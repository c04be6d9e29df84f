import { serverFieldSegments } from '../../../app/forms/server-errors';

/** The editor's tabs, which tab holds a field, and the errors per tab (spec 01 §2 Tour edit, §5). */

export const TOUR_TABS = ['basic', 'location', 'terms', 'media', 'itinerary', 'faq', 'seo', 'tickets', 'history'] as const;
export type TourTab = (typeof TOUR_TABS)[number];

export function asTourTab(value: string | null | undefined): TourTab | null {
  const v = (value ?? '').toLowerCase();
  return (TOUR_TABS as readonly string[]).includes(v) ? (v as TourTab) : null;
}

const TAB_OF_FIELD: Record<string, TourTab> = {
  nameInternal: 'basic',
  nameDisplay: 'basic',
  url: 'basic',
  languageId: 'basic',
  isTopTour: 'basic',
  toursCategories: 'basic',
  recommendedFor: 'basic',
  shortDescription: 'basic',
  salesDescription: 'basic',
  notesToAgents: 'basic',
  notesToClientsPostBooking: 'basic',
  isDefaultNotesToClientsPostBooking: 'basic',
  videoUrl: 'basic',
  externalLinks: 'basic',
  cityId: 'location',
  locationTiming: 'location',
  locationAddress: 'location',
  locationLatitude: 'location',
  locationLongitude: 'location',
  googlePlacesId: 'location',
  googlePlacesRating: 'location',
  googlePlacesTotalRatings: 'location',
  tripAdvisorId: 'location',
  tripAdvisorRating: 'location',
  tripAdvisorTotalRatings: 'location',
  facebookPageId: 'location',
  directions: 'location',
  termsAndConditions: 'terms',
  isDefaultTermsAndConditions: 'terms',
  cancellationPolicy: 'terms',
  isDefaultCancellationPolicy: 'terms',
  photos: 'media',
  heroImageId: 'media',
  tourItinerary: 'itinerary',
  itineraries: 'itinerary',
  faq: 'faq',
  faqs: 'faq',
  isDefaultFaq: 'faq',
  seo: 'seo',
  seoPageTitle: 'seo',
  seoPageDescription: 'seo',
};

/** Which tab shows a form path ('externalLinks.0.title' → basic). Unknown fields belong to Basic details. */
export function tabOfPath(path: string): TourTab {
  const root = path.split(/[.[]/)[0] ?? '';
  return TAB_OF_FIELD[root] ?? 'basic';
}

export interface FieldError {
  path: string;
  message: string;
}

/** Every message in react-hook-form's (nested) errors, with its path, in form order. */
export function collectErrors(errors: unknown, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  if (!errors || typeof errors !== 'object') return out;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message && prefix) out.push({ path: prefix, message: node.message });
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref' || k === 'message' || k === 'type' || k === 'types') continue;
    out.push(...collectErrors(v, prefix ? `${prefix}.${k}` : k));
  }
  return out;
}

/**
 * The problems listed on a tab's error badge: each distinct message once; any external-link error adds the
 * save-blocking 'All external links should have specified Title and valid Url'.
 */
export function tabProblems(errors: FieldError[], tab: TourTab, linksMessage: string): string[] {
  const mine = errors.filter((e) => tabOfPath(e.path) === tab);
  const messages = [...new Set(mine.map((e) => e.message))];
  if (tab === 'basic' && mine.some((e) => e.path.startsWith('externalLinks.'))) messages.push(linksMessage);
  return messages;
}

/** Tabs holding at least one error. */
export function tabsWithErrors(errors: FieldError[]): Set<TourTab> {
  return new Set(errors.map((e) => tabOfPath(e.path)));
}

/**
 * A server field key ('nameInternal', 'externalLinks.0.title', 'Itineraries[1].Stops[0].Name') as a form path
 * (directions and the policy map to the field as a whole), or null when the form has no such field.
 */
export function formPathOfServerField(key: string, form: object): string | null {
  const segments = serverFieldSegments(key);
  const root = segments[0];
  if (!root || !(root in form)) return null;
  if (root === 'directions' || root === 'cancellationPolicy' || root === 'photos' || root === 'toursCategories' || root === 'recommendedFor') return root;
  let node: unknown = form;
  for (const seg of segments) {
    if (!node || typeof node !== 'object' || !(seg in (node as object))) return segments.length > 1 ? root : null;
    node = (node as Record<string, unknown>)[seg];
  }
  return segments.join('.');
}
