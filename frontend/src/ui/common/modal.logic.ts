/** The modal popup's keyboard decisions that need no browser (ui/common/modal.tsx). */

/** What the window sees of a keydown, and where it stood with respect to one open modal. */
export interface StrayTabCheck {
  key: string;
  defaultPrevented: boolean;
  /** The modal's own handler saw the key: it came from inside its React tree (its popovers too). */
  seenInside: boolean;
  /** The focus is inside the modal's element. */
  focusInside: boolean;
  /** No other open modal lies above this one. */
  onTop: boolean;
}

/**
 * Whether a Tab is pulled back into the modal. The modal keeps Tab inside from its own keydown handler, which only
 * sees keys pressed while the focus is inside it. When the element that had the focus goes away (a button that
 * disables itself while its request runs, a notice that is replaced), the focus drops to <body>, and Tab from there
 * would walk the page behind an aria-modal dialog. So a Tab that none of the modal's own elements (nor its popovers,
 * which are React children rendered elsewhere) handled brings the focus back in, to the top modal only.
 */
export function pullsStrayTab(c: StrayTabCheck): boolean {
  return c.key === 'Tab' && !c.defaultPrevented && !c.seenInside && !c.focusInside && c.onTop;
}

/**
 * The element the focus goes back to when a modal closes: the one that had it when the modal opened, unless that was
 * none: <body> or the document's root (a page opened at a popup's address, the focus never placed), or an element
 * no longer in the document (its row re-rendered). Null means no opener: the caller then picks another place.
 */
export function openerOf<E extends { readonly isConnected: boolean }>(before: E | null | undefined, page: { readonly body: unknown; readonly documentElement: unknown }): E | null {
  if (!before || !before.isConnected || before === page.body || before === page.documentElement) return null;
  return before;
}

/**
 * The topmost of the open modals: the last in document order, as each is rendered at the end of <body> when it
 * opens and paints over the earlier ones. `after(a, b)`: a comes after b.
 */
export function topmost<T>(open: Iterable<T>, after: (a: T, b: T) => boolean): T | undefined {
  let top: T | undefined;
  for (const m of open) if (top === undefined || after(m, top)) top = m;
  return top;
}

/** The style a scroll lock sets (document.body.style in the browser). */
export interface OverflowStyle {
  overflow: string;
}

/**
 * The page's scroll lock, shared by every open modal: the first lock saves the page's overflow and hides it, the
 * last release puts the saved one back. Each modal saving and restoring it itself went wrong when two closed together
 * (the second put back the 'hidden' the first had set). Each lock's release works once.
 */
export function createScrollLock(style: () => OverflowStyle | null) {
  let held = 0;
  let saved = '';
  return {
    lock(): () => void {
      const s = style();
      if (held++ === 0 && s) {
        saved = s.overflow;
        s.overflow = 'hidden';
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--held === 0) {
          const now = style();
          if (now) now.overflow = saved;
        }
      };
    },
    /** How many locks are held now. */
    get held(): number {
      return held;
    },
  };
}
