import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall, apiDownload } from '../../../lib/api-client';
import { pagedAnswerSchema } from '../../../ui/data-table/paging.schema';
import type { Paged } from '../../../ui/data-table/types';
import { filterParams, type TourListQuery } from '../list/list-query';
import type { TourListRow } from '../../../app/catalog/tour.types';
import { languageSyncPath, languageSyncSchema, syncLanguages } from '../../../app/reference/language-cache';

export type { TourListQuery, TourSortField } from '../list/list-query';

/** The query string of GET /api/tours/manageList (empty filters left out). */
export function manageListParams(q: TourListQuery): URLSearchParams {
  const p = filterParams(q);
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

const tourListRowSchema = z.object({
  id: z.number(),
  nameInternal: z.string(),
  nameDisplay: z.string(),
  languageId: z.number().nullable(),
  languageName: z.string(),
  isTopTour: z.boolean(),
  isDeleted: z.boolean(),
  offers: z.array(z.object({ id: z.number(), nameInternal: z.string(), nameDisplay: z.string(), isDeleted: z.boolean() })),
}) satisfies z.ZodType<TourListRow>;

/** GET /api/tours/manageList: one page of the supplier's tours with their offers. */
export const tourListAnswer = pagedAnswerSchema(tourListRowSchema) satisfies z.ZodType<Paged<TourListRow>>;

export function fetchTourList(q: TourListQuery, signal?: AbortSignal): Promise<Paged<TourListRow>> {
  return apiCall(tourListAnswer, 'GET', `/api/tours/manageList?${manageListParams(q).toString()}`, undefined, { signal });
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

/** Options as {id, name}; {value, label} is read too. A null answer is no options. */
const rawOption = z.object({ id: z.coerce.number().optional(), value: z.coerce.number().optional(), name: z.string().optional(), label: z.string().optional(), tourId: z.coerce.number().optional() });
type RawOption = z.output<typeof rawOption>;
const optionsAnswer = z.array(rawOption).nullable().transform((rows) => rows ?? []);

function idName(o: RawOption): IdName {
  return { id: Number(o.id ?? o.value), name: o.name ?? o.label ?? '' };
}

/** GET /api/languages/sync; a null answer is no change. */
const languagesAnswer = languageSyncSchema.nullable();

const OPTIONS_STALE_MS = 30_000;

export function useTourOptions() {
  return useQuery({
    queryKey: ['tours', 'list-filter', 'tourOptions'],
    queryFn: async ({ signal }) => (await apiCall(optionsAnswer, 'GET', '/api/tours/options', undefined, { signal })).map(idName),
    staleTime: OPTIONS_STALE_MS,
  });
}

export function useOfferOptions() {
  return useQuery({
    queryKey: ['offers', 'list-filter', 'offerOptions'],
    queryFn: async ({ signal }) =>
      (await apiCall(optionsAnswer, 'GET', '/api/offers/options', undefined, { signal })).map((o): OfferOption => ({ ...idName(o), tourId: Number(o.tourId) })),
    staleTime: OPTIONS_STALE_MS,
  });
}

/**
 * Every language that is not deleted, by name (spec 01 §7 languages sync): the list kept in local storage, brought
 * up to date from the last sync's date (app/reference/language-cache.ts).
 */
export function useLanguages() {
  return useQuery({
    queryKey: ['languages', 'list-filter', 'all'],
    queryFn: async ({ signal }): Promise<Language[]> => {
      const languages = await syncLanguages('all', async (date) => (await apiCall(languagesAnswer, 'GET', languageSyncPath('all', date), undefined, { signal })) ?? { languages: [], date });
      return languages.map((l) => ({ ...l, imgUrl: l.imgUrl ?? '' }));
    },
    staleTime: OPTIONS_STALE_MS,
  });
}
