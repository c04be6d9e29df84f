import type { DataTableColumn } from './types';

/** A column's width when it sets none (px, spec 01 §9). */
export const DEFAULT_COLUMN_WIDTH = 80;

/**
 * A flex column grows into spare width and never shrinks below its width: with AG Grid's own minimum, a wide table
 * squeezed its flex columns (tour, ticket) to a few letters while the fixed ones kept theirs. Other columns may be
 * dragged down to 60 px.
 */
export function minWidthOf(c: Pick<DataTableColumn<unknown>, 'width' | 'flex'>): number {
  const width = c.width ?? DEFAULT_COLUMN_WIDTH;
  return c.flex ? width : Math.min(width, 60);
}
