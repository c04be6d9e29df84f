import { useLayoutEffect, type RefObject } from 'react';

/**
 * The header's real height in px, on <html> as a CSS variable. At widths below 1280 px the header wraps its menus to
 * a second row (styles/header.css), and what is sized under it (the data tables, ui/data-table/grid-height.ts; the
 * notifications) follows that height instead of assuming one row (styles/tokens.css --header-h).
 */
export const HEADER_HEIGHT_VAR = '--app-header-height';

interface Measured {
  getBoundingClientRect(): { height: number };
}
interface StyleRoot {
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): unknown };
}
interface Observer {
  observe(target: never): void;
  disconnect(): void;
}
type ObserverClass = new (callback: () => void) => Observer;

/**
 * Puts the element's height on the root now and again whenever the element resizes (the menus wrap, the language
 * changes the labels' widths); the returned function stops and removes the variable (the header went away).
 */
export function publishHeaderHeight(header: Measured, root: StyleRoot, Resize: ObserverClass | undefined): () => void {
  const set = () => root.style.setProperty(HEADER_HEIGHT_VAR, `${Math.round(header.getBoundingClientRect().height)}px`);
  set();
  const observer = Resize ? new Resize(set) : null;
  observer?.observe(header as never);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(HEADER_HEIGHT_VAR);
  };
}

/** publishHeaderHeight for the header element, on <html>, before the first paint. */
export function useHeaderHeightVariable(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return undefined;
    return publishHeaderHeight(header, document.documentElement, typeof ResizeObserver === 'undefined' ? undefined : ResizeObserver);
  }, [ref]);
}
