import { pagingInfo } from '@tbo/kernel/src/http/paging.pure';
import { tripAdvisorIdFromUrl } from '@tbo/catalog/src/ratings/tripadvisor-id.pure';
import type { ExternalLink, FaqItem, TourOfferSummary } from '../../../app/catalog/tour.types';

/** The editor's lists (links, FAQ items, the Tickets tab's offers) and the place id inputs. */

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

/** The TripAdvisor location id typed or pasted (a URL gives the number after 'd' and before a dash); null when none. */
export function tripAdvisorIdOf(input: string): string | null {
  return tripAdvisorIdFromUrl(input);
}

/** What the Google place id field accepts as an id: letters, digits, '-' and '_' (the API refuses anything else). */
export function isPlaceIdLike(input: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(input.trim());
}

/** Offers shown in the Tickets tab: deleted ones only with 'Show deleted'. */
export function visibleOffers(offers: readonly TourOfferSummary[], showDeleted: boolean): TourOfferSummary[] {
  return offers.filter((o) => showDeleted || !o.isDeleted);
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
  const paging = pagingInfo(filter.page || 1, perPage, sorted.length);
  const start = (paging.currentPage - 1) * perPage;
  return { entities: sorted.slice(start, start + perPage), pagingInfo: paging };
}
