import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * A modal popup rendered into document.body: role dialog, aria-modal, Tab stays inside, Escape cancels (unless a
 * popover inside took the Escape first), the first field (or `initialFocus`) gets the focus and the element that had
 * it gets it back on close. A click on the backdrop does nothing: an editing popup is left with Save or Cancel.
 */
export function Dialog({
  labelledBy,
  onCancel,
  children,
  className,
  testId,
  initialFocus,
}: {
  labelledBy: string;
  onCancel: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
  initialFocus?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    // On the window: Escape also works when the focus fell to <body>. Popovers (calendar, link editor) stop it first.
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.stopPropagation();
      cancel.current();
    };
    window.addEventListener('keydown', onEscape);
    return () => window.removeEventListener('keydown', onEscape);
  }, []);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const root = ref.current;
    const first = (initialFocus ? root?.querySelector<HTMLElement>(initialFocus) : null) ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (before && document.contains(before)) before.focus();
    };
    // Only on open.
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Popovers are React children rendered elsewhere in the page: their own Tab is theirs.
    if (e.key !== 'Tab' || !ref.current || !ref.current.contains(e.target as Node)) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="itin-backdrop">
      <div ref={ref} className={`itin-dialog${className ? ` ${className}` : ''}`} role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1} data-testid={testId} onKeyDown={onKeyDown}>
        {children}
      </div>
    </div>,
    document.body,
  );
}
