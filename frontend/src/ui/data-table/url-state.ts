import { formatDate } from '../format/date';
import { isNumericText } from '../format/number';
import { toTableFilter } from './table-state';
import type { FilterType, FilterValue, SortType, TableFilter } from './types';

/**
 * A list's table state in the address bar, so that a reload or Back shows the same rows: the applied filters, the
 * sort, the page and the list's switches, each under a short readable name, only what differs from the defaults:
 * `?q=smith&date=2026-05-01..2026-05-31&hotels=3,7&mine=true&page=2&sort=-date`.
 */

/** One filter of the table in the address. */
export interface UrlFilterParam {
  /** The column's filter field (its `filterField`, or `field`). */
  field: string;
  /** Its name in the address: short and readable. */
  param: string;
  type: FilterType;
}

export interface TableUrlSpec {
  filters: readonly UrlFilterParam[];
  /** On/off switches outside the table ('only mine', 'show deleted'): `name=true` when on, left out when off. */
  toggles?: readonly string[];
  /** The sort fields the list takes; any other in the address is the default sort. All when not given. */
  sortFields?: readonly string[];
  /** The sort when the address has none; it is left out of the address. */
  defaultSort?: { field: string; type: SortType } | null;
  /**
   * Filter values (as the table's controls hold them) for filters the address does not name, e.g. the operator
   * list's date window. A filter equal to its default is left out of the address.
   */
  defaults?: () => Record<string, FilterValue>;
}

/** What a table starts from: its filter controls' values, sort and page, and the list's switches. */
export interface TableUrlState {
  filters: Record<string, FilterValue>;
  sort: { field: string; type: SortType } | null;
  page: number;
  toggles: Record<string, boolean>;
}

export const PAGE_PARAM = 'page';
/** `sort=date` ascending, `sort=-date` descending. */
export const SORT_PARAM = 'sort';
/** Between the two ISO dates of a range; an open end is empty (`2026-05-01..`). */
export const RANGE_SEPARATOR = '..';

/** Every address parameter the list owns (any other, like the operator list's `?id=` of an open booking, is not the table's). */
export function urlParamNames(spec: TableUrlSpec): string[] {
  return [...spec.filters.map((f) => f.param), ...(spec.toggles ?? []), PAGE_PARAM, SORT_PARAM];
}

/** Commas stay commas (`hotels=3,7`); URLSearchParams reads them back either way. */
const tidy = (p: URLSearchParams): string => p.toString().replace(/%2C/gi, ',');

const isIso = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
/** An ISO date as the date controls show it ('' when it is not a date). */
const isoToDisplay = (s: string): string => (isIso(s) ? formatDate(s) : '');

/** The applied filter of one parameter as its address text, or null when the filter does not apply. */
function appliedText(p: UrlFilterParam, filter: TableFilter): string | null {
  switch (p.type) {
    case 'text':
    case 'text-number':
    case 'select': {
      const v = filter.textFilters[p.field];
      return v ? v : null;
    }
    case 'multi-select': {
      const list = filter.multiSelectFilters[p.field];
      return list?.length ? list.join(',') : null;
    }
    case 'multi-select-number': {
      const list = filter.multiSelectNumberFilters[p.field];
      return list?.length ? list.join(',') : null;
    }
    case 'date-range':
    case 'optional-date-range': {
      const r = filter.dateRangeFilters[p.field];
      return r ? `${r.startDate}${RANGE_SEPARATOR}${r.endDate}` : null;
    }
    case 'date': {
      const r = filter.dateRangeFilters[p.field];
      return r?.startDate || null;
    }
    case 'year': {
      const r = filter.dateRangeFilters[p.field];
      return r?.startDate ? r.startDate.slice(0, 4) : null;
    }
    case 'none':
      return null;
  }
}

/** A parameter's address text as the table's filter control value; undefined when it cannot be read. */
function controlValue(p: UrlFilterParam, raw: string): FilterValue | undefined {
  const s = raw.trim();
  if (s === '') return undefined;
  const list = () => [...new Set(s.split(',').map((x) => x.trim()))].filter((x) => x !== '');
  switch (p.type) {
    case 'text':
    case 'select':
      return s;
    case 'text-number':
      return isNumericText(s) ? s : undefined;
    case 'multi-select': {
      const l = list();
      return l.length ? l : undefined;
    }
    case 'multi-select-number': {
      const l = list()
        .map(Number)
        .filter((n) => Number.isFinite(n));
      return l.length ? l : undefined;
    }
    case 'date-range':
    case 'optional-date-range': {
      const at = s.indexOf(RANGE_SEPARATOR);
      if (at < 0) return undefined;
      const from = isoToDisplay(s.slice(0, at));
      const to = isoToDisplay(s.slice(at + RANGE_SEPARATOR.length));
      const ok = p.type === 'date-range' ? from !== '' && to !== '' : from !== '' || to !== '';
      return ok ? { from, to } : undefined;
    }
    case 'date': {
      const d = isoToDisplay(s);
      return d || undefined;
    }
    case 'year':
      return /^\d{4}$/.test(s) ? s : undefined;
    case 'none':
      return undefined;
  }
}

/** The default of a filter as its address text (null when it has none). */
function defaultText(p: UrlFilterParam, defaults: Record<string, FilterValue> | null): string | null {
  const value = defaults?.[p.field];
  if (value === undefined) return null;
  return appliedText(p, toTableFilter({ page: 1, filters: { [p.field]: value }, sort: null }, { [p.field]: p.type }));
}

/** The table's starting state from the address; anything unreadable is the default. */
export function parseTableUrl(spec: TableUrlSpec, search: string): TableUrlState {
  const q = new URLSearchParams(search);
  const defaults = spec.defaults?.() ?? {};
  const filters: Record<string, FilterValue> = {};
  for (const p of spec.filters) {
    const raw = q.get(p.param);
    const value = raw === null ? defaults[p.field] : controlValue(p, raw);
    if (value !== undefined) filters[p.field] = value;
  }
  const toggles: Record<string, boolean> = {};
  for (const name of spec.toggles ?? []) toggles[name] = q.get(name) === 'true' || q.get(name) === '1';
  const page = Number(q.get(PAGE_PARAM));
  return { filters, sort: parseSort(spec, q.get(SORT_PARAM)), page: Number.isInteger(page) && page > 1 ? page : 1, toggles };
}

function parseSort(spec: TableUrlSpec, raw: string | null): TableUrlState['sort'] {
  const fallback = spec.defaultSort ?? null;
  const s = (raw ?? '').trim();
  const desc = s.startsWith('-');
  const field = desc ? s.slice(1) : s;
  if (!field || (spec.sortFields && !spec.sortFields.includes(field))) return fallback;
  return { field, type: desc ? 'DESC' : 'ASC' };
}

/**
 * The list's part of the address (no '?') for the filter the table gives its data source and the list's switches:
 * empty filters, switches that are off, page 1, the default sort and filters at their default are left out.
 */
export function tableUrlSearch(spec: TableUrlSpec, filter: TableFilter, toggles: Record<string, boolean> = {}): string {
  const out = new URLSearchParams();
  const defaults = spec.defaults?.() ?? null;
  for (const p of spec.filters) {
    const text = appliedText(p, filter);
    if (text !== null && text !== defaultText(p, defaults)) out.set(p.param, text);
  }
  for (const name of spec.toggles ?? []) if (toggles[name]) out.set(name, 'true');
  if (filter.page > 1) out.set(PAGE_PARAM, String(filter.page));
  const sort = filter.sortField ? { field: filter.sortField, type: filter.sortType ?? 'ASC' } : null;
  const d = spec.defaultSort ?? null;
  if (sort && !(d && d.field === sort.field && d.type === sort.type)) out.set(SORT_PARAM, `${sort.type === 'DESC' ? '-' : ''}${sort.field}`);
  return tidy(out);
}

/** The parameters of `search` that are among `names`, in their order (no '?'). */
export function ownSearch(search: string, names: readonly string[]): string {
  const out = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(search)) if (names.includes(k)) out.append(k, v);
  return tidy(out);
}

/** `search` with its parameters among `names` replaced by `own` (others kept first): '?…', or '' when nothing is left. */
export function withOwnSearch(search: string, names: readonly string[], own: string): string {
  const out = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(search)) if (!names.includes(k)) out.append(k, v);
  for (const [k, v] of new URLSearchParams(own)) out.append(k, v);
  const s = tidy(out);
  return s ? `?${s}` : '';
}
