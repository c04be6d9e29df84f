import { HEADER_HEIGHT_VAR } from '../../app/header/header-height';

/** Table height is the window height minus this (spec 01 §9) … */
export const HEIGHT_OFFSET = 160;
/** … or minus this in full screen. */
export const HEIGHT_OFFSET_FULLSCREEN = 100;
/** The header height HEIGHT_OFFSET counts: one row (styles/tokens.css --header-h). */
export const ONE_ROW_HEADER_HEIGHT = 56;
export const MIN_GRID_HEIGHT = 220;

/**
 * The grid's CSS height: a fixed `height` as given, else the window height less HEIGHT_OFFSET and the table's own
 * `heightOffset` (its page title, tabs, a bar under it), and less what the header measures beyond one row (it wraps
 * to two rows below 1280 px: app/header/header-height.ts sets the variable), so the pager and any bar under the grid
 * stay in the window. Full screen covers the header, so it counts only HEIGHT_OFFSET_FULLSCREEN.
 */
export function gridHeight({ height, heightOffset, fullscreen }: { height?: number; heightOffset: number; fullscreen: boolean }): number | string {
  if (height !== undefined) return height;
  if (fullscreen) return `max(${MIN_GRID_HEIGHT}px, calc(100vh - ${HEIGHT_OFFSET_FULLSCREEN}px))`;
  const extraHeader = `(var(${HEADER_HEIGHT_VAR}, ${ONE_ROW_HEADER_HEIGHT}px) - ${ONE_ROW_HEADER_HEIGHT}px)`;
  return `max(${MIN_GRID_HEIGHT}px, calc(100vh - ${HEIGHT_OFFSET + heightOffset}px - ${extraHeader}))`;
}
