import type { ReactNode } from 'react';

/** Sort directions (spec 01 §9). */
export type SortType = 'ASC' | 'DESC';

import type { Paged } from '@tbo/kernel/src/http/paging.pure';

export type { Paged, PagingInfo } from '@tbo/kernel/src/http/paging.pure';

/** A date range as the server reads it: ISO dates (YYYY-MM-DD); '' is an open end (optional date range only). */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The generic table filter (spec 01 §3) the data source receives. Only applied filters appear in it. */
export interface TableFilter {
  page: number;
  textFilters: Record<string, string>;
  multiSelectFilters: Record<string, string[]>;
  multiSelectNumberFilters: Record<string, number[]>;
  dateRangeFilters: Record<string, DateRange>;
  sortField?: string;
  sortType?: SortType;
}

/** Where a table's rows come from: one page per filter, the way a server answers. */
export type TableDataSource<T> = (filter: TableFilter, signal?: AbortSignal) => Promise<Paged<T>>;

export interface FilterOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

/**
 * The ten filter types (spec 01 §9). Where each lands in the TableFilter:
 * - text, text-number, select, → textFilters[field]
 * - multi-select → multiSelectFilters[field]; multi-select-number → multiSelectNumberFilters[field]
 * - date-range (both dates needed), optional-date-range (either end), date (one day: start = end),
 *   year (1 Jan to 31 Dec) → dateRangeFilters[field]
 */
export type ColumnFilter =
  | { type: 'none' }
  | { type: 'text'; placeholder?: string }
  | { type: 'text-number'; placeholder?: string }
  | { type: 'select'; options: FilterOption<string | number>[] }
  | { type: 'multi-select'; options: FilterOption<string>[] }
  | { type: 'multi-select-number'; options: FilterOption<number>[] }
  /** emptyLabel: what no range means, when the list then keeps a window of its own ('Any date' otherwise). */
  | { type: 'date-range'; emptyLabel?: string }
  | { type: 'optional-date-range'; emptyLabel?: string }
  | { type: 'date' }
  | { type: 'year'; from?: number; to?: number };

export type FilterType = ColumnFilter['type'];

/** What a filter control holds while the user edits it (display dates, partial text). */
export type FilterValue = string | string[] | number[] | { from: string; to: string };

/** Table input types for inline edit (spec 01 §9). */
export type ColumnEditor =
  | { type: 'text'; required?: boolean; maxLength?: number }
  | { type: 'number'; min?: number; max?: number; decimals?: number; required?: boolean }
  | { type: 'select'; options: FilterOption<string | number>[]; required?: boolean }
  | { type: 'checkbox' }
  | { type: 'date'; required?: boolean }
  | { type: 'time'; required?: boolean };

export type EditorType = ColumnEditor['type'];

/** An Excel cell as the export endpoint takes it. */
export type ExportCell = string | number | boolean | null;

export interface DataTableColumn<T> {
  /** The row property shown; also the default filter and sort field. */
  field: keyof T & string;
  /** Header text (already translated). */
  header: string;
  /** Column width in px (default 80, spec 01 §9). */
  width?: number;
  minWidth?: number;
  /** Grow to fill spare width (relative weight). */
  flex?: number;
  align?: 'left' | 'right' | 'center';
  pinned?: 'left' | 'right';
  /** Header click sorts (default true when the column has a field to sort). */
  sortable?: boolean;
  /** Sort field sent to the server (default `field`). */
  sortField?: string;
  filter?: ColumnFilter;
  /** Filter key sent to the server (default `field`). */
  filterField?: string;
  /** Cell text (default: the value; dates, booleans and options are formatted by editor/filter type). */
  format?: (value: T[keyof T], row: T) => string;
  /** Cell content instead of the text. */
  render?: (row: T) => ReactNode;
  /** Inline editor when the row is in edit mode. */
  editor?: ColumnEditor;
  /** Value of the Excel cell (default: the cell text, numbers and booleans kept). false leaves the column out. */
  exportValue?: ((row: T) => ExportCell) | false;
  /** Tooltip on the header. */
  headerTooltip?: string;
  cellClass?: string | ((row: T) => string | undefined);
}

export interface TableActionContext<T> {
  selectedRows: T[];
  filter: TableFilter;
  refresh: () => void;
}

/** A toolbar button given by the page. */
export interface TableAction<T> {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Show only the icon, with the label as tooltip. */
  iconOnly?: boolean;
  variant?: 'primary' | 'default';
  disabled?: boolean | ((ctx: TableActionContext<T>) => boolean);
  onClick: (ctx: TableActionContext<T>) => void | Promise<void>;
}

export interface TableExportOptions<T> {
  /** Sheet title. */
  title: string;
  /** File name, e.g. tours.xlsx. */
  fileName: string;
  /** Default /api/excel/fromdatatable. */
  endpoint?: string;
  /** All filtered rows at once; default pages through the data source. */
  loadAll?: (filter: TableFilter) => Promise<T[]>;
}
