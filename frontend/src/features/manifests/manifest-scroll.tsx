import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { hiddenSides } from './manifest-layout.logic';

/**
 * A table wider than the screen (a tablet, a small laptop) scrolls sideways inside a framed box, its edges shaded
 * while columns hide there, so Status and Checked in are seen to be further right. Scrollable, it takes the focus
 * too, so the arrow keys scroll it.
 */
export function ManifestScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState({ left: false, right: false });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const update = () =>
      setSides((was) => {
        const now = hiddenSides(el);
        return now.left === was.left && now.right === was.right ? was : now;
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, []);
  const scrollable = sides.left || sides.right;
  return (
    <div className={`manifests__frame${sides.left ? ' manifests__frame--more-left' : ''}${sides.right ? ' manifests__frame--more-right' : ''}`} data-testid="manifest-scroll">
      <div ref={box} className="manifests__scroll" tabIndex={scrollable ? 0 : undefined} role={scrollable ? 'region' : undefined} aria-labelledby={scrollable ? labelledBy : undefined}>
        {children}
      </div>
    </div>
  );
}
