import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, type Blocker } from 'react-router-dom';
import { notify } from '../../app/notifications/notifications';
import { getSession, onSessionEnding } from '../../lib/auth-session';
import { ConfirmDialog, type ConfirmDialogProps } from '../common/confirm-dialog';
import { draftStorage, mergeDraft, takeDraft, writeDraft } from './unsaved-draft';

/** The editor's form, for keeping its unsaved values when the session ends under it (see unsaved-draft.ts). */
export interface UnsavedDraftOptions<T extends FieldValues> {
  form: Pick<UseFormReturn<T>, 'getValues' | 'reset'>;
  /**
   * The form shows the page's item (or a new one's starting values): a kept draft is put back only then, so the
   * load does not overwrite it. The editors refill the form later only while it is clean, and a restored one is not.
   */
  ready: boolean;
  /** Called with the values put back (state the editor keeps beside the form, e.g. whether the slug follows the name). */
  onRestore?: (values: T) => void;
}

export interface UnsavedChangesOptions<T extends FieldValues = FieldValues> {
  isDirty: boolean;
  /** Moves to these paths are not leaving (the admin tabs are one form across /admin/*). */
  stayWithin?: RegExp;
  /** While true nothing is blocked (a save in flight that will itself move on). */
  paused?: boolean;
  /**
   * When the session ends while the form is dirty (the token expired, a 401), its values are kept in this tab's
   * session storage for the user and the page; when the same user opens the same page again (after signing in),
   * they are put back with a notice. Taken once: a save or a discard after that leaves nothing behind.
   */
  draft?: UnsavedDraftOptions<T>;
}

export interface UnsavedChangesGuard {
  blocker: Blocker;
  /** The page's own next move (after a save made /…/add into /…/{id}, or a not-found) is not asked about. */
  allowNextLeave: () => void;
}

/**
 * Leaving an edit page with unsaved changes asks first: another route through the router's blocker, closing or
 * reloading the window through the browser's own beforeunload prompt. A signed-out session (a 401 sends the user to
 * sign in) is never held back: there is nothing left to save with, but with `draft` the values are kept for later.
 */
export function useUnsavedChangesGuard<T extends FieldValues = FieldValues>({ isDirty, stayWithin, paused = false, draft }: UnsavedChangesOptions<T>): UnsavedChangesGuard {
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
  useSessionDraft(draft, state, pathname);
  return { blocker, allowNextLeave };
}

/** The `draft` option: keep the dirty form's values when the session ends, put them back on the same page later. */
function useSessionDraft<T extends FieldValues>(draft: UnsavedDraftOptions<T> | undefined, state: { current: { isDirty: boolean } }, pathname: string): void {
  const { t } = useTranslation('shell');
  const latest = useRef({ draft, pathname });
  latest.current = { draft, pathname };
  const enabled = !!draft;

  // Kept synchronously as the session ends, while this page is still mounted (the guard sends it to sign-in next).
  useEffect(() => {
    if (!enabled) return;
    return onSessionEnding((user) => {
      const { draft: d, pathname: path } = latest.current;
      if (d && state.current.isDirty) writeDraft(draftStorage(), user.email, path, d.form.getValues());
    });
  }, [enabled, state]);

  // Put back once per page, when the form shows its item.
  const restoredFor = useRef<string | null>(null);
  const ready = !!draft?.ready;
  useEffect(() => {
    const d = latest.current.draft;
    const user = getSession().user;
    if (!d || !ready || !user || restoredFor.current === pathname) return;
    restoredFor.current = pathname;
    const kept = takeDraft(draftStorage(), user.email, pathname);
    if (kept === undefined) return;
    const values = mergeDraft(d.form.getValues(), kept);
    // Against the loaded values: the form is dirty again, and Discard goes back to what the page loaded.
    d.form.reset(values, { keepDefaultValues: true });
    d.onRestore?.(values);
    notify({ title: t('draft.restoredTitle'), message: t('draft.restoredMessage'), kind: 'information' });
  }, [ready, pathname, t]);
}

type DialogTexts = Pick<ConfirmDialogProps, 'title' | 'message' | 'confirmLabel' | 'cancelLabel' | 'testId' | 'confirmTestId' | 'cancelTestId' | 'cancelVariant'>;

/** The 'leave without saving?' question, shown while the guard's blocker holds a move. */
export function UnsavedChangesDialog({ guard, ...texts }: { guard: UnsavedChangesGuard } & DialogTexts) {
  if (guard.blocker.state !== 'blocked') return null;
  const { blocker } = guard;
  return <ConfirmDialog {...texts} danger onConfirm={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()} />;
}
