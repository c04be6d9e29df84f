import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { HistoryEntry, Tour, TourFields } from './tour.types';

/**
 * The tour edit screen's calls (spec 01 §7): one tour, its save, delete / restore, history, the rating
 * look-ups and the reference lists its selects need.
 */

/** A save's answer: the saved tour with its new version and the position of its last event. */
export interface SavedTour extends Tour {
  position: string | null;
}

/** What POST / PUT /api/tours take: the form's fields, the id (0 = new), the version it was read at; offers empty. */
export interface TourPayload extends TourFields {
  id: number;
  version: number | null;
  offers: [];
}

export const tourKey = (id: number) => ['tours', 'manage', id] as const;
export const tourHistoryKey = (id: number) => ['tours', 'history', id] as const;

/**
 * Read your writes: the position of this tab's last change of a tour, kept in session storage so a read right after
 * a save (even after F5) asks the API to wait for its projection (?after=).
 */
const afterKey = (id: number) => `tbo.tour.${id}.after`;

export function rememberTourPosition(id: number, position: string | null | undefined): void {
  try {
    if (position) sessionStorage.setItem(afterKey(id), position);
  } catch {
    /* storage unavailable: reads just do not wait */
  }
}

function lastTourPosition(id: number): string | null {
  try {
    return sessionStorage.getItem(afterKey(id));
  } catch {
    return null;
  }
}

/** The least version the next read must show (the one a save answered), per tour, for this page's life. */
const expectedVersion = new Map<number, number>();

export function expectTourVersion(id: number, version: number | null | undefined): void {
  if (typeof version === 'number') expectedVersion.set(id, Math.max(version, expectedVersion.get(id) ?? -1));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * GET /api/tours/manage/{id}?after=<position>. The API waits up to 2 s for the projection to pass the position; when
 * a save is known to have produced a newer version than the answer shows, it asks again (a few times, briefly) so
 * the page shows what was saved. A 404 is notified by the shared call ('Not found' / 'Tour not found or you are not
 * allowed to manage it') and thrown.
 */
export async function fetchTour(id: number, signal?: AbortSignal): Promise<Tour> {
  const want = expectedVersion.get(id);
  for (let attempt = 0; ; attempt++) {
    const after = lastTourPosition(id);
    const tour = await apiRequest<Tour>('GET', `/api/tours/manage/${id}${after ? `?after=${encodeURIComponent(after)}` : ''}`, undefined, { signal });
    if (want === undefined || tour.version >= want || attempt >= 10) return { ...tour, offers: tour.offers ?? [] };
    await sleep(200);
  }
}

/** POST (new, id 0) or PUT (existing, with its version). Silent: the page maps field errors and the 409 itself. */
export async function saveTour(payload: TourPayload): Promise<SavedTour> {
  const saved = await apiRequest<SavedTour>(payload.id === 0 ? 'POST' : 'PUT', '/api/tours', payload, { silent: true });
  rememberTourPosition(saved.id, saved.position);
  expectTourVersion(saved.id, saved.version);
  return saved;
}

export async function deleteTour(id: number): Promise<SavedTour> {
  const saved = await apiRequest<SavedTour>('DELETE', `/api/tours/${id}`);
  rememberTourPosition(id, saved?.position);
  expectTourVersion(id, saved?.version);
  return saved;
}

export async function restoreTour(id: number): Promise<SavedTour> {
  const saved = await apiRequest<SavedTour>('POST', `/api/tours/${id}/restore`);
  rememberTourPosition(id, saved?.position);
  expectTourVersion(id, saved?.version);
  return saved;
}

export function fetchTourHistory(id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiRequest<HistoryEntry[]>('GET', `/api/tours/${id}/history`, undefined, { signal });
}

export interface PlaceRating {
  rating: number | null;
  ratingsCount: number | null;
}

/** The outcome of a rating look-up: the rating, or the error title for the field error (spec 01 §5, §8). */
export type RatingLookup = { ok: true; rating: PlaceRating } | { ok: false; errorTitle: string };

async function lookUp(path: string): Promise<RatingLookup> {
  try {
    const rating = await apiRequest<PlaceRating>('GET', path, undefined, { silent: true });
    return { ok: true, rating: { rating: rating?.rating ?? null, ratingsCount: rating?.ratingsCount ?? null } };
  } catch (err) {
    return { ok: false, errorTitle: err instanceof ApiError ? err.title : err instanceof Error ? err.message : String(err) };
  }
}

export function lookUpGooglePlace(placeId: string): Promise<RatingLookup> {
  return lookUp(`/api/tours/GooglePlaceRatings?placeId=${encodeURIComponent(placeId)}`);
}

export function lookUpTripAdvisorLocation(locationId: string): Promise<RatingLookup> {
  return lookUp(`/api/tours/TripAdvisorLocationRating?locationId=${encodeURIComponent(locationId)}`);
}

// ----- Reference lists -----

export interface Option {
  value: number;
  label: string;
}

interface Language {
  id: number;
  name: string;
  code: string;
  isOffers: boolean;
  isDeleted: boolean;
  imgUrl: string | null;
}

const HOUR = 60 * 60_000;

export function useCityOptions() {
  return useQuery({ queryKey: ['cities', 'options'], queryFn: () => apiRequest<Option[]>('GET', '/api/cities/options'), staleTime: HOUR });
}

export function useTourCategoryOptions() {
  return useQuery({ queryKey: ['toursCategories', 'options'], queryFn: () => apiRequest<Option[]>('GET', '/api/toursCategories/options'), staleTime: HOUR });
}

/** Languages tours are run in (GET /api/languages/sync?isOffers=true): deleted ones dropped, sorted by name. */
export function useTourLanguageOptions() {
  return useQuery({
    queryKey: ['languages', 'sync', 'offers'],
    queryFn: async () => {
      const answer = await apiRequest<{ languages: Language[]; date: string | null }>('GET', '/api/languages/sync?isOffers=true');
      return (answer?.languages ?? [])
        .filter((l) => !l.isDeleted)
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
        .map((l): Option => ({ value: l.id, label: l.name }));
    },
    staleTime: 10 * 60_000,
  });
}
