import { isReversedRange, parseDate, toIsoDate } from '../format/date';
import { isNumericText } from '../format/number';
import type { DateRange, FilterType, FilterValue, SortType, TableFilter } from './types';

/** The table's own state: what the user chose. The TableFilter the data source gets is derived from it. */
export interface TableState {
  page: number;
  /** Filter control values by filter field. */
  filters: Record<string, FilterValue>;
  sort: { field: string; type: SortType } | null;
}

export type TableAction =
  | { type: 'filter'; field: string; value: FilterValue | undefined }
  | { type: 'page'; page: number }
  | { type: 'sort'; field: string; sortType?: SortType | null }
  | { type: 'clearFilters' }
  | { type: 'reset'; state: TableState };

export const initialTableState = (over: Partial<TableState> = {}): TableState => ({ page: 1, filters: {}, sort: null, ...over });

function sameValue(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Next sort after a header click: ASC → DESC → none. */
export function nextSort(current: TableState['sort'], field: string): TableState['sort'] {
  if (!current || current.field !== field) return { field, type: 'ASC' };
  return current.type === 'ASC' ? { field, type: 'DESC' } : null;
}

/**
 * State changes of a data table. A filter change (or clearing the filters, or a new sort) starts again
 * from page 1 (spec 01 §4 Tables); setting a filter to the value it already has changes nothing.
 */
export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'filter': {
      if (sameValue(state.filters[action.field], action.value)) return state;
      const filters = { ...state.filters };
      if (action.value === undefined) delete filters[action.field];
      else filters[action.field] = action.value;
      return { ...state, filters, page: 1 };
    }
    case 'page': {
      const page = Math.max(1, Math.trunc(action.page) || 1);
      return page === state.page ? state : { ...state, page };
    }
    case 'sort': {
      const sort = action.sortType === undefined ? nextSort(state.sort, action.field) : action.sortType ? { field: action.field, type: action.sortType } : null;
      return { ...state, sort, page: 1 };
    }
    case 'clearFilters':
      return Object.keys(state.filters).length === 0 && state.page === 1 ? state : { ...state, filters: {}, page: 1 };
    case 'reset':
      return action.state;
  }
}

const isRange = (v: FilterValue | undefined): v is { from: string; to: string } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A year filter as a date range: 1 January to 31 December. */
export const yearRange = (year: number): DateRange => ({ startDate: `${year}-01-01`, endDate: `${year}-12-31` });

/**
 * The TableFilter for the data source, from the table state and each filter field's type (spec 01 §5):
 * empty text and multi-select filters are left out; numeric text only for text-number; a date range
 * applies only when both dates are valid (either one for the optional date range); a date picker is a
 * one-day range; a year is its whole year.
 */
export function toTableFilter(state: TableState, filterTypes: Record<string, FilterType>): TableFilter {
  const out: TableFilter = { page: state.page, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {} };
  for (const [field, value] of Object.entries(state.filters)) {
    const type = filterTypes[field];
    switch (type) {
      case 'text':
      case 'select': {
        const s = (typeof value === 'string' ? value : '').trim();
        if (s !== '') out.textFilters[field] = s;
        break;
      }
      case 'text-number': {
        const s = (typeof value === 'string' ? value : '').trim();
        if (s !== '' && isNumericText(s)) out.textFilters[field] = s;
        break;
      }
      case 'multi-select': {
        const list = Array.isArray(value) ? value.map(String).filter((v) => v !== '') : [];
        if (list.length) out.multiSelectFilters[field] = list;
        break;
      }
      case 'multi-select-number': {
        const list = Array.isArray(value) ? value.map(Number).filter((v) => Number.isFinite(v)) : [];
        if (list.length) out.multiSelectNumberFilters[field] = list;
        break;
      }
      case 'date-range':
      case 'optional-date-range': {
        // A reversed range is refused at the filter (its hint says so), so it asks nothing until it is put right.
        if (!isRange(value) || isReversedRange(value.from, value.to)) break;
        const from = parseDate(value.from);
        const to = parseDate(value.to);
        if (type === 'date-range' ? from && to : from || to) out.dateRangeFilters[field] = { startDate: from ? toIsoDate(from) : '', endDate: to ? toIsoDate(to) : '' };
        break;
      }
      case 'date': {
        const d = typeof value === 'string' ? parseDate(value) : null;
        if (d) out.dateRangeFilters[field] = { startDate: toIsoDate(d), endDate: toIsoDate(d) };
        break;
      }
      case 'year': {
        const y = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : null;
        if (y) out.dateRangeFilters[field] = yearRange(y);
        break;
      }
      default:
        break;
    }
  }
  if (state.sort) {
    out.sortField = state.sort.field;
    out.sortType = state.sort.type;
  }
  return out;
}

/** Number of filters that take effect (for the clear-filters button). */
export function activeFilterCount(filter: TableFilter): number {
  return (
    Object.keys(filter.textFilters).length +
    Object.keys(filter.multiSelectFilters).length +
    Object.keys(filter.multiSelectNumberFilters).length +
    Object.keys(filter.dateRangeFilters).length
  );
}

/** Select-all toggles between none and all (spec 01 §4): all selected → none; otherwise → all. */
export function toggleAll<K>(selected: ReadonlySet<K>, all: readonly K[]): Set<K> {
  const allSelected = all.length > 0 && all.every((k) => selected.has(k));
  return allSelected ? new Set() : new Set(all);
}

export function toggleOne<K>(selected: ReadonlySet<K>, key: K): Set<K> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
