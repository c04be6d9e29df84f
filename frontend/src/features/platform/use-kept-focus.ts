import { useLayoutEffect, useRef } from 'react';

/** How long after a retry or skip a lost focus is still put back (the lists are read again in well under that). */
const KEEP_MS = 3000;

/**
 * Where the focus is after a retry or a skip when it has lost its place: nowhere (<body>), on a button that disabled
 * itself while the call ran or has gone with its row, or on the page's heading, where the confirmation gives it back
 * when the button it came from cannot take it.
 */
function lost(active: Element | null): boolean {
  return !active || active === document.body || !active.isConnected || active.matches(':disabled, main h1');
}

/**
 * After the user's retry or skip, the next answer may take the event's row away, and with it the focused button:
 * the focus would go back to the page's start. Call the answered function when the action is done; for a few
 * seconds, each commit of the calling component that finds the focus lost moves it to `target()` instead.
 */
export function useKeptFocus(target: () => HTMLElement | null): () => void {
  const actedAt = useRef(0);
  useLayoutEffect(() => {
    if (!actedAt.current || Date.now() - actedAt.current > KEEP_MS) return;
    if (lost(document.activeElement)) target()?.focus();
  });
  return () => {
    actedAt.current = Date.now();
  };
}
