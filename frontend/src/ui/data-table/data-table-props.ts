import type { ReactNode, Ref } from 'react';
import type { RowKey } from './context';
import type { DataTableColumn, FilterValue, SortType, TableAction, TableDataSource, TableExportOptions, TableFilter } from './types';

export interface DataTableHandle {
  /** Loads the current page again. */
  refresh: () => void;
  clearFilters: () => void;
  /** The filter the data source gets now. */
  getFilter: () => TableFilter;
}

/** The key of a row that has an `id`: the default of `getRowId`. */
export const rowIdOf = (row: object): RowKey => (row as { id: RowKey }).id;

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** One page per filter. A new function (identity) means a new query: the table reloads from page 1. */
  dataSource: TableDataSource<T>;
  /** The row's key; by default its `id` (every list of the product keys its rows so). */
  getRowId?: (row: T) => RowKey;
  /** Shown at the toolbar's start. */
  title?: ReactNode;
  initialSort?: { field: string; type: SortType };
  initialFilters?: Record<string, FilterValue>;
  /** The page to start on (a list's address after a reload or Back); a filter change goes back to page 1 as always. */
  initialPage?: number;
  /** Toolbar buttons of the page. */
  actions?: TableAction<T>[];
  /** Anything else for the toolbar (e.g. a 'show deleted' toggle). */
  toolbarExtra?: ReactNode;
  /** Excel export through the server; off when not given. */
  exportOptions?: TableExportOptions<T>;
  /** Inline edit: rows get a pencil (and double click) when given; called with the edited row. Its result replaces the row. */
  onSave?: (row: T) => Promise<T | void> | T | void;
  canEdit?: (row: T) => boolean;
  /** A checkbox column with select-all. */
  selectable?: boolean;
  onSelectionChange?: (rows: T[]) => void;
  rowClass?: (row: T) => string | undefined;
  /** Fixed grid height in px (e.g. 150 or 400) instead of following the window. */
  height?: number;
  /**
   * Other offsets (page title, tabs) taken from the window height besides the 160 / 100 (the 160 counts a one-row
   * header; a header wrapped to two rows is taken off as well: grid-height.ts).
   */
  heightOffset?: number;
  emptyMessage?: string;
  /** Text filters wait this long after typing (Enter applies at once). */
  filterDebounceMs?: number;
  /** Label of the actions (edit) column. */
  actionsHeader?: string;
  ariaLabel?: string;
  className?: string;
  tableRef?: Ref<DataTableHandle>;
  /** data-testid of the table's root. */
  testId?: string;
}
