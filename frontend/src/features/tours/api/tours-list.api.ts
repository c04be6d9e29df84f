import { useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import type { Paged } from '../../../ui/data-table/types';
import type { TourListQuery } from '../list/list-query';
import type { TourListRow } from './tour.types';

export type { TourListQuery, TourSortField } from '../list/list-query';

/** The query string of GET /api/tours/manageList (empty filters left out). */
export function manageListParams(q: TourListQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.tourIds.length) p.set('tourIds', q.tourIds.join(','));
  if (q.languageIds.length) p.set('languageIds', q.languageIds.join(','));
  if (q.offerIds.length) p.set('offerIds', q.offerIds.join(','));
  if (q.top !== null) p.set('top', String(q.top));
  if (q.showDeleted) p.set('showDeleted', 'true');
  p.set('page', String(q.page));
  p.set('sortField', q.sortField);
  p.set('sortType', q.sortType);
  return p;
}

/** The body of POST /api/tours/export: the same filters and sort, every page. */
export function exportBody(q: TourListQuery): Record<string, unknown> {
  const body: Record<string, unknown> = { sortField: q.sortField, sortType: q.sortType, showDeleted: q.showDeleted };
  if (q.tourIds.length) body.tourIds = q.tourIds;
  if (q.languageIds.length) body.languageIds = q.languageIds;
  if (q.offerIds.length) body.offerIds = q.offerIds;
  if (q.top !== null) body.top = q.top;
  return body;
}

export function fetchTourList(q: TourListQuery, signal?: AbortSignal): Promise<Paged<TourListRow>> {
  return apiRequest<Paged<TourListRow>>('GET', `/api/tours/manageList?${manageListParams(q).toString()}`, undefined, { signal });
}

/** tours.xlsx of the list as filtered and sorted (errors are shown by the caller). */
export function downloadToursExcel(q: TourListQuery): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload('/api/tours/export', exportBody(q), { silent: true });
}

// ----- Filter options -----

export interface IdName {
  id: number;
  name: string;
}
export interface OfferOption extends IdName {
  tourId: number;
}
/** Spec 01 §3 Language, as GET /api/languages/sync answers it. */
export interface Language {
  id: number;
  name: string;
  code: string;
  isOffers: boolean;
  isDeleted: boolean;
  imgUrl: string;
}

type Raw = { id?: unknown; value?: unknown; name?: unknown; label?: unknown; tourId?: unknown };
/** Options as {id, name}; {value, label} is read too. */
function idName(o: Raw): IdName {
  return { id: Number(o.id ?? o.value), name: String(o.name ?? o.label ?? '') };
}

const OPTIONS_STALE_MS = 30_000;

export function useTourOptions() {
  return useQuery({
    queryKey: ['tours', 'list-filter', 'tourOptions'],
    queryFn: async ({ signal }) => ((await apiRequest<Raw[] | null>('GET', '/api/tours/options', undefined, { signal })) ?? []).map(idName),
    staleTime: OPTIONS_STALE_MS,
  });
}

export function useOfferOptions() {
  return useQuery({
    queryKey: ['offers', 'list-filter', 'offerOptions'],
    queryFn: async ({ signal }) =>
      ((await apiRequest<Raw[] | null>('GET', '/api/offers/options', undefined, { signal })) ?? []).map((o): OfferOption => ({ ...idName(o), tourId: Number(o.tourId) })),
    staleTime: OPTIONS_STALE_MS,
  });
}

/** Every language that is not deleted, by name (spec 01 §7 languages sync, read whole). */
export function useLanguages() {
  return useQuery({
    queryKey: ['languages', 'list-filter', 'all'],
    queryFn: async ({ signal }) => {
      const res = await apiRequest<{ languages: Language[]; date: string | null }>('GET', '/api/languages/sync', undefined, { signal });
      return (res?.languages ?? []).filter((l) => !l.isDeleted).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    },
    staleTime: OPTIONS_STALE_MS,
  });
}
