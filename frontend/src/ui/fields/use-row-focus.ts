import { useEffect, useRef } from 'react';
import { focusAfterRemoval } from './row-focus.logic';

/**
 * Keeps the focus in a list of input rows when one is removed (focusAfterRemoval): `listRef` on the list, `addRef` on
 * its Add button, and `removed(i, count)` beside the removal. The focus moves after the render without the row: rows
 * keyed by their place (the last element goes, whichever row was removed) then hold their new values already.
 */
export function useRowFocus<L extends HTMLElement = HTMLElement>() {
  const listRef = useRef<L>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<{ row: number | null } | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const { row } = pending.current;
    pending.current = null;
    const input = row === null ? null : listRef.current?.querySelectorAll<HTMLElement>('input, textarea')[row];
    (input ?? addRef.current)?.focus();
  });
  const removed = (index: number, countBefore: number) => {
    pending.current = { row: focusAfterRemoval(index, countBefore) };
  };
  return { listRef, addRef, removed };
}
