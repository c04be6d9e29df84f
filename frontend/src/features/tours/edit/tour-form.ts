import { z } from 'zod';
import { tripAdvisorIdFromUrl } from '@tbo/catalog/src/ratings/tripadvisor-id.pure';
import { isHttpUrl, isVideoUrlAllowed, slugify } from '@tbo/catalog/src/tours/tour-rules.pure';
import type { CancellationOption, Direction, DirectionType, ExternalLink, FaqItem, HistoryEntry, Itinerary, RecommendedFor, Tour, TourFields, TourOfferSummary } from '../api/tour.types';

/**
 * The tour edit form (spec 01 §2 Tour edit, §3 Tour, §4 Tour and offer editing, §5 Tour): one form over every tab,
 * mapped from and to the tour of the API. Pure (no React): unit-tested in tour-form.spec.ts.
 */

export { isHttpUrl, isVideoUrlAllowed, slugify, tripAdvisorIdFromUrl };

export const TOUR_TABS = ['basic', 'location', 'terms', 'media', 'itinerary', 'faq', 'seo', 'tickets', 'history'] as const;
export type TourTab = (typeof TOUR_TABS)[number];

export function asTourTab(value: string | null | undefined): TourTab | null {
  const v = (value ?? '').toLowerCase();
  return (TOUR_TABS as readonly string[]).includes(v) ? (v as TourTab) : null;
}

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

// ----- Slug -----

/**
 * Whether the slug follows the display name (spec 01 §4): it does while it is empty or is what the display name
 * gives; once the user types a slug of their own it stops, and it resumes when the slug is emptied.
 */
export function slugFollowsName(url: string, nameDisplay: string): boolean {
  return url.trim() === '' || url === slugify(nameDisplay);
}

// ----- Validation -----

/** Message keys of the 'tour-edit' namespace (errors.*); the English texts are the server's (TOUR_MESSAGES). */
export type TourMessageKey =
  | 'errors.code'
  | 'errors.displayName'
  | 'errors.url'
  | 'errors.language'
  | 'errors.categories'
  | 'errors.linkTitle'
  | 'errors.linkUrl'
  | 'errors.linkUrlInvalid'
  | 'errors.links'
  | 'errors.video'
  | 'errors.itineraryName'
  | 'errors.stopName';

const text = z.string();
const nullableNumber = z.number().nullable();

export function buildTourSchema(msg: (key: TourMessageKey) => string) {
  const link = z.object({ guid: text, id: z.number(), title: text, url: text });
  const stop = z.object({
    index: z.number(),
    guid: text,
    itineraryId: z.number(),
    name: text,
    description: text,
    time: z.number(),
    timeEnd: z.number(),
    timeDescription: text,
    timeEndDescription: text,
    address: text,
    lat: nullableNumber,
    lng: nullableNumber,
  });
  const itinerary = z.object({ guid: text, id: z.number(), index: z.number(), tourId: z.number(), name: text, stops: z.array(stop) });
  return z
    .object({
      nameInternal: text.refine((v) => v.trim() !== '', msg('errors.code')),
      nameDisplay: text.refine((v) => v.trim() !== '', msg('errors.displayName')),
      url: text.refine((v) => v.trim() !== '', msg('errors.url')),
      languageId: z.number().nullable().refine((v) => v !== null && v > 0, msg('errors.language')),
      isTopTour: z.boolean(),
      toursCategories: z.array(z.number()).min(1, msg('errors.categories')),
      recommendedFor: z.array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
      shortDescription: text,
      salesDescription: text,
      notesToAgents: text,
      videoUrl: text.refine(isVideoUrlAllowed, msg('errors.video')),
      externalLinks: z.array(link),
      cityId: z.number().nullable(),
      locationTiming: text,
      locationAddress: text,
      locationLatitude: nullableNumber,
      locationLongitude: nullableNumber,
      googlePlacesId: text,
      googlePlacesRating: nullableNumber,
      googlePlacesTotalRatings: nullableNumber,
      tripAdvisorId: text,
      tripAdvisorRating: nullableNumber,
      tripAdvisorTotalRatings: nullableNumber,
      facebookPageId: text,
      directions: z.array(z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]), description: text })),
      termsAndConditions: text,
      faq: text,
      faqs: z.array(z.object({ tourId: z.number(), index: z.number(), question: text, answer: text })),
      notesToClientsPostBooking: text,
      isDefaultTermsAndConditions: z.boolean(),
      isDefaultFaq: z.boolean(),
      isDefaultNotesToClientsPostBooking: z.boolean(),
      isDefaultCancellationPolicy: z.boolean(),
      cancellationPolicy: z.array(z.object({ hours: z.number(), percents: z.number() })),
      photos: z.array(z.number()),
      heroImageId: z.number().nullable(),
      tourItinerary: text,
      itineraries: z.array(itinerary),
      seo: text,
      seoPageTitle: text,
      seoPageDescription: text,
    })
    .superRefine((form, ctx) => {
      form.externalLinks.forEach((l, i) => {
        if (!l.title.trim()) ctx.addIssue({ code: 'custom', path: ['externalLinks', i, 'title'], message: msg('errors.linkTitle') });
        if (!l.url.trim()) ctx.addIssue({ code: 'custom', path: ['externalLinks', i, 'url'], message: msg('errors.linkUrl') });
        else if (!isHttpUrl(l.url)) ctx.addIssue({ code: 'custom', path: ['externalLinks', i, 'url'], message: msg('errors.linkUrlInvalid') });
      });
      form.itineraries.forEach((it, i) => {
        if (!it.name.trim()) ctx.addIssue({ code: 'custom', path: ['itineraries', i, 'name'], message: msg('errors.itineraryName') });
        it.stops.forEach((s, j) => {
          if (!s.name.trim()) ctx.addIssue({ code: 'custom', path: ['itineraries', i, 'stops', j, 'name'], message: msg('errors.stopName') });
        });
      });
    });
}

/** Whether the external links block a save (spec 01 §5: 'All external links should have specified Title and valid Url'). */
export function externalLinksInvalid(links: readonly Pick<ExternalLink, 'title' | 'url'>[]): boolean {
  return links.some((l) => !l.title.trim() || !l.url.trim() || !isHttpUrl(l.url));
}

// ----- Account defaults (spec 01 §4) -----

/** The account's default content (the business profile's default settings and cancellation policy). */
export interface AccountDefaults {
  termsAndConditions: string;
  faq: string;
  notesToClientsPostBooking: string;
  cancellationPolicy: CancellationOption[];
}

export const NO_DEFAULTS: AccountDefaults = { termsAndConditions: '', faq: '', notesToClientsPostBooking: '', cancellationPolicy: [] };

/** An empty editor document counts as no content. */
export function hasContent(html: string | null | undefined): boolean {
  return (html ?? '')
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';
}

export type DefaultKind = 'terms' | 'faq' | 'notes' | 'policy';

export function hasDefault(defaults: AccountDefaults, kind: DefaultKind): boolean {
  switch (kind) {
    case 'terms':
      return hasContent(defaults.termsAndConditions);
    case 'faq':
      return hasContent(defaults.faq);
    case 'notes':
      return hasContent(defaults.notesToClientsPostBooking);
    case 'policy':
      return defaults.cancellationPolicy.length > 0;
  }
}

/**
 * The form with the 'use defaults' toggles applied (spec 01 §4): a toggle is forced off when the account has no
 * default content of that kind; a toggle that is on shows the account's content.
 */
export function applyDefaults(form: TourForm, defaults: AccountDefaults): TourForm {
  const next = { ...form };
  if (next.isDefaultTermsAndConditions) {
    if (hasDefault(defaults, 'terms')) next.termsAndConditions = defaults.termsAndConditions;
    else next.isDefaultTermsAndConditions = false;
  }
  if (next.isDefaultFaq) {
    if (hasDefault(defaults, 'faq')) next.faq = defaults.faq;
    else next.isDefaultFaq = false;
  }
  if (next.isDefaultNotesToClientsPostBooking) {
    if (hasDefault(defaults, 'notes')) next.notesToClientsPostBooking = defaults.notesToClientsPostBooking;
    else next.isDefaultNotesToClientsPostBooking = false;
  }
  if (next.isDefaultCancellationPolicy) {
    if (hasDefault(defaults, 'policy')) next.cancellationPolicy = defaults.cancellationPolicy.map((r) => ({ ...r }));
    else next.isDefaultCancellationPolicy = false;
  }
  return next;
}

// ----- Mapping -----

export function blankTourForm(): TourForm {
  return toForm(null);
}

/** The form's values for a tour (null: a new tour). */
export function toForm(tour: Partial<Tour> | null, defaults: AccountDefaults = NO_DEFAULTS): TourForm {
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
    isDefaultTermsAndConditions: !!t.isDefaultTermsAndConditions,
    isDefaultFaq: !!t.isDefaultFaq,
    isDefaultNotesToClientsPostBooking: !!t.isDefaultNotesToClientsPostBooking,
    isDefaultCancellationPolicy: !!t.isDefaultCancellationPolicy,
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

// ----- Tabs and errors -----

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

const camel = (segment: string) => (segment ? segment[0]!.toLowerCase() + segment.slice(1) : segment);

/**
 * A server field key ('nameInternal', 'externalLinks.0.title', 'Itineraries[1].Stops[0].Name') as a form path
 * (directions and the policy map to the field as a whole), or null when the form has no such field.
 */
export function formPathOfServerField(key: string, form: TourForm): string | null {
  const segments = key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map(camel);
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


// ----- Lists -----

/** The list with the item at `from` moved to `to` (out-of-range moves change nothing). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A new external link row (guid and id are given by the server). */
export const newExternalLink = (): ExternalLink => ({ guid: '', id: 0, title: '', url: '' });
export const newFaqItem = (tourId: number, index: number): FaqItem => ({ tourId, index, question: '', answer: '' });

// ----- Place ids -----

/** The TripAdvisor location id typed or pasted (a URL gives the number after 'd' and before a dash); null when none. */
export function tripAdvisorIdOf(input: string): string | null {
  return tripAdvisorIdFromUrl(input);
}

/** What the Google place id field accepts as an id: letters, digits, '-' and '_' (the API refuses anything else). */
export function isPlaceIdLike(input: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(input.trim());
}

// ----- Tickets -----

/** Offers shown in the Tickets tab: deleted ones only with 'Show deleted'. */
export function visibleOffers(offers: readonly TourOfferSummary[], showDeleted: boolean): TourOfferSummary[] {
  return offers.filter((o) => showDeleted || !o.isDeleted);
}

// ----- History -----

/** Strips tags and collapses spaces: rich text shown as plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/(p|li|h\d|div|blockquote)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export const HISTORY_VALUE_MAX = 120;

/** A history value as short text: '' for nothing, rich text as plain text, lists as JSON; long ones end with '…'. */
export function formatHistoryValue(value: unknown, max = HISTORY_VALUE_MAX): string {
  if (value === null || value === undefined) return '';
  let out: string;
  if (typeof value === 'string') out = /<[a-z][\s\S]*>/i.test(value) ? plainText(value) : value;
  else if (typeof value === 'number' || typeof value === 'boolean') out = String(value);
  else out = JSON.stringify(value);
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** Newest first, and only entries that changed something. */
export function historyNewestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return [...entries].filter((e) => e.changes.length > 0 || e.event === 'TourCreated').reverse();
}

/** One page of client-side rows the way the server would answer it: sorted by the filter's field, then by id. */
export function localPage<T extends object>(rows: readonly T[], filter: { page: number; sortField?: string; sortType?: 'ASC' | 'DESC' }, perPage = 50) {
  const get = (r: T, f: string) => (r as Record<string, unknown>)[f];
  const compare = (a: unknown, b: unknown): number => {
    if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
    if (b === null || b === undefined) return 1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
  };
  let sorted = [...rows];
  if (filter.sortField) {
    const field = filter.sortField;
    const dir = filter.sortType === 'DESC' ? -1 : 1;
    sorted = sorted.sort((a, b) => compare(get(a, field), get(b, field)) * dir || compare(get(a, 'id'), get(b, 'id')));
  }
  const totalItems = sorted.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const current = Math.min(Math.max(1, filter.page || 1), totalPages);
  const from = totalItems === 0 ? 0 : (current - 1) * perPage + 1;
  return {
    entities: sorted.slice((current - 1) * perPage, current * perPage),
    pagingInfo: {
      currentPage: current,
      totalItems,
      itemsPerPage: perPage,
      prevPage: current > 1 ? current - 1 : null,
      nextPage: current < totalPages ? current + 1 : null,
      totalPages,
      from,
      to: Math.min(current * perPage, totalItems),
    },
  };
}

/** The changes worth showing: a change whose before and after read the same (null → '') is left out. */
export function visibleChanges(changes: HistoryEntry['changes'], format: (field: string, value: unknown) => string = (_f, v) => formatHistoryValue(v)): HistoryEntry['changes'] {
  return changes.filter((c) => format(c.field, c.before) !== format(c.field, c.after));
}
