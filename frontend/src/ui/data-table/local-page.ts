import { pagingInfo, type Paged } from '@tbo/kernel/src/http/paging.pure';
import type { SortType, TableFilter } from './types';

/** Rows per page of the lists that arrive whole (a supplier has a handful of them). */
export const LOCAL_PAGE_SIZE = 50;

const get = (row: object, field: string): unknown => (row as Record<string, unknown>)[field];
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Blanks first, numbers and flags by value, the rest as text in any case with numbers in their order. */
export function compareCells(a: unknown, b: unknown): number {
  if (blank(a)) return blank(b) ? 0 : -1;
  if (blank(b)) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/** The order the table asked for: the field's cells (ties by id); none asked, the rows' own order. */
const byAskedField = <T extends object>(a: T, b: T, field: string | undefined, dir: number): number =>
  field ? compareCells(get(a, field), get(b, field)) * dir || compareCells(get(a, 'id'), get(b, 'id')) : 0;

export interface LocalPageOptions<T> {
  perPage?: number;
  /** A list's own order (a fixed tie-break, a default field); dir is 1 for ascending, -1 for descending. */
  order?: (a: T, b: T, field: string | undefined, dir: number) => number;
}

const direction = (type: SortType | undefined) => (type === 'DESC' ? -1 : 1);

/**
 * One page of a list held in the browser, as the data table asks for it (the shape a server answers with): text
 * filters keep the rows whose field contains the text (any case), select filters ('true'/'false' or a value) the
 * rows that equal it, blank filters every row; then the sort and the page.
 */
export function localPage<T extends object>(rows: readonly T[], filter: TableFilter, { perPage = LOCAL_PAGE_SIZE, order = byAskedField }: LocalPageOptions<T> = {}): Paged<T> {
  const kept = rows.filter((row) =>
    Object.entries(filter.textFilters).every(([field, wanted]) => {
      // A cleared filter keeps every row, flags and numbers included.
      if (wanted.trim() === '') return true;
      const value = get(row, field);
      if (typeof value === 'boolean' || typeof value === 'number') return String(value) === wanted;
      return String(value ?? '')
        .toLocaleLowerCase()
        .includes(wanted.trim().toLocaleLowerCase());
    }),
  );
  const dir = direction(filter.sortType);
  const sorted = [...kept].sort((a, b) => order(a, b, filter.sortField, dir));
  const paging = pagingInfo(filter.page || 1, perPage, sorted.length);
  const start = (paging.currentPage - 1) * perPage;
  return { entities: sorted.slice(start, start + perPage), pagingInfo: paging };
}
