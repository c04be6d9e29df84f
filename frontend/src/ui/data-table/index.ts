export { DataTable, EXCEL_ENDPOINT, HEIGHT_OFFSET, HEIGHT_OFFSET_FULLSCREEN, type DataTableHandle, type DataTableProps } from './data-table';
export { pageItems, gapTarget, type PageItem } from './paging';
export { tableReducer, toTableFilter, initialTableState, nextSort, toggleAll, yearRange, type TableState } from './table-state';
export { buildExportColumns, cellText, loadAllRows } from './cell-value';
export { DEFAULT_COLUMN_WIDTH, gridTheme } from './grid-theme';
export type * from './types';
