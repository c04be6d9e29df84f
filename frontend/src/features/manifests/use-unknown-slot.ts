import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';

/**
 * A slot in the address that is not the supplier's (mistyped, or a stale bookmark) answers 404: the page says so
 * (`onMessage`, the server's words in the reader's language) and drops the slot, showing the whole day. Answers
 * the message while it applies, so the page can leave out its 'could not be loaded' with Retry, which would not help.
 */
export function useUnknownSlot(slotId: number | null, error: unknown, setParams: SetURLSearchParams, onMessage: (text: string) => void): string | null {
  const notFound = slotId !== null && error instanceof ApiError && error.code === 404 ? error.message : null;
  useEffect(() => {
    if (!notFound) return;
    onMessage(notFound);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('slotId');
        return next;
      },
      { replace: true },
    );
  }, [notFound, setParams, onMessage]);
  return notFound;
}
