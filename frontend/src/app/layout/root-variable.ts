import { useLayoutEffect, type RefObject } from 'react';

/**
 * A CSS variable on <html> that follows an element's size: the header's height (header/header-height.ts) and the
 * strip the notifications take (notifications/notifications-reserve.ts), which the data tables and the page size
 * themselves by. The parts are interfaces so the specs drive them with plain objects.
 */
export interface Measured {
  getBoundingClientRect(): { height: number };
}
export interface StyleRoot {
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): unknown };
}
interface Observer {
  observe(target: never): void;
  disconnect(): void;
}
export type ObserverClass = new (callback: () => void) => Observer;

/**
 * Sets `name` on the root to `value(height)` now and whenever the element resizes (null removes it); the returned
 * function stops and removes the variable (the element went away).
 */
export function publishRootVariable(element: Measured, name: string, value: (height: number) => string | null, root: StyleRoot, Resize: ObserverClass | undefined): () => void {
  const set = () => {
    const v = value(element.getBoundingClientRect().height);
    if (v === null) root.style.removeProperty(name);
    else root.style.setProperty(name, v);
  };
  set();
  const observer = Resize ? new Resize(set) : null;
  observer?.observe(element as never);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(name);
  };
}

/**
 * Runs `publish` (a module-level function, so the effect runs once) for the element in `ref`, on <html>, in a layout
 * effect: the variable is there before the first paint, and a ResizeObserver's callback runs after layout, before
 * paint, so what is sized by it never shows a frame behind.
 */
export function useRootVariable(ref: RefObject<HTMLElement | null>, publish: (element: HTMLElement, root: StyleRoot, Resize: ObserverClass | undefined) => () => void): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    return publish(element, document.documentElement, typeof ResizeObserver === 'undefined' ? undefined : ResizeObserver);
  }, [ref, publish]);
}
