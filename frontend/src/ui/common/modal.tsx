import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createScrollLock, openerOf, pullsStrayTab, topmost } from './modal.logic';
import './ui.css';

/**
 * What the browser's own Tab visits: a <summary> (a details' toggle) too, and nothing with tabindex -1 (the inactive
 * tabs of a tab list), or the trap would take such a one for the last stop and let the focus out past it.
 */
const FOCUSABLE = ['a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'textarea:not([disabled])', 'select:not([disabled])', 'summary', '[contenteditable="true"]', '[tabindex]']
  .map((s) => `${s}:not([tabindex="-1"])`)
  .join(', ');

/** The elements Tab visits inside the popup (hidden ones are skipped, unless one has the focus). */
const tabStops = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);

/** The popups open now: a Tab from outside them all goes into the top one. */
const openPopups = new Set<HTMLElement>();
const isAfter = (a: HTMLElement, b: HTMLElement) => !!(b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);

/** One scroll lock for all modals: the page scrolls again when the last one closes. */
const scrollLock = createScrollLock(() => (typeof document === 'undefined' ? null : document.body.style));

/**
 * Gives the focus back on close: to the element that had it before the popup opened, or, when that is gone (its row
 * re-rendered, the page moved on) or cannot take it, to the top popup still open, else the page's main heading, else
 * the main landmark, so the focus does not drop to <body> (where a screen reader starts the page over).
 */
function returnFocus(before: HTMLElement | null, self: HTMLElement | null): void {
  // <body> had it when the popup opened (no opener: the page was loaded at the popup's address): not given back.
  const opener = openerOf(before, document);
  if (opener) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  // Someone else has placed the focus meanwhile (the close moved on to another control): leave it there.
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const popup = topmost([...openPopups].filter((p) => p !== self && p.isConnected), isAfter);
  if (popup) return popup.focus();
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    if (document.activeElement === heading) return;
  }
  document.querySelector<HTMLElement>('main, [role="main"]')?.focus();
}

export interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  /** Escape, and a click on the backdrop when `closeOnBackdrop`. */
  onClose: () => void;
  children: ReactNode;
  /** role alertdialog (a confirmation) instead of dialog. */
  alert?: boolean;
  testId?: string;
  /** The caller's look: the popup's and the backdrop's classes. */
  className: string;
  backdropClassName: string;
  /** A selector inside the popup that gets the focus first (default: the first focusable element). */
  initialFocus?: string;
  /** An editing popup is left with Save or Cancel only, so a stray click outside loses nothing. */
  closeOnBackdrop?: boolean;
}

/**
 * A modal popup rendered into document.body: role dialog (or alertdialog), aria-modal, Tab stays inside, Escape
 * closes (unless a popover inside took the Escape first), the first field (or `initialFocus`) gets the focus and
 * the element that had it gets it back on close (see returnFocus); the page behind does not scroll while any modal
 * is open. A Tab pressed while the focus is outside (it dropped to <body> when the element that had it went away or
 * disabled itself) brings it back.
 */
export function Modal({ labelledBy, describedBy, onClose, children, alert, testId, className, backdropClassName, initialFocus, closeOnBackdrop }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  /** The last keydown the popup's own handler saw (from inside its React tree, its popovers included). */
  const seen = useRef<globalThis.KeyboardEvent | null>(null);

  useEffect(() => {
    // On the window: a button that disables itself while a request runs drops the focus to <body>, and Escape must
    // still close. Popovers (calendar, link editor) mark their own Escape as handled first.
    // A question asked over a popup (a confirmation inside the booking panel) is the one Escape closes.
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const root = ref.current;
      if (root && openPopups.has(root) && topmost(openPopups, isAfter) !== root) return;
      e.preventDefault();
      e.stopPropagation();
      close.current();
    };
    window.addEventListener('keydown', onEscape);
    return () => window.removeEventListener('keydown', onEscape);
  }, []);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const root = ref.current;
    const first = (initialFocus ? root?.querySelector<HTMLElement>(initialFocus) : null) ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root)?.focus();
    const release = scrollLock.lock();
    return () => {
      release();
      returnFocus(before, root ?? null);
    };
    // Only on open.
  }, []);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    openPopups.add(root);
    // On the window, after the popup's own handler (React's listeners sit lower in the tree): the Tab that handler
    // did not see was pressed with the focus outside, where the handler cannot keep it in.
    const onStrayTab = (e: globalThis.KeyboardEvent) => {
      const active = document.activeElement;
      const stray = pullsStrayTab({
        key: e.key,
        defaultPrevented: e.defaultPrevented,
        seenInside: seen.current === e,
        focusInside: !!active && root.contains(active),
        onTop: topmost(openPopups, isAfter) === root,
      });
      if (!stray) return;
      e.preventDefault();
      const items = tabStops(root);
      (items.length === 0 ? root : e.shiftKey ? items[items.length - 1]! : items[0]!).focus();
    };
    window.addEventListener('keydown', onStrayTab);
    return () => {
      window.removeEventListener('keydown', onStrayTab);
      openPopups.delete(root);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    seen.current = e.nativeEvent;
    // Popovers are React children rendered elsewhere in the page: their own Tab is theirs.
    if (e.key !== 'Tab' || !ref.current || !ref.current.contains(e.target as Node)) return;
    const items = tabStops(ref.current);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current || !ref.current.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={backdropClassName} onMouseDown={closeOnBackdrop ? (e) => e.target === e.currentTarget && onClose() : undefined}>
      <div
        ref={ref}
        className={className}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
