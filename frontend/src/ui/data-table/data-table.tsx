import { AllCommunityModule, ModuleRegistry, type ColDef, type GetRowIdParams, type GridApi, type RowClassParams, type RowClassRules } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import '../common/ui.css';
import '../fields/fields.css';
import { TableContext, type TableContextValue } from './context';
import './data-table.css';
import './data-table-head.css';
import { rowIdOf, type DataTableProps } from './data-table-props';
import { defaultGridColumn, gridColumnDefs } from './grid-columns';
import { GridErrorBar, GridOverlays } from './grid-overlays';
import { gridOverlayState } from './grid-overlays.logic';
import { gridHeight as gridHeightOf } from './grid-height';
import { gridTheme, HEADER_HEIGHT_PLAIN, HEADER_HEIGHT_WITH_FILTERS, ROW_HEIGHT } from './grid-theme';
import { isTyping } from './is-typing';
import { Pager } from './pager';
import { activeFilterCount, initialTableState, tableReducer, toTableFilter } from './table-state';
import { TableToolbar } from './toolbar';
import type { FilterType, TableActionContext, TableFilter } from './types';
import { useFullscreen } from './use-fullscreen';
import { useInlineEdit } from './use-inline-edit';
import { useGridTabStop } from './use-grid-tab-stop';
import { useKeepFocus } from './use-keep-focus';
import { useRowSelection } from './use-row-selection';
import { useTableData } from './use-table-data';
import { useTableExport } from './use-table-export';

ModuleRegistry.registerModules([AllCommunityModule]);

export { EXCEL_ENDPOINT } from './use-table-export';
export type { DataTableHandle, DataTableProps } from './data-table-props';
export { HEIGHT_OFFSET, HEIGHT_OFFSET_FULLSCREEN } from './grid-height';

/**
 * The one data table of the product, over AG Grid Community: server-side filters (a filter row under the
 * headers), sorting, paging with ellipsis groups, full screen, refresh, clear filters, page actions, Excel
 * export of all filtered rows through the server, inline edit and row selection.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { columns, dataSource, getRowId = rowIdOf, title, initialSort, initialFilters, initialPage, actions = [], toolbarExtra, exportOptions, onSave, canEdit, selectable, onSelectionChange } = props;
  const { rowClass, height, heightOffset = 0, emptyMessage, filterDebounceMs = 400, actionsHeader, ariaLabel, className, tableRef, testId } = props;
  const { t } = useTranslation('ui');
  const [state, dispatch] = useReducer(tableReducer, undefined, () => initialTableState({ filters: initialFilters ?? {}, sort: initialSort ?? null, page: Math.max(1, Math.trunc(initialPage ?? 1) || 1) }));

  // The filter the data source gets.
  const filterTypes = useMemo(() => {
    const map: Record<string, FilterType> = {};
    for (const c of columns) if (c.filter && c.filter.type !== 'none') map[c.filterField ?? c.field] = c.filter.type;
    return map;
  }, [columns]);
  const filter = useMemo(() => toTableFilter(state, filterTypes), [state, filterTypes]);
  const filterKey = JSON.stringify(filter);
  const filterWithoutPage = JSON.stringify({ ...filter, page: 0 });
  const activeFilters = activeFilterCount(filter) + Object.keys(state.filters).filter((f) => !(f in filterTypes)).length;
  const hasFilterInput = Object.keys(state.filters).length > 0;

  const { data, refresh, replaceRow } = useTableData(dataSource, filterKey, dispatch);
  const clearFilters = useCallback(() => dispatch({ type: 'clearFilters' }), []);
  const rowsRef = useRef(data.rows);
  rowsRef.current = data.rows;
  const { selected, selectedKeys, toggleRow, toggleAllRows } = useRowSelection(getRowId, rowsRef, filterWithoutPage, onSelectionChange);
  const replaceEditedRow = useCallback((key: string | number, saved: T) => replaceRow(getRowId, key, saved), [replaceRow, getRowId]);
  const inline = useInlineEdit({ columns, getRowId, rowsRef, replaceRow: replaceEditedRow, onSave, canEdit, filterKey });
  const { edit, editRef, editable, startEdit, cancelEdit, saveEdit } = inline;

  useImperativeHandle(tableRef, () => ({ refresh, clearFilters, getFilter: () => JSON.parse(filterKey) as TableFilter }), [refresh, clearFilters, filterKey]);

  const { exporting, runExport } = useTableExport(exportOptions, dataSource, columns, filterKey);
  const [fullscreen, setFullscreen] = useFullscreen(editRef);

  const hasFilters = columns.some((c) => c.filter && c.filter.type !== 'none');
  const columnDefs = useMemo(() => gridColumnDefs(columns, { selectable, editable, actionsHeader }), [columns, selectable, editable, actionsHeader]);
  const defaultColDef = useMemo<ColDef<T>>(() => defaultGridColumn<T>(), []);

  // Rules (not getRowClass) so that classes also go away; a new object makes the grid re-apply them.
  const editKey = edit?.key;
  const rowClassRules = useMemo<RowClassRules<T>>(
    () => ({
      'tbo-row--editing': (p) => !!p.data && getRowId(p.data) === editKey,
      'tbo-row--selected': (p) => !!p.data && selected.has(getRowId(p.data)),
    }),
    [editKey, selected, getRowId],
  );
  const rowIdRef = useRef(getRowId);
  rowIdRef.current = getRowId;
  const gridRowId = useCallback((p: GetRowIdParams<T>) => String(rowIdRef.current(p.data)), []);
  const getRowClass = useCallback((p: RowClassParams<T>) => (p.data && rowClass ? rowClass(p.data) : undefined), [rowClass]);

  // The keyboard stays in the grid when the focused editor, button or row goes away (save, cancel, delete).
  const gridBoxRef = useRef<HTMLDivElement>(null);
  const gridApiRef = useRef<GridApi<T> | null>(null);
  const editingRowId = useRef<string | null>(null);
  editingRowId.current = editKey === undefined ? null : String(editKey);
  const keepFocus = useKeepFocus(gridBoxRef, gridApiRef, editingRowId);
  const { watch: watchFocus } = keepFocus;
  const editSaving = !!edit?.saving;
  useEffect(() => watchFocus(), [editKey, editSaving, columnDefs, watchFocus]);
  const tabStop = useGridTabStop(gridBoxRef, gridApiRef);
  const label = ariaLabel ?? (typeof title === 'string' ? title : t('table.label'));
  // The grid element (role grid) is named like the table's region, for a screen reader entering it.
  const nameGrid = () => gridBoxRef.current?.querySelector('[role="grid"], [role="treegrid"]')?.setAttribute('aria-label', label);
  useEffect(nameGrid);

  // The window height less the offsets, the header's real height, the notes' strip and the error bar, in CSS: it
  // follows resizes and notes coming and going without a render.
  const gridHeight = gridHeightOf({ height, heightOffset, fullscreen, errorBar: gridOverlayState(data).error === 'stale' });

  const ctx: TableContextValue<T> = {
    state,
    dispatch,
    columns,
    getKey: getRowId,
    rows: data.rows,
    selected: selectedKeys,
    toggleRow,
    toggleAllRows,
    editable,
    canEdit: inline.canEdit,
    edit,
    firstEditableField: inline.firstEditableField,
    startEdit,
    cancelEdit,
    saveEdit: () => void saveEdit(),
    setDraft: inline.setDraft,
    filterDebounceMs,
  };
  const actionContext: TableActionContext<T> = { selectedRows: [...selected.values()], filter, refresh };

  return (
    <TableContext.Provider value={ctx as unknown as TableContextValue}>
      <div
        className={cx('tbo-dt', fullscreen && 'tbo-dt--fullscreen', className)}
        data-testid={testId}
        role="region"
        aria-label={label}
        aria-busy={data.loading}
      >
        <TableToolbar
          title={title}
          paging={data.paging}
          selectedCount={selectable ? selected.size : null}
          actions={actions}
          actionContext={actionContext}
          toolbarExtra={toolbarExtra}
          activeFilters={activeFilters}
          hasFilterInput={hasFilterInput}
          onClearFilters={clearFilters}
          loading={data.loading}
          onRefresh={refresh}
          onExport={exportOptions ? () => void runExport() : undefined}
          exporting={exporting}
          fullscreen={fullscreen}
          onToggleFullscreen={() => setFullscreen((f) => !f)}
        />
        <GridErrorBar data={data} onRetry={refresh} />
        <div
          ref={gridBoxRef}
          className="tbo-dt__grid"
          style={{ height: gridHeight }}
          onFocus={(e) => {
            keepFocus.onFocus(e);
            tabStop.onFocus(e);
          }}
          onKeyDown={(e) => {
            // Escape anywhere in the grid (an editor, a cell, the row) leaves edit mode without saving.
            if (e.key === 'Escape' && editRef.current && !e.defaultPrevented) {
              e.preventDefault();
              cancelEdit();
            }
            // A row itself focused (a click beside its cells): the arrows go on from its first cell, as from a cell.
            if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !e.defaultPrevented) tabStop.fromRow(e);
          }}
        >
          <AgGridReact<T>
            theme={gridTheme}
            rowData={data.rows}
            columnDefs={columnDefs}
            defaultColDef={defaultColDef}
            getRowId={gridRowId}
            headerHeight={hasFilters ? HEADER_HEIGHT_WITH_FILTERS : HEADER_HEIGHT_PLAIN}
            rowHeight={ROW_HEIGHT}
            suppressOverlays={['loading', 'noRows', 'noMatchingRows']}
            suppressDragLeaveHidesColumns
            suppressColumnMoveAnimation
            ensureDomOrder
            enableCellTextSelection
            animateRows={false}
            tooltipShowDelay={400}
            getRowClass={getRowClass}
            rowClassRules={rowClassRules}
            onGridReady={(e) => {
              gridApiRef.current = e.api;
              nameGrid();
            }}
            focusGridInnerElement={(p) => tabStop.focusFromBelow(p.fromBottom)}
            onGridPreDestroyed={() => {
              gridApiRef.current = null;
            }}
            onRowDataUpdated={watchFocus}
            onRowDoubleClicked={(e) => {
              if (e.data && !isTyping(e.event?.target ?? null)) startEdit(e.data);
            }}
            onCellKeyDown={(e) => {
              const ev = e.event as KeyboardEvent | undefined;
              if (!ev || !e.data || isTyping(ev.target)) return;
              if (ev.key === 'F2' || (ev.key === 'Enter' && editable)) {
                ev.preventDefault();
                startEdit(e.data);
              } else if (ev.key === ' ' && selectable) {
                ev.preventDefault();
                toggleRow(e.data);
              }
            }}
          />
          <GridOverlays data={data} activeFilters={activeFilters} hasFilterInput={hasFilterInput} emptyMessage={emptyMessage} onClearFilters={clearFilters} onRetry={refresh} />
        </div>
        <Pager paging={data.paging} onPage={(page) => dispatch({ type: 'page', page })} />
      </div>
    </TableContext.Provider>
  );
}
