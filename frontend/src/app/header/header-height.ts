import type { RefObject } from 'react';
import { publishRootVariable, useRootVariable, type Measured, type ObserverClass, type StyleRoot } from '../layout/root-variable';

/**
 * The header's real height in px, on <html> as a CSS variable. At widths below 1280 px the header wraps its menus to
 * a second row (styles/header.css), and what is sized under it (the data tables, ui/data-table/grid-height.ts; the
 * notifications) follows that height instead of assuming one row (styles/tokens.css --header-h).
 */
export const HEADER_HEIGHT_VAR = '--app-header-height';

/**
 * Puts the element's height on the root now and again whenever the element resizes (the menus wrap, the language
 * changes the labels' widths); the returned function stops and removes the variable (the header went away).
 */
export function publishHeaderHeight(header: Measured, root: StyleRoot, Resize: ObserverClass | undefined): () => void {
  return publishRootVariable(header, HEADER_HEIGHT_VAR, (height) => `${Math.round(height)}px`, root, Resize);
}

/** publishHeaderHeight for the header element, on <html>, before the first paint. */
export function useHeaderHeightVariable(ref: RefObject<HTMLElement | null>): void {
  useRootVariable(ref, publishHeaderHeight);
}
