import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { cellOf } from './use-keep-focus';

/** The body's rows (header rows have no row-index) and their cells. */
const BODY_ROW = '.ag-row[row-index]';

/** Where the body's one Tab stop is wanted: the cell that had the focus last, by row id and column. */
interface WantedStop {
  rowId: string | null;
  colId: string;
}

/**
 * The cell that is the body's Tab stop among the drawn rows: the wanted one when it is drawn (its row's first cell
 * when only its column is not), else the first cell of the first drawn row from `firstInView` on, else of the first
 * drawn row; null without rows.
 */
export function tabStopCell(rows: readonly HTMLElement[], wanted: WantedStop | null, firstInView: number): HTMLElement | null {
  const firstCell = (row: HTMLElement | undefined) => row?.querySelector<HTMLElement>('.ag-cell[col-id]') ?? null;
  if (wanted) {
    const row = rows.find((r) => r.getAttribute('row-id') === wanted.rowId);
    const cell = row ? ([...row.querySelectorAll<HTMLElement>('.ag-cell[col-id]')].find((c) => c.getAttribute('col-id') === wanted.colId) ?? firstCell(row)) : null;
    if (cell) return cell;
  }
  const byIndex = [...rows].sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')));
  return firstCell(byIndex.find((r) => Number(r.getAttribute('row-index')) >= firstInView) ?? byIndex[0]);
}

/**
 * One Tab stop for the grid's body (a roving tabindex, as an ARIA grid has it). AG Grid puts every row in the tab
 * order (tabindex 0 on each row element), so Tab walked row by row (20 stops a page) and landed on rows, where the
 * arrows do nothing. Here every row, cell and control in a cell is kept at tabindex -1 but one cell: the one that had
 * the focus last (else the first cell of the first row in view). Tab from the header's last control reaches that cell, the grid's
 * arrows move from it, and Tab from it (the grid leaves Tab in cells to the browser, see grid-columns.ts) leaves the
 * grid. The grid sets the attributes as it draws rows, so they are put right after each change it makes.
 */
export function useGridTabStop<T>(boxRef: RefObject<HTMLElement | null>, apiRef: RefObject<GridApi<T> | null>) {
  const wanted = useRef<WantedStop | null>(null);

  const apply = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    const rows = [...box.querySelectorAll<HTMLElement>(BODY_ROW)];
    for (const row of rows) if (row.getAttribute('tabindex') !== '-1') row.tabIndex = -1;
    // A cell's own links and buttons (a row's tickets, an arrival's group) are reached from their cell (Enter, see
    // cell-keys.ts), not by Tab: else Tab from the grid would walk them row by row.
    for (const control of box.querySelectorAll<HTMLElement>(`${BODY_ROW} .ag-cell a[href], ${BODY_ROW} .ag-cell button`)) if (control.getAttribute('tabindex') !== '-1') control.tabIndex = -1;
    const api = apiRef.current;
    const firstInView = api && !api.isDestroyed() ? api.getFirstDisplayedRowIndex() : 0;
    const stop = tabStopCell(rows, wanted.current, firstInView);
    for (const cell of box.querySelectorAll<HTMLElement>(`${BODY_ROW} .ag-cell[tabindex="0"]`)) if (cell !== stop) cell.tabIndex = -1;
    if (stop && stop.getAttribute('tabindex') !== '0') stop.tabIndex = 0;
  }, [boxRef, apiRef]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    apply();
    // Only changes of the attribute it sets itself are seen again, and then nothing is left to change.
    const observer = new MutationObserver(apply);
    observer.observe(box, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, [boxRef, apply]);

  /** The grid box's onFocus: the focused cell becomes the Tab stop. */
  const onFocus = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const cell = cellOf(e.target as Element);
      if (!cell) return;
      wanted.current = { rowId: cell.rowId, colId: cell.colId };
      apply();
    },
    [apply],
  );

  /**
   * For the grid's `focusGridInnerElement`: Shift+Tab from below the grid goes to the body's Tab stop (the grid
   * would pick its last row's last cell); from above, the grid's own choice (the first header cell) stands.
   */
  const focusFromBelow = useCallback(
    (fromBottom: boolean) => {
      const box = boxRef.current;
      if (!fromBottom || !box) return false;
      apply();
      const stop = box.querySelector<HTMLElement>(`${BODY_ROW} .ag-cell[tabindex="0"]`);
      if (!stop) return false;
      stop.focus();
      return document.activeElement === stop;
    },
    [boxRef, apply],
  );

  /** ArrowUp / ArrowDown on a focused row element (not a cell): the next or previous row's first cell. */
  const fromRow = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const row = e.target as HTMLElement;
      const api = apiRef.current;
      if (!row.matches(BODY_ROW) || !api || api.isDestroyed()) return;
      const index = Number(row.getAttribute('row-index')) + (e.key === 'ArrowDown' ? 1 : -1);
      const column = api.getAllDisplayedColumns()[0];
      if (!column || index < 0 || index >= api.getDisplayedRowCount()) return;
      e.preventDefault();
      api.ensureIndexVisible(index);
      api.setFocusedCell(index, column);
    },
    [apiRef],
  );

  return { onFocus, focusFromBelow, fromRow };
}
