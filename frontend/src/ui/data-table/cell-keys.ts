import type { KeyboardEvent } from 'react';

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
