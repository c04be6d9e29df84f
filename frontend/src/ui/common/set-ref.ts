import type { ForwardedRef } from 'react';

/** Hands an element to a forwarded ref of either kind, for components that also keep the element themselves. */
export function setRef<T>(ref: ForwardedRef<T>, el: T | null): void {
  if (typeof ref === 'function') ref(el);
  else if (ref) ref.current = el;
}
