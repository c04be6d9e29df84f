import type { RefObject } from 'react';
import { publishRootVariable, useRootVariable, type Measured, type ObserverClass, type StyleRoot } from '../layout/root-variable';

/**
 * How much of the window's bottom the notification stack takes while it shows notes (its height, its distance from
 * the bottom edge and a gap), on <html> as a CSS variable; unset while the stack is empty. The stack sits at the
 * bottom left, over whatever is there: a screen sized to the window (the data tables, ui/data-table/grid-height.ts)
 * gives up that much height, so the grid's last rows, its pager and the sums bar move above the notes instead of
 * under them, and the page keeps that much room at its end (styles/shell.css) for what scrolls.
 */
export const NOTIFICATIONS_RESERVE_VAR = '--notifications-reserve';

/** Between the stack's top and what sits above it. */
export const RESERVE_GAP = 8;

/**
 * Puts the stack's reserve on the root now and whenever the stack resizes (a note comes or goes, a message wraps);
 * `bottom` is the stack's distance from the window's bottom edge. The returned function stops and unsets it.
 */
export function publishNotificationsReserve(stack: Measured, bottom: () => number, root: StyleRoot, Resize: ObserverClass | undefined): () => void {
  return publishRootVariable(stack, NOTIFICATIONS_RESERVE_VAR, (height) => (height > 0 ? `${Math.ceil(height) + Math.ceil(bottom()) + RESERVE_GAP}px` : null), root, Resize);
}

const publishStackReserve = (stack: HTMLElement, root: StyleRoot, Resize: ObserverClass | undefined) =>
  publishNotificationsReserve(stack, () => parseFloat(getComputedStyle(stack).bottom) || 0, root, Resize);

/** publishNotificationsReserve for the stack element, on <html>: a note and the room made for it show in the same frame. */
export function useNotificationsReserve(ref: RefObject<HTMLElement | null>): void {
  useRootVariable(ref, publishStackReserve);
}
