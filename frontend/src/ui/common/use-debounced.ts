import { useEffect, useRef, useState } from 'react';

/** `value`, but only after it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}

/** A callback that runs `delayMs` after the last call; `flush` runs a pending call now, `cancel` drops it. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delayMs: number) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<A | null>(null);
  const api = useRef({
    call: (...args: A) => {
      pending.current = args;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => api.current.flush(), delayMsRef.current);
    },
    flush: () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const args = pending.current;
      pending.current = null;
      if (args) fnRef.current(...args);
    },
    cancel: () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
    },
  });
  const delayMsRef = useRef(delayMs);
  delayMsRef.current = delayMs;
  useEffect(() => () => api.current.cancel(), []);
  return api.current;
}
