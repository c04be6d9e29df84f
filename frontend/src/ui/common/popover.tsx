import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

export interface PopoverProps {
  open: boolean;
  /** The element the popover hangs from (and which keeps focus semantics). */
  anchorRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
  /** Width in px, or 'anchor' to match the anchor's width (at least `minWidth`). */
  width?: number | 'anchor';
  minWidth?: number;
  align?: 'start' | 'end';
  className?: string;
  /** Accessible role of the panel (dialog by default). */
  role?: string;
  ariaLabel?: string;
  /** Id of an element naming the panel, when there is no `ariaLabel` (a dialog must have a name). */
  ariaLabelledBy?: string;
  id?: string;
}

interface Position {
  top: number;
  left: number;
  width?: number;
  maxHeight: number;
}

const GAP = 4;
const MARGIN = 8;

/** What Tab stops on inside a panel. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The panel's elements Tab visits, in order (those taken out of the tab order and hidden ones left out). */
export function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/** True when Tab (Shift+Tab with `back`) from `from` goes past the panel's last (first) tab stop. */
export function leavesPanel(panel: HTMLElement, from: Node, back: boolean): boolean {
  const toward = back ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING;
  return !tabbablesIn(panel).some((el) => !el.contains(from) && from.compareDocumentPosition(el) & toward);
}

/** The focus back on the popover's anchor (or the first control inside it: a date input's box). */
export function focusAnchor(anchor: HTMLElement | null): void {
  const focusable = anchor?.matches('button, input, [tabindex]') ? anchor : anchor?.querySelector<HTMLElement>('button, input, [tabindex]');
  focusable?.focus();
}

/**
 * A floating panel under (or above, when there is no room) its anchor, rendered into document.body so
 * grid header cells and scroll boxes never clip it. Closes on Escape and on Tab / Shift+Tab past its last / first
 * control (focus returns to the anchor), and on a press outside both the anchor and the panel.
 */
export function Popover({ open, anchorRef, onClose, children, width, minWidth = 180, align = 'start', className, role = 'dialog', ariaLabel, ariaLabelledBy, id }: PopoverProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<Position | null>(null);

  const place = useCallback(() => {
    const anchor = anchorRef.current;
    const panel = panelRef.current;
    if (!anchor) return;
    const r = anchor.getBoundingClientRect();
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const w = width === 'anchor' ? Math.max(r.width, minWidth) : (width ?? undefined);
    const panelW = w ?? panel?.offsetWidth ?? minWidth;
    const panelH = panel?.scrollHeight ?? 0;
    let left = align === 'end' ? r.right - panelW : r.left;
    left = Math.max(MARGIN, Math.min(left, vw - panelW - MARGIN));
    const below = vh - r.bottom - GAP - MARGIN;
    const above = r.top - GAP - MARGIN;
    const goUp = panelH > below && above > below;
    const maxHeight = Math.max(120, goUp ? above : below);
    const top = goUp ? Math.max(MARGIN, r.top - GAP - Math.min(panelH, maxHeight)) : r.bottom + GAP;
    setPos({ top, left, width: w, maxHeight });
  }, [anchorRef, width, minWidth, align]);

  useLayoutEffect(() => {
    if (!open) {
      setPos(null);
      return;
    }
    place();
    // Measure again once the content has its size.
    const id = requestAnimationFrame(place);
    return () => cancelAnimationFrame(id);
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const onScrollOrResize = (e: Event) => {
      if (e.type === 'scroll' && panelRef.current && e.target instanceof Node && panelRef.current.contains(e.target)) return;
      place();
    };
    const onPointerDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (panelRef.current?.contains(t) || anchorRef.current?.contains(t)) return;
      // A popover opened from inside this one (a calendar in a date range) is part of it.
      if (t instanceof Element && t.closest('.tbo-popover')) return;
      onClose();
    };
    const backToAnchor = () => {
      onClose();
      focusAnchor(anchorRef.current);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        backToAnchor();
      }
    };
    // The panel sits at the end of the page: Tab past its last control (or Shift+Tab before its first) would leave
    // the page with the panel still open. It closes instead, and the focus goes back to where it was opened from.
    const onPanelKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented || !panelRef.current || !(e.target instanceof Node)) return;
      if (leavesPanel(panelRef.current, e.target, e.shiftKey)) {
        e.preventDefault();
        backToAnchor();
      }
    };
    window.addEventListener('scroll', onScrollOrResize, true);
    window.addEventListener('resize', onScrollOrResize);
    document.addEventListener('pointerdown', onPointerDown, true);
    const panel = panelRef.current;
    panel?.addEventListener('keydown', onKeyDown);
    panel?.addEventListener('keydown', onPanelKeyDown);
    anchorRef.current?.addEventListener('keydown', onKeyDown);
    const anchor = anchorRef.current;
    return () => {
      window.removeEventListener('scroll', onScrollOrResize, true);
      window.removeEventListener('resize', onScrollOrResize);
      document.removeEventListener('pointerdown', onPointerDown, true);
      panel?.removeEventListener('keydown', onKeyDown);
      panel?.removeEventListener('keydown', onPanelKeyDown);
      anchor?.removeEventListener('keydown', onKeyDown);
    };
  }, [open, place, onClose, anchorRef]);

  if (!open) return null;
  return createPortal(
    <div
      ref={panelRef}
      id={id}
      role={role}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabel ? undefined : ariaLabelledBy}
      className={cx('tbo-popover', className)}
      style={{
        top: pos?.top ?? -9999,
        left: pos?.left ?? -9999,
        width: pos?.width,
        minWidth: width === undefined ? minWidth : undefined,
        maxHeight: pos?.maxHeight,
        // Not visibility:hidden before placing: a hidden element cannot take focus (autoFocus inside).
        opacity: pos ? 1 : 0,
        pointerEvents: pos ? undefined : 'none',
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
