import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, type FocusEvent, type RefObject } from 'react';

/** The grid cell that had the focus last: its row (id and index) and column. */
export interface FocusedCell {
  rowId: string | null;
  rowIndex: number;
  colId: string;
}

/** How long (in frames) the focus is watched after a change: the grid draws the changed rows a moment later. */
const WATCH_FRAMES = 30;

/** The cell an element is in (from the grid's own attributes), or null outside the rows (the header, the overlays). */
export function cellOf(el: Element | null): FocusedCell | null {
  const cell = el?.closest('.ag-cell[col-id]');
  const row = cell?.closest('.ag-row[row-index]');
  const rowIndex = Number(row?.getAttribute('row-index'));
  if (!cell || !row || !Number.isInteger(rowIndex) || rowIndex < 0) return null;
  return { rowId: row.getAttribute('row-id'), rowIndex, colId: cell.getAttribute('col-id')! };
}

/** Where the focus goes back to: the same row if it is still there, else the row now at its index (or the last). */
export function nearestRow(cell: Pick<FocusedCell, 'rowIndex'>, stillThereAt: number | null | undefined, rowCount: number): number | null {
  if (rowCount <= 0) return null;
  if (stillThereAt !== null && stillThereAt !== undefined && stillThereAt >= 0) return stillThereAt;
  return Math.min(cell.rowIndex, rowCount - 1);
}

/**
 * Keeps the keyboard in the grid when what had the focus in a cell goes away: an inline editor after save or cancel,
 * a row after a confirmed delete, a button that disables itself. The focus then drops to <body>; `watch` (called on
 * such changes) puts it back on the same cell, or on the row now at that index, with `api.setFocusedCell`. Only when
 * the focus was last in the grid's rows: a click or focus elsewhere (a filter, the toolbar, a dialog) ends it, and a
 * dialog that gives the focus back to its cell starts it again.
 */
export function useKeepFocus<T>(boxRef: RefObject<HTMLElement | null>, apiRef: RefObject<GridApi<T> | null>, editingRowId: RefObject<string | null>) {
  const last = useRef<FocusedCell | null>(null);
  const inGrid = useRef(false);
  const watching = useRef(0);

  useEffect(() => {
    const outside = (e: Event) => {
      const box = boxRef.current;
      if (box && e.target instanceof Node && !box.contains(e.target)) inGrid.current = false;
    };
    document.addEventListener('focusin', outside, true);
    document.addEventListener('pointerdown', outside, true);
    return () => {
      document.removeEventListener('focusin', outside, true);
      document.removeEventListener('pointerdown', outside, true);
      watching.current++;
    };
  }, [boxRef]);

  /** The grid box's onFocus: remembers the cell (none in the header). */
  const onFocus = useCallback((e: FocusEvent<HTMLElement>) => {
    inGrid.current = true;
    last.current = cellOf(e.target as Element);
  }, []);

  const restore = useCallback(() => {
    const api = apiRef.current;
    const cell = last.current;
    const box = boxRef.current;
    if (!api || api.isDestroyed() || !cell || !box) return;
    const node = cell.rowId !== null ? api.getRowNode(cell.rowId) : undefined;
    // A row still being edited (a save that failed, a field left wrong): back into its first editor.
    if (node && cell.rowId === editingRowId.current) {
      const editor = [...box.querySelectorAll<HTMLElement>('.ag-row .tbo-td--editing :is(input, select, textarea):not(:disabled)')].find((el) => el.closest('.ag-row')?.getAttribute('row-id') === cell.rowId);
      if (editor) {
        editor.focus();
        return;
      }
    }
    const index = nearestRow(cell, node?.rowIndex, api.getDisplayedRowCount());
    if (index === null) return;
    const column = api.getColumn(cell.colId) ?? api.getAllDisplayedColumns()[0];
    if (!column) return;
    api.ensureIndexVisible(index);
    api.setFocusedCell(index, column);
  }, [apiRef, boxRef, editingRowId]);

  /** Watches the focus for a few frames after a change: when it has dropped to <body> out of the grid, puts it back. */
  const watch = useCallback(() => {
    const run = ++watching.current;
    let frames = 0;
    const tick = () => {
      if (run !== watching.current || !inGrid.current || !last.current) return;
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) {
        restore();
        return;
      }
      if (++frames < WATCH_FRAMES) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, [restore]);

  return { onFocus, watch };
}
