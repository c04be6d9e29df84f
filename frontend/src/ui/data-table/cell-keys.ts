import type { KeyboardEvent, MouseEvent } from 'react';

/**
 * A key handler for a table's wrapper: one of `keys` on a grid cell that holds exactly one of `controls` uses it.
 * The grid focuses cells, so the links and buttons inside are kept out of the tab order and reached this way.
 */
export function cellControlKeys(keys: readonly string[], controls: string): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    const cell = e.target as HTMLElement;
    if (!cell.classList.contains('ag-cell') || !keys.includes(e.key)) return;
    const found = cell.querySelectorAll<HTMLElement>(controls);
    if (found.length !== 1) return;
    e.preventDefault();
    e.stopPropagation();
    found[0]!.click();
  };
}

/** Enter follows a cell's only link (tables whose cells hold links alone). */
export const followCellLink = cellControlKeys(['Enter'], 'a[href]');

/** Enter or Space uses a cell's only link or button (tables with delete buttons in cells). */
export const onCellControlKey = cellControlKeys(['Enter', ' '], 'a[href], button:not([disabled])');

/** The links and buttons of a grid cell that the keyboard reaches. */
const CELL_CONTROLS = 'a[href], button:not([disabled])';

/**
 * Keyboard use of the links and buttons in cells, for a table's wrapper as `onKeyDownCapture` (so it runs before the
 * grid's own keys and before a row-open handler on the same wrapper): Enter on a cell uses its only control, or goes
 * into its controls when there are several; inside a cell Tab / Shift+Tab / arrows move between its controls, and
 * Escape, or moving past the first or last, returns to the cell. A cell without controls is left to the others.
 */
export function onGridKeyDownCapture(e: KeyboardEvent<HTMLElement>): void {
  const target = e.target as HTMLElement;
  const stop = () => {
    e.preventDefault();
    e.stopPropagation();
  };
  if (target.classList.contains('ag-cell')) {
    if (e.key !== 'Enter') return;
    const controls = target.querySelectorAll<HTMLElement>(CELL_CONTROLS);
    if (controls.length === 1) {
      stop();
      controls[0]!.click();
    } else if (controls.length > 1) {
      stop();
      controls[0]!.focus();
    }
    return;
  }
  if (!target.matches(CELL_CONTROLS)) return;
  const cell = target.closest<HTMLElement>('.ag-cell');
  if (!cell) return;
  if (e.key === 'Escape') {
    stop();
    cell.focus();
    return;
  }
  if (e.key === 'Tab' || e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
    const controls = [...cell.querySelectorAll<HTMLElement>(CELL_CONTROLS)];
    const back = e.key === 'ArrowLeft' || (e.key === 'Tab' && e.shiftKey);
    const next = controls[controls.indexOf(target) + (back ? -1 : 1)];
    stop();
    (next ?? cell).focus();
  }
}

/** The id of the grid row an event happened in (AG Grid marks each row with its id), when it is a positive number. */
export function rowIdOf(target: EventTarget | null): number | null {
  const el = target instanceof HTMLElement ? target.closest<HTMLElement>('.ag-row[row-id]') : null;
  const id = Number(el?.getAttribute('row-id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A list whose rows open something (a booking): handlers for the table's wrapper. A click on a row opens it, but not
 * on the header or a control; Enter on a cell opens its row, unless the cell's controls took the Enter first
 * (`onGridKeyDownCapture`, included as the capture handler). Enter on a row itself opens it too: the grid makes its
 * rows focusable (a click beside the cells focuses one), though the table keeps them out of the tab order: Tab from
 * the header reaches one cell (use-grid-tab-stop.ts), and the arrows move from there.
 */
export function rowOpenHandlers(open: (id: number) => void) {
  return {
    onClick: (e: MouseEvent<HTMLElement>) => {
      const target = e.target as HTMLElement;
      if (target.closest('a, button, input, select, .ag-header')) return;
      const id = rowIdOf(target);
      if (id) open(id);
    },
    onKeyDownCapture: onGridKeyDownCapture,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const target = e.target as HTMLElement;
      if (e.key !== 'Enter' || !(target.classList.contains('ag-cell') || target.classList.contains('ag-row'))) return;
      const id = rowIdOf(e.target);
      if (id) {
        e.preventDefault();
        open(id);
      }
    },
  };
}
