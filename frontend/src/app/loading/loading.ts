import { useSyncExternalStore } from 'react';

/**
 * The loading counter (spec 01 §4): incremented before each call and decremented after. While it is above 0 the
 * spinner shows and the page does not scroll (the 'is-loading' class on <html>, see styles/shell.css).
 */
let count = 0;
const listeners = new Set<() => void>();

function set(next: number): void {
  count = Math.max(0, next);
  if (typeof document !== 'undefined') document.documentElement.classList.toggle('is-loading', count > 0);
  listeners.forEach((l) => l());
}

export function incrementLoading(): void {
  set(count + 1);
}

export function decrementLoading(): void {
  set(count - 1);
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while anything is loading. */
export function useIsLoading(): boolean {
  return useSyncExternalStore(subscribeLoading, () => count > 0, () => false);
}
