import { useEffect, useRef, type KeyboardEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { Button } from '../common/button';
import './edit-page-frame.css';

export interface EditPageFrameProps {
  /** data-testid of the page ('tour-edit'); the title is always 'page-title'. */
  testId: string;
  /** Extra class on the page (the feature's own styles hang off it). */
  className?: string;
  /** The link back to the list above the title. */
  back?: { to: string; label: string; testId?: string };
  title: ReactNode;
  /** Beside the title: the item's number, badges. */
  titleExtras?: ReactNode;
  /** The save bar (Save, Delete / Restore, the 'unsaved' mark): shown once the item is ready. */
  actions?: ReactNode;
  /** What the body shows: a spinner, the load error with Retry, or the editor (children). */
  status: 'loading' | 'error' | 'ready';
  loadingText: string;
  loadingTestId?: string;
  /** The load error card: its text and the Retry button. */
  /** onRetry: absent when asking again cannot help (the item does not exist, or is not the reader's). */
  error?: { message: string; retryLabel: string; onRetry?: () => void; testId?: string };
  /** Keys on the whole page (Ctrl+S saves). */
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  /** Dialogs (confirmations, unsaved changes): rendered whatever the status. */
  dialogs?: ReactNode;
  /** The editor, rendered only when status is 'ready'. */
  children?: ReactNode;
  /**
   * Once ready, the title takes the focus (tabIndex -1) when nothing else has it (the focus on <body>, as after a
   * move from another page): a screen reader then reads the page's title ('Booking confirmed #12').
   */
  focusTitle?: boolean;
}

/** The read of the item an edit page shows. */
export interface ItemRead {
  /** The item is there and the editor filled. */
  ready: boolean;
  /** The read failed (a 'not found' leaves the page instead). */
  failed: boolean;
  error: unknown;
  retry: () => void;
}

/** The words of a read: while it runs, when it failed (with the reason), and the Retry button. */
export interface ItemReadTexts {
  loading: string;
  loadFailed: (message: string) => string;
  retry: string;
}

type ReadProps = Pick<EditPageFrameProps, 'status' | 'loadingText' | 'loadingTestId' | 'error'>;

/** The frame's body while an item is read: a spinner, the failure with Retry, or the editor; test ids `{prefix}-loading` and `{prefix}-load-error`. */
export function itemReadProps(read: ItemRead, texts: ItemReadTexts, testIdPrefix: string): ReadProps {
  return {
    status: read.failed ? 'error' : read.ready ? 'ready' : 'loading',
    loadingText: texts.loading,
    loadingTestId: `${testIdPrefix}-loading`,
    error: {
      message: texts.loadFailed(read.error instanceof Error ? read.error.message : ''),
      retryLabel: texts.retry,
      // A 404 ('not found or you are not allowed to see it') stays one: no Retry that cannot succeed.
      onRetry: (read.error as { code?: unknown } | null)?.code === 404 ? undefined : read.retry,
      testId: `${testIdPrefix}-load-error`,
    },
  };
}

/**
 * The frame every edit page shares (tour, ticket): back link, title area with the save bar, then the loading
 * state, the load error with Retry, or the editor itself.
 */
export function EditPageFrame({ testId, className, back, title, titleExtras, actions, status, loadingText, loadingTestId, error, onKeyDown, dialogs, children, focusTitle }: EditPageFrameProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleFocused = useRef(false);
  useEffect(() => {
    if (!focusTitle || status !== 'ready' || titleFocused.current) return;
    titleFocused.current = true;
    const active = document.activeElement;
    // Someone who already moved on (Tab while the page loaded) keeps their place.
    if (!active || active === document.body || !active.isConnected) titleRef.current?.focus();
  }, [focusTitle, status]);
  return (
    <div className={['page', 'edit-page', className].filter(Boolean).join(' ')} data-testid={testId} onKeyDown={onKeyDown}>
      {back && (
        <div className="edit-page__top">
          <Link to={back.to} className="edit-page__back" data-testid={back.testId}>
            ← {back.label}
          </Link>
        </div>
      )}
      <div className="page-header edit-page__header">
        <div className="edit-page__heading">
          <h1 className="page-title" data-testid="page-title" ref={titleRef} tabIndex={focusTitle ? -1 : undefined}>
            {title}
          </h1>
          {titleExtras}
        </div>
        {status === 'ready' && actions && <div className="edit-page__actions">{actions}</div>}
      </div>
      {status === 'error' && error ? (
        <div className="card edit-page__state" data-testid={error.testId}>
          <FormMessage kind="error">{error.message}</FormMessage>
          <div>
            {error.onRetry && <Button onClick={error.onRetry} label={error.retryLabel} />}
          </div>
        </div>
      ) : status !== 'ready' ? (
        <div className="card edit-page__state edit-page__state--loading" role="status" data-testid={loadingTestId}>
          <span className="tbo-spinner" aria-hidden="true" />
          <span>{loadingText}</span>
        </div>
      ) : (
        children
      )}
      {dialogs}
    </div>
  );
}
