import { HEADER_HEIGHT_VAR } from '../../app/header/header-height';
import { NOTIFICATIONS_RESERVE_VAR } from '../../app/notifications/notifications-reserve';
import { HEADER_HEIGHT_WITH_FILTERS, ROW_HEIGHT } from './grid-theme';

/** Table height is the window height minus this (spec 01 §9) … */
export const HEIGHT_OFFSET = 160;
/** … or minus this in full screen. */
export const HEIGHT_OFFSET_FULLSCREEN = 100;
/** The header height HEIGHT_OFFSET counts: one row (styles/tokens.css --header-h). */
export const ONE_ROW_HEADER_HEIGHT = 56;
export const MIN_GRID_HEIGHT = 220;
/** What a grid keeps while it makes room for notes or its error bar: the column headers and a row. */
export const MIN_SHRUNK_GRID_HEIGHT = HEADER_HEIGHT_WITH_FILTERS + ROW_HEIGHT;
/** The bar above the grid saying its rows are from an earlier load (data-table.css .tbo-dt__error-bar, one line). */
export const ERROR_BAR_HEIGHT = 44;

/**
 * The grid's CSS height: a fixed `height` as given, else the window height less HEIGHT_OFFSET and the table's own
 * `heightOffset` (its page title, tabs, a bar under it), and less what the header measures beyond one row (it wraps
 * to two rows below 1280 px: app/header/header-height.ts sets the variable), so the pager and any bar under the grid
 * stay in the window. Full screen covers the header, so it counts only HEIGHT_OFFSET_FULLSCREEN.
 *
 * From that it gives up the bottom strip the notifications take while they show (app/notifications/
 * notifications-reserve.ts: they sit at the bottom left, over the last rows and the pager otherwise) and the error
 * bar's height while `errorBar` shows (a failed load, which brings an error note too, would push the pager under it).
 */
export function gridHeight({ height, heightOffset, fullscreen, errorBar = false }: { height?: number; heightOffset: number; fullscreen: boolean; errorBar?: boolean }): number | string {
  if (height !== undefined) return height;
  const extraHeader = `(var(${HEADER_HEIGHT_VAR}, ${ONE_ROW_HEADER_HEIGHT}px) - ${ONE_ROW_HEADER_HEIGHT}px)`;
  const base = fullscreen ? `calc(100vh - ${HEIGHT_OFFSET_FULLSCREEN}px)` : `calc(100vh - ${HEIGHT_OFFSET + heightOffset}px - ${extraHeader})`;
  const given = `var(${NOTIFICATIONS_RESERVE_VAR}, 0px)${errorBar ? ` - ${ERROR_BAR_HEIGHT}px` : ''}`;
  return `max(${MIN_SHRUNK_GRID_HEIGHT}px, calc(max(${MIN_GRID_HEIGHT}px, ${base}) - ${given}))`;
}
