import { useEffect, useState, type RefObject } from 'react';

/**
 * The table's full-screen mode. Escape leaves it unless something inside wants the key first: an open
 * popover or a row in edit mode (`editingRef`).
 */
export function useFullscreen(editingRef: RefObject<unknown>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('.tbo-popover') && !editingRef.current) setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('tbo-no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('tbo-no-scroll');
    };
  }, [fullscreen, editingRef]);
  return [fullscreen, setFullscreen] as const;
}
