import type { FilterValue, SortType, TableFilter } from '../../../ui/data-table/types';

/** Sort fields GET /api/tours/manageList takes (default nameInternal ASC). */
export const TOUR_SORT_FIELDS = ['id', 'nameInternal', 'nameDisplay', 'languageName', 'isTopTour'] as const;
export type TourSortField = (typeof TOUR_SORT_FIELDS)[number];

/** What the tours list asks for (spec 01 §2 Tours list): the filters, the page and the sort. */
export interface TourListQuery {
  tourIds: number[];
  languageIds: number[];
  offerIds: number[];
  /** true top tours only, false the others, null both. */
  top: boolean | null;
  showDeleted: boolean;
  page: number;
  sortField: TourSortField;
  sortType: SortType;
}

/** The filter keys of the table's columns; they are also the API's and the address bar's parameter names. */
export const FILTER_KEYS = { tours: 'tourIds', languages: 'languageIds', offers: 'offerIds', top: 'top' } as const;

/** Default sort (spec 01 §2): internal name ascending. */
export const DEFAULT_SORT: { field: TourSortField; type: SortType } = { field: 'nameInternal', type: 'ASC' };

export const defaultListQuery = (): TourListQuery => ({
  tourIds: [],
  languageIds: [],
  offerIds: [],
  top: null,
  showDeleted: false,
  page: 1,
  sortField: DEFAULT_SORT.field,
  sortType: DEFAULT_SORT.type,
});

function ids(value: string | null): number[] {
  if (!value) return [];
  const out: number[] = [];
  for (const part of value.split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && Number.isInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

const isSortField = (v: string | null): v is TourSortField => !!v && (TOUR_SORT_FIELDS as readonly string[]).includes(v);

/** The address bar's parameters of the list (others, if any, are left alone). */
export const LIST_PARAMS = ['tourIds', 'languageIds', 'offerIds', 'top', 'showDeleted', 'page', 'sortField', 'sortType'] as const;

/** The list's state from the address bar (?tourIds=1,2&languageIds=3&offerIds=4&top=true&showDeleted=true&page=2&sortField=id&sortType=DESC); anything unreadable is the default. */
export function parseListSearch(search: string): TourListQuery {
  const p = new URLSearchParams(search);
  const q = defaultListQuery();
  q.tourIds = ids(p.get('tourIds'));
  q.languageIds = ids(p.get('languageIds'));
  q.offerIds = ids(p.get('offerIds'));
  const top = p.get('top');
  q.top = top === 'true' ? true : top === 'false' ? false : null;
  q.showDeleted = p.get('showDeleted') === 'true';
  const page = Number(p.get('page'));
  q.page = Number.isInteger(page) && page > 1 ? page : 1;
  const field = p.get('sortField');
  const type = (p.get('sortType') ?? '').toUpperCase();
  if (isSortField(field)) {
    q.sortField = field;
    q.sortType = type === 'DESC' ? 'DESC' : 'ASC';
  }
  return q;
}

/** The filters as query parameters, empty ones left out (the address bar and GET /api/tours/manageList). */
export function filterParams(q: TourListQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.tourIds.length) p.set('tourIds', q.tourIds.join(','));
  if (q.languageIds.length) p.set('languageIds', q.languageIds.join(','));
  if (q.offerIds.length) p.set('offerIds', q.offerIds.join(','));
  if (q.top !== null) p.set('top', String(q.top));
  if (q.showDeleted) p.set('showDeleted', 'true');
  return p;
}

/** The address bar's query string for a state ('' for the defaults): only what differs from the default. */
export function toListSearch(q: TourListQuery): string {
  const p = filterParams(q);
  if (q.page > 1) p.set('page', String(q.page));
  if (q.sortField !== DEFAULT_SORT.field || q.sortType !== DEFAULT_SORT.type) {
    p.set('sortField', q.sortField);
    p.set('sortType', q.sortType);
  }
  const s = p.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}

/** The list query from the data table's filter (and the 'show deleted' toggle, which lives outside the table). No sort is the default sort. */
export function fromTableFilter(filter: TableFilter, showDeleted: boolean): TourListQuery {
  const top = filter.textFilters[FILTER_KEYS.top];
  const sortField = filter.sortField && isSortField(filter.sortField) ? filter.sortField : null;
  return {
    tourIds: filter.multiSelectNumberFilters[FILTER_KEYS.tours] ?? [],
    languageIds: filter.multiSelectNumberFilters[FILTER_KEYS.languages] ?? [],
    offerIds: filter.multiSelectNumberFilters[FILTER_KEYS.offers] ?? [],
    top: top === 'true' ? true : top === 'false' ? false : null,
    showDeleted,
    page: Math.max(1, filter.page || 1),
    sortField: sortField ?? DEFAULT_SORT.field,
    sortType: sortField ? (filter.sortType ?? 'ASC') : DEFAULT_SORT.type,
  };
}

/** The data table's starting filter controls for a state. */
export function toInitialFilters(q: TourListQuery): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  if (q.tourIds.length) out[FILTER_KEYS.tours] = q.tourIds;
  if (q.languageIds.length) out[FILTER_KEYS.languages] = q.languageIds;
  if (q.offerIds.length) out[FILTER_KEYS.offers] = q.offerIds;
  if (q.top !== null) out[FILTER_KEYS.top] = String(q.top);
  return out;
}
