import { AllCommunityModule, ModuleRegistry, type ColDef, type GetRowIdParams, type RowClassParams, type RowClassRules, type SuppressHeaderKeyboardEventParams, type SuppressKeyboardEventParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useReducer, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notifications/notifications';
import { ApiError, apiDownload, saveBlob } from '../../lib/api-client';
import { Button } from '../common/button';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import '../common/ui.css';
import '../fields/fields.css';
import { buildExportColumns, loadAllRows } from './cell-value';
import { ActionsCell, DataCell, SelectCell } from './cells';
import { TableContext, type EditState, type RowKey, type TableContextValue } from './context';
import './data-table.css';
import { draftFromRow, rowFromDraft, type DraftValue, type EditableColumn } from './edit-draft';
import { DEFAULT_COLUMN_WIDTH, gridTheme, HEADER_HEIGHT_PLAIN, HEADER_HEIGHT_WITH_FILTERS, ROW_HEIGHT } from './grid-theme';
import { ColumnHeader, PlainHeader, SelectAllHeader } from './header';
import { Pager } from './pager';
import { activeFilterCount, initialTableState, tableReducer, toggleAll, toggleOne, toTableFilter } from './table-state';
import type { DataTableColumn, FilterType, FilterValue, Paged, PagingInfo, SortType, TableAction, TableActionContext, TableDataSource, TableExportOptions, TableFilter } from './types';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The server's default Excel endpoint (spec 01 §7). */
export const EXCEL_ENDPOINT = '/api/excel/fromdatatable';
/** Table height is the window height minus this (spec 01 §9) … */
export const HEIGHT_OFFSET = 160;
/** … or minus this in full screen. */
export const HEIGHT_OFFSET_FULLSCREEN = 100;
const MIN_GRID_HEIGHT = 220;

export interface DataTableHandle {
  /** Loads the current page again. */
  refresh: () => void;
  clearFilters: () => void;
  /** The filter the data source gets now. */
  getFilter: () => TableFilter;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** One page per filter. A new function (identity) means a new query: the table reloads from page 1. */
  dataSource: TableDataSource<T>;
  getRowId: (row: T) => RowKey;
  /** Shown at the toolbar's start. */
  title?: ReactNode;
  initialSort?: { field: string; type: SortType };
  initialFilters?: Record<string, FilterValue>;
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
  /** Other offsets (page title, tabs) taken from the window height besides the 160 / 100. */
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

interface DataState<T> {
  rows: T[];
  paging: PagingInfo | null;
  loading: boolean;
  error: string | null;
}

const SELECT_COL = '__select';
const ACTIONS_COL = '__actions';

function useWindowHeight(): number {
  const [h, setH] = useState(() => (typeof window === 'undefined' ? 800 : window.innerHeight));
  useEffect(() => {
    const on = () => setH(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && !!target.closest('input, select, textarea, button, [contenteditable="true"]');

/**
 * The one data table of the product, over AG Grid Community: server-side filters (a filter row under the
 * headers), sorting, paging with ellipsis groups, full screen, refresh, clear filters, page actions, Excel
 * export of all filtered rows through the server, inline edit and row selection.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const {
    columns,
    dataSource,
    getRowId,
    title,
    initialSort,
    initialFilters,
    actions = [],
    toolbarExtra,
    exportOptions,
    onSave,
    canEdit: canEditProp,
    selectable,
    onSelectionChange,
    rowClass,
    height,
    heightOffset = 0,
    emptyMessage,
    filterDebounceMs = 400,
    actionsHeader,
    ariaLabel,
    className,
    tableRef,
    testId,
  } = props;
  const { t } = useTranslation('ui');
  const [state, dispatch] = useReducer(tableReducer, undefined, () => initialTableState({ filters: initialFilters ?? {}, sort: initialSort ?? null }));
  const [data, setData] = useState<DataState<T>>({ rows: [], paging: null, loading: true, error: null });
  const [reloadToken, setReloadToken] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<Map<RowKey, T>>(() => new Map());
  const [edit, setEdit] = useState<EditState | null>(null);
  const windowHeight = useWindowHeight();
  const rootRef = useRef<HTMLDivElement>(null);

  // ----- The filter the data source gets -----
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

  // A new data source is a new query: back to page 1.
  const firstSource = useRef(dataSource);
  useEffect(() => {
    if (firstSource.current === dataSource) return;
    firstSource.current = dataSource;
    dispatch({ type: 'page', page: 1 });
    setReloadToken((n) => n + 1);
  }, [dataSource]);

  // ----- Loading -----
  const tRef = useRef(t);
  tRef.current = t;
  const requestSeq = useRef(0);
  useEffect(() => {
    const seq = ++requestSeq.current;
    const controller = new AbortController();
    const current = JSON.parse(filterKey) as TableFilter;
    setData((d) => ({ ...d, loading: true, error: null }));
    Promise.resolve()
      .then(() => dataSource(current, controller.signal))
      .then((res: Paged<T>) => {
        if (seq !== requestSeq.current) return;
        setData({ rows: res.entities, paging: res.pagingInfo, loading: false, error: null });
        // The server may clamp the page (fewer pages than asked for): follow it.
        if (res.pagingInfo.currentPage !== current.page && res.pagingInfo.totalItems > 0) dispatch({ type: 'page', page: res.pagingInfo.currentPage });
      })
      .catch((err: unknown) => {
        if (seq !== requestSeq.current || controller.signal.aborted) return;
        const message = err instanceof Error ? err.message : String(err);
        setData((d) => ({ ...d, loading: false, error: message }));
        if (!(err instanceof ApiError)) notify({ title: tRef.current('table.loadFailed'), message, type: 2 });
      });
    return () => controller.abort();
    // filterKey stands for the filter; reloadToken asks for the same page again.
  }, [filterKey, reloadToken, dataSource]);

  const refresh = useCallback(() => setReloadToken((n) => n + 1), []);
  const clearFilters = useCallback(() => dispatch({ type: 'clearFilters' }), []);

  // A new filter (not a new page) starts a new selection.
  const lastFilter = useRef(filterWithoutPage);
  useEffect(() => {
    if (lastFilter.current === filterWithoutPage) return;
    lastFilter.current = filterWithoutPage;
    setSelected(new Map());
  }, [filterWithoutPage]);
  const selectionCb = useRef(onSelectionChange);
  selectionCb.current = onSelectionChange;
  useEffect(() => {
    selectionCb.current?.([...selected.values()]);
  }, [selected]);

  // Leaving the page or filter drops an unsaved edit.
  useEffect(() => {
    setEdit(null);
  }, [filterKey]);

  useImperativeHandle(tableRef, () => ({ refresh, clearFilters, getFilter: () => JSON.parse(filterKey) as TableFilter }), [refresh, clearFilters, filterKey]);

  // ----- Inline edit -----
  const editableColumns: EditableColumn[] = useMemo(() => columns.filter((c) => c.editor).map((c) => ({ field: c.field, editor: c.editor! })), [columns]);
  const editable = !!onSave && editableColumns.length > 0;
  const canEdit = useCallback((row: T) => editable && (canEditProp ? canEditProp(row) : true), [editable, canEditProp]);
  const rowsRef = useRef(data.rows);
  rowsRef.current = data.rows;
  const editRef = useRef(edit);
  editRef.current = edit;

  const startEdit = useCallback(
    (row: T) => {
      if (!canEdit(row)) return;
      const key = getRowId(row);
      if (editRef.current?.key === key) return;
      setEdit({ key, draft: draftFromRow(row as Record<string, unknown>, editableColumns), errors: {}, saving: false });
    },
    [canEdit, getRowId, editableColumns],
  );
  const cancelEdit = useCallback(() => setEdit((e) => (e?.saving ? e : null)), []);
  const setDraft = useCallback((field: string, value: DraftValue) => {
    setEdit((e) => {
      if (!e) return e;
      const errors = { ...e.errors };
      delete errors[field];
      return { ...e, draft: { ...e.draft, [field]: value }, errors };
    });
  }, []);
  const saveEdit = useCallback(async () => {
    const e = editRef.current;
    if (!e || e.saving || !onSave) return;
    const original = rowsRef.current.find((r) => getRowId(r) === e.key);
    if (!original) return setEdit(null);
    const { row, errors } = rowFromDraft(original, e.draft, editableColumns);
    if (Object.keys(errors).length) {
      setEdit({ ...e, errors });
      return;
    }
    setEdit({ ...e, saving: true });
    try {
      const saved = (await onSave(row)) ?? row;
      setData((d) => ({ ...d, rows: d.rows.map((r) => (getRowId(r) === e.key ? (saved as T) : r)) }));
      setEdit(null);
    } catch (err) {
      setEdit((cur) => (cur ? { ...cur, saving: false } : cur));
      if (!(err instanceof ApiError)) notify({ title: t('table.edit.saveFailed'), message: err instanceof Error ? err.message : String(err), type: 2 });
    }
  }, [onSave, getRowId, editableColumns, t]);

  // ----- Selection -----
  const toggleRow = useCallback(
    (row: T) =>
      setSelected((cur) => {
        const key = getRowId(row);
        const keys = toggleOne(new Set(cur.keys()), key);
        const next = new Map<RowKey, T>();
        for (const [k, v] of cur) if (keys.has(k)) next.set(k, v);
        if (keys.has(key)) next.set(key, row);
        return next;
      }),
    [getRowId],
  );
  const toggleAllRows = useCallback(
    () =>
      setSelected((cur) => {
        const rows = rowsRef.current;
        const keys = toggleAll(new Set(cur.keys()), rows.map(getRowId));
        const next = new Map<RowKey, T>();
        for (const r of rows) if (keys.has(getRowId(r))) next.set(getRowId(r), r);
        return next;
      }),
    [getRowId],
  );

  // ----- Export -----
  const labels = useMemo(() => ({ yes: t('common.yes'), no: t('common.no') }), [t]);
  const runExport = useCallback(async () => {
    if (!exportOptions || exporting) return;
    setExporting(true);
    try {
      const current = JSON.parse(filterKey) as TableFilter;
      const rows = exportOptions.loadAll ? await exportOptions.loadAll(current) : await loadAllRows(dataSource, current);
      const body = { Title: exportOptions.title, FileName: exportOptions.fileName, Columns: buildExportColumns(columns, rows, labels) };
      const { blob, fileName } = await apiDownload(exportOptions.endpoint ?? EXCEL_ENDPOINT, body, { silent: true });
      saveBlob(blob, fileName || exportOptions.fileName);
    } catch (err) {
      const detail = err instanceof ApiError ? err.message : err instanceof Error ? err.message : '';
      notify({ title: t('table.export.failed'), message: detail || t('table.export.failed'), type: 2 });
    } finally {
      setExporting(false);
    }
  }, [exportOptions, exporting, filterKey, dataSource, columns, labels, t]);

  // ----- Full screen -----
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('.tbo-popover') && !editRef.current) setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('tbo-no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('tbo-no-scroll');
    };
  }, [fullscreen]);

  // ----- Grid -----
  const hasFilters = columns.some((c) => c.filter && c.filter.type !== 'none');
  const columnDefs = useMemo<ColDef<T>[]>(() => {
    const defs: ColDef<T>[] = [];
    if (selectable) {
      defs.push({
        colId: SELECT_COL,
        headerName: '',
        width: 44,
        minWidth: 44,
        maxWidth: 44,
        pinned: 'left',
        resizable: false,
        headerComponent: SelectAllHeader,
        cellRenderer: SelectCell,
        cellClass: 'tbo-cell--flush',
        headerClass: 'tbo-hcell--flush',
      });
    }
    for (const c of columns) {
      defs.push({
        colId: c.field,
        headerName: c.header,
        width: c.width ?? DEFAULT_COLUMN_WIDTH,
        minWidth: c.minWidth ?? Math.min(c.width ?? DEFAULT_COLUMN_WIDTH, 60),
        flex: c.flex,
        pinned: c.pinned,
        headerComponent: ColumnHeader,
        headerComponentParams: { tableColumn: c },
        cellRenderer: DataCell,
        cellRendererParams: { tableColumn: c },
        cellClass: (p) => cx('tbo-cell', typeof c.cellClass === 'function' ? (p.data ? c.cellClass(p.data) : undefined) : c.cellClass) || undefined,
        headerClass: 'tbo-hcell',
      });
    }
    if (editable) {
      defs.push({
        colId: ACTIONS_COL,
        headerName: actionsHeader ?? '',
        width: 96,
        minWidth: 96,
        pinned: 'right',
        resizable: false,
        headerComponent: PlainHeader,
        cellRenderer: ActionsCell,
        cellClass: 'tbo-cell--flush',
        headerClass: 'tbo-hcell',
      });
    }
    return defs;
  }, [columns, selectable, editable, actionsHeader]);

  const defaultColDef = useMemo<ColDef<T>>(
    () => ({
      sortable: false,
      resizable: true,
      suppressMovable: true,
      suppressHeaderMenuButton: true,
      suppressHeaderContextMenu: true,
      // The grid leaves keys alone inside our inputs and buttons (editors, checkboxes, pencil).
      suppressKeyboardEvent: (p: SuppressKeyboardEventParams<T>) => isTyping(p.event.target),
      // Header: Enter or Tab on a focused header cell goes into its controls (sort button, filter); keys inside
      // them are theirs, so Tab then walks the filter row like a form.
      suppressHeaderKeyboardEvent: (p: SuppressHeaderKeyboardEventParams<T>) => {
        const target = p.event.target as HTMLElement | null;
        if (isTyping(target)) return true;
        if ((p.event.key === 'Enter' || (p.event.key === 'Tab' && !p.event.shiftKey)) && target?.classList.contains('ag-header-cell')) {
          const first = target.querySelector<HTMLElement>('button, input, select');
          if (first) {
            p.event.preventDefault();
            first.focus();
            return true;
          }
        }
        return false;
      },
    }),
    [],
  );

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

  const gridHeight = height ?? Math.max(MIN_GRID_HEIGHT, windowHeight - (fullscreen ? HEIGHT_OFFSET_FULLSCREEN : HEIGHT_OFFSET + heightOffset));
  const paging = data.paging;

  const ctx: TableContextValue<T> = {
    state,
    dispatch,
    columns,
    getKey: getRowId,
    rows: data.rows,
    selected: useMemo(() => new Set(selected.keys()), [selected]),
    toggleRow,
    toggleAllRows,
    editable,
    canEdit,
    edit,
    firstEditableField: editableColumns[0]?.field ?? null,
    startEdit,
    cancelEdit,
    saveEdit: () => void saveEdit(),
    setDraft,
    filterDebounceMs,
  };

  const actionContext: TableActionContext<T> = { selectedRows: [...selected.values()], filter, refresh };
  const noRows = !data.loading && !data.error && data.rows.length === 0;

  return (
    <TableContext.Provider value={ctx as unknown as TableContextValue}>
      <div
        ref={rootRef}
        className={cx('tbo-dt', fullscreen && 'tbo-dt--fullscreen', className)}
        data-testid={testId}
        role="region"
        aria-label={ariaLabel ?? (typeof title === 'string' ? title : t('table.label'))}
        aria-busy={data.loading}
      >
        <div className="tbo-dt__toolbar">
          <div className="tbo-dt__title">
            {title && <h2 className="tbo-dt__heading">{title}</h2>}
            {paging && (
              <span className="tbo-dt__count" data-testid="table-total">
                {t('table.total', { count: paging.totalItems })}
              </span>
            )}
            {selectable && selected.size > 0 && <span className="tbo-dt__selected">{t('table.selectedCount', { count: selected.size })}</span>}
          </div>
          <div className="tbo-dt__tools">
            {toolbarExtra}
            {actions.map((a) => {
              const disabled = typeof a.disabled === 'function' ? a.disabled(actionContext) : a.disabled;
              return (
                <Button
                  key={a.id}
                  size="sm"
                  variant={a.variant ?? 'default'}
                  icon={a.icon}
                  iconOnly={a.iconOnly}
                  label={a.label}
                  disabled={disabled}
                  data-action={a.id}
                  onClick={() => void a.onClick(actionContext)}
                />
              );
            })}
            {(actions.length > 0 || toolbarExtra) && <span className="tbo-dt__divider" aria-hidden="true" />}
            <Button size="sm" variant="ghost" icon="filterOff" label={t('table.clearFilters')} disabled={!hasFilterInput} onClick={clearFilters} data-action="clear-filters">
              {activeFilters > 0 && <span className="tbo-dt__badge">{activeFilters}</span>}
            </Button>
            <Button size="sm" variant="ghost" icon="refresh" iconOnly label={t('table.refresh')} onClick={refresh} data-action="refresh" className={cx(data.loading && 'tbo-dt__spin')} />
            {exportOptions && <Button size="sm" variant="ghost" icon="excel" iconOnly label={t('table.export.button')} busy={exporting} onClick={() => void runExport()} data-action="export" />}
            <Button
              size="sm"
              variant="ghost"
              icon={fullscreen ? 'minimize' : 'maximize'}
              iconOnly
              label={fullscreen ? t('table.exitFullscreen') : t('table.fullscreen')}
              aria-pressed={fullscreen}
              onClick={() => setFullscreen((f) => !f)}
              data-action="fullscreen"
            />
          </div>
        </div>
        <div
          className="tbo-dt__grid"
          style={{ height: gridHeight }}
          onKeyDown={(e) => {
            // Escape anywhere in the grid (an editor, a cell, the row) leaves edit mode without saving.
            if (e.key === 'Escape' && editRef.current && !e.defaultPrevented) {
              e.preventDefault();
              cancelEdit();
            }
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
          {data.loading && (
            <div className={cx('tbo-dt__loading', data.rows.length === 0 && 'tbo-dt__loading--first')} data-testid="table-loading">
              <div className="tbo-dt__bar" />
              {data.rows.length === 0 && <span className="tbo-spinner" aria-hidden="true" />}
              <span className="tbo-sr-only" role="status">
                {t('common.loading')}
              </span>
            </div>
          )}
          {noRows && (
            <div className="tbo-dt__empty" role="status" data-testid="table-empty">
              <Icon name="inbox" size={30} strokeWidth={1.5} />
              <div className="tbo-dt__empty-text">{activeFilters > 0 ? t('table.emptyFiltered') : (emptyMessage ?? t('table.empty'))}</div>
              {hasFilterInput && (
                <Button size="sm" onClick={clearFilters}>
                  {t('table.clearFilters')}
                </Button>
              )}
            </div>
          )}
          {data.error && !data.loading && data.rows.length === 0 && (
            <div className="tbo-dt__empty tbo-dt__empty--error" role="alert">
              <div className="tbo-dt__empty-text">{t('table.loadFailed')}</div>
              <Button size="sm" icon="refresh" onClick={refresh}>
                {t('table.retry')}
              </Button>
            </div>
          )}
        </div>
        <Pager paging={paging} onPage={(page) => dispatch({ type: 'page', page })} />
      </div>
    </TableContext.Provider>
  );
}
