import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation, type Blocker } from 'react-router-dom';
import { getSession } from '../../lib/auth-session';
import { ConfirmDialog, type ConfirmDialogProps } from '../common/confirm-dialog';

export interface UnsavedChangesOptions {
  isDirty: boolean;
  /** Moves to these paths are not leaving (the admin tabs are one form across /admin/*). */
  stayWithin?: RegExp;
  /** While true nothing is blocked (a save in flight that will itself move on). */
  paused?: boolean;
}

export interface UnsavedChangesGuard {
  blocker: Blocker;
  /** The page's own next move (after a save made /…/add into /…/{id}, or a not-found) is not asked about. */
  allowNextLeave: () => void;
}

/**
 * Leaving an edit page with unsaved changes asks first: another route through the router's blocker, closing or
 * reloading the window through the browser's own beforeunload prompt. A signed-out session (a 401 sends the user to
 * sign in) is never held back: there is nothing left to save with.
 */
export function useUnsavedChangesGuard({ isDirty, stayWithin, paused = false }: UnsavedChangesOptions): UnsavedChangesGuard {
  const state = useRef({ isDirty, paused, allowed: false });
  state.current.isDirty = isDirty;
  state.current.paused = paused;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const s = state.current;
    if (!s.isDirty || s.paused || s.allowed || getSession().user === null) return false;
    if (currentLocation.pathname === nextLocation.pathname) return false;
    return !stayWithin?.test(nextLocation.pathname);
  });
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  // Once the allowed move has happened (a new path), the page guards again.
  const { pathname } = useLocation();
  useEffect(() => {
    state.current.allowed = false;
  }, [pathname]);
  const allowNextLeave = useCallback(() => {
    state.current.allowed = true;
  }, []);
  return { blocker, allowNextLeave };
}

type DialogTexts = Pick<ConfirmDialogProps, 'title' | 'message' | 'confirmLabel' | 'cancelLabel' | 'testId' | 'confirmTestId' | 'cancelTestId' | 'cancelVariant'>;

/** The 'leave without saving?' question, shown while the guard's blocker holds a move. */
export function UnsavedChangesDialog({ guard, ...texts }: { guard: UnsavedChangesGuard } & DialogTexts) {
  if (guard.blocker.state !== 'blocked') return null;
  const { blocker } = guard;
  return <ConfirmDialog {...texts} danger onConfirm={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()} />;
}
