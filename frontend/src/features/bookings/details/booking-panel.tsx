import './booking-panel.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useAuthUser } from '../../../lib/auth-session';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { Modal } from '../../../ui/common/modal';
import { ConflictNotice } from '../../../ui/edit-page/editor-notices';
import { amendBooking } from './api/amend-booking';
import type { BookingView } from './api/booking-view.schema';
import { cancelBooking } from './api/cancel-booking';
import { completeBooking } from './api/complete-booking';
import { confirmBooking } from './api/confirm-booking';
import { declineBooking } from './api/decline-booking';
import { useBooking } from './api/get-booking';
import { rescheduleBooking } from './api/reschedule-booking';
import { AmendForm } from './amend-form';
import { allowedActions, canSeeHistory, type BookingAction } from './booking-actions.logic';
import { BookingFacts } from './booking-facts';
import { formatDubaiDateTime, isOverdue, signedUsdAed, usdAed } from './booking-format.logic';
import { BookingHistory } from './booking-history';
import { escapeStep, formAfterReload, panelFocus } from './booking-panel.logic';
import { ConfirmDialog } from '../../../ui/common/confirm-dialog';
import { isDeclined, statusWordKey } from '../../../app/bookings/declined';
import { ReasonForm } from './reason-form';
import { RescheduleForm } from './reschedule-form';
import { useBookingAction, type ActionOutcome } from './use-booking-action';

export interface BookingPanelProps {
  bookingId: number;
  onClose: () => void;
  /** After an action changed the booking: the page reads its list again. */
  onChanged: () => void;
}

type Tab = 'details' | 'history';
type FormMode = Extract<BookingAction, 'decline' | 'cancel' | 'amend' | 'reschedule'>;
type Asked = Extract<BookingAction, 'confirm' | 'complete'>;

/** The server's field names each form shows messages for (the rest go to the panel's message line). */
const FORM_FIELDS: Record<BookingAction, readonly string[]> = {
  confirm: [],
  complete: [],
  decline: ['reason'],
  cancel: ['reason'],
  amend: ['guestName', 'roomNumber', 'phones', 'notes', 'voucher', 'hotelId', 'customHotelName'],
  reschedule: ['date', 'timeSlotId', 'adults', 'children', 'infants', 'foc'],
};
const fieldsOf = (action: BookingAction) => FORM_FIELDS[action];
const isForm = (a: BookingAction): a is FormMode => a === 'decline' || a === 'cancel' || a === 'amend' || a === 'reschedule';

function useDoneText() {
  const { t } = useTranslation('booking-details');
  return ({ action, answer, before }: ActionOutcome): string => {
    if (action === 'cancel') {
      const c = answer.cancellation;
      return t('done.cancel', { refund: usdAed(c?.refundUsd ?? 0, c?.refundAed ?? 0) });
    }
    if (action === 'reschedule') {
      const du = answer.differenceUsd ?? answer.totals.totalUsd - before.totals.totalUsd;
      const da = answer.differenceAed ?? answer.totals.totalAed - before.totals.totalAed;
      return t('done.reschedule', { difference: signedUsdAed(du, da) });
    }
    return t(`done.${action}`);
  };
}

function StatusLine({ view }: { view: BookingView }) {
  const { t } = useTranslation('booking-details');
  const overdue = isOverdue(view);
  const declined = isDeclined(view);
  return (
    <div className="booking-panel__status-line">
      <span className={cx('booking-panel__status', `booking-panel__status--s${view.status}`)} data-testid="booking-status" data-declined={declined || undefined}>
        {t(statusWordKey(view.status, declined), { defaultValue: view.statusText })}
      </span>
      {overdue && (
        <span className="booking-panel__overdue" data-testid="booking-overdue">
          {t('overdue')}
        </span>
      )}
      {view.status === 1 && view.responseDueAt && (
        <span className={cx('booking-panel__due', overdue && 'booking-panel__due--late')}>{t('responseDue', { when: formatDubaiDateTime(view.responseDueAt) })}</span>
      )}
    </div>
  );
}

/**
 * One booking for operations, admins and accounts, over the bookings list: what was sold (names, dates, times,
 * amounts in USD and AED, the policy and any cancellation), the actions the user's roles allow in its status, and
 * its history. Escape steps back (a question; a form the History tab hides comes back into view; then the form) and
 * finally closes; Tab stays inside.
 */
export function BookingPanel({ bookingId, onClose, onChanged }: BookingPanelProps) {
  const { t } = useTranslation('booking-details');
  const id = useId();
  const roles = useAuthUser()?.roles ?? [];
  const booking = useBooking(bookingId);
  const view = booking.data;
  const [tab, setTab] = useState<Tab>('details');
  const [mode, setMode] = useState<FormMode | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  /** A 409's Reload that keeps the reason form open: its submit waits for the fresh version. */
  const [reloading, setReloading] = useState(false);
  const action = useBookingAction(view, onChanged, fieldsOf);
  const doneText = useDoneText();
  const bodyRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const returnTo = useRef<BookingAction | null>(null);
  const showHistory = canSeeHistory(roles);
  const actions = view ? allowedActions(roles, view) : [];

  // Leaving a form (or a question) puts the focus back on the button that opened it; after an action, on its result;
  // after a refusal (of a question's action or a form's save, a 409 too), on the refusal. The element that had the
  // focus is gone or disabled by then, and a focus left on <body> lets Tab out of the aria-modal panel.
  const busy = action.pending !== null;
  useEffect(() => {
    const target = panelFocus({ asking: !!asked, formOpen: !!mode, pending: busy, conflict: action.conflict, error: !!action.error, done: !!action.done });
    if (target === 'conflict') conflictRef.current?.focus();
    else if (target === 'error') errorRef.current?.focus();
    else if (target === 'done') noticeRef.current?.focus();
    else if (target === 'opener' && returnTo.current) {
      const body = bodyRef.current;
      // After a reload the booking may no longer offer that action: then its first action (if any) takes the focus.
      (body?.querySelector<HTMLElement>(`[data-action="${returnTo.current}"]`) ?? body?.querySelector<HTMLElement>('[data-action]'))?.focus();
    }
  }, [mode, asked, busy, action.conflict, action.error, action.done]);

  const open = (a: BookingAction) => {
    returnTo.current = a;
    action.reset();
    if (isForm(a)) setMode(a);
    else setAsked(a);
  };
  const back = () => {
    setMode(null);
    action.reset();
  };
  const escape = () => {
    const step = escapeStep({ asking: !!asked, formOpen: !!mode, historyShown: showHistory && tab === 'history' });
    if (step === 'dismiss-question') setAsked(null);
    else if (step === 'show-form') setTab('details');
    else if (step === 'leave-form') back();
    else onClose();
  };
  const finish = (ok: boolean) => {
    if (ok) setMode(null);
  };
  // A typed decline or cancel reason does not depend on the stale booking: the form stays with it (as the agent's
  // screen keeps its cancel dialog) unless the fresh booking no longer allows the action; the amend form stays and
  // merges (keepOwnChanges). A reschedule's date, slot and counts go together: it opens again on the fresh booking.
  const reload = async () => {
    const keep = formAfterReload(mode);
    action.reset();
    setMode(keep);
    if (!keep) {
      void booking.refetch();
      return;
    }
    // The Reload button goes with the notice: the reason field takes the focus (before it goes, so none is lost).
    bodyRef.current?.querySelector<HTMLElement>('form textarea, form input')?.focus();
    setReloading(true);
    try {
      const fresh = await booking.refetch();
      if (fresh.data) {
        const allowed = allowedActions(roles, fresh.data);
        setMode((m) => formAfterReload(m, allowed));
      }
    } finally {
      setReloading(false);
    }
  };

  const ask = (which: Asked) => {
    setAsked(null);
    void action.run(which, which === 'confirm' ? confirmBooking : completeBooking);
  };

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: Tab = tab === 'details' ? 'history' : 'details';
    setTab(next);
    e.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  const title = t('title', { id: bookingId });

  const renderDetails = (v: BookingView) => {
    if (mode === 'decline' || mode === 'cancel')
      return <ReasonForm kind={mode} view={v} busy={busy || reloading} serverError={action.fieldErrors.reason} onBack={back} onSubmit={(reason) => void action.run(mode, (bid, ver) => (mode === 'decline' ? declineBooking : cancelBooking)(bid, ver, reason)).then(finish)} />;
    if (mode === 'amend') return <AmendForm view={v} busy={busy} fieldErrors={action.fieldErrors} onBack={back} onSubmit={(input) => void action.run('amend', (bid, ver) => amendBooking(bid, ver, input)).then(finish)} />;
    if (mode === 'reschedule') return <RescheduleForm view={v} busy={busy} fieldErrors={action.fieldErrors} onBack={back} onSubmit={(input) => void action.run('reschedule', (bid, ver) => rescheduleBooking(bid, ver, input)).then(finish)} />;
    return (
      <>
        {actions.length > 0 && (
          <div className="booking-panel__actions" role="toolbar" aria-label={t('actions.label')} data-testid="booking-actions">
            {actions.map((a) => (
              <Button
                key={a}
                label={t(`actions.${a}`)}
                variant={a === 'confirm' ? 'primary' : a === 'decline' || a === 'cancel' ? 'danger' : 'default'}
                busy={action.pending === a}
                disabled={busy}
                onClick={() => open(a)}
                data-action={a}
                data-testid={`booking-action-${a}`}
              />
            ))}
          </div>
        )}
        <BookingFacts view={v} idPrefix={id} />
      </>
    );
  };

  return (
    <Modal labelledBy={`${id}-title`} onClose={escape} className="booking-panel" backdropClassName="booking-panel-backdrop" testId="booking-panel" closeOnBackdrop={!mode && !busy}>
      <header className="booking-panel__head">
        <div className="booking-panel__heading">
          <h2 className="booking-panel__title" id={`${id}-title`} data-testid="booking-panel-title">
            {title}
          </h2>
          {view && <StatusLine view={view} />}
        </div>
        <Button iconOnly icon="x" variant="ghost" label={t('close')} onClick={onClose} data-testid="booking-panel-close" />
      </header>
      <div className="booking-panel__body" ref={bodyRef} aria-busy={booking.isFetching || busy || undefined}>
        {booking.isPending && (
          <p className="booking-panel__loading" role="status">
            <span className="tbo-spinner" aria-hidden="true" /> {t('loading')}
          </p>
        )}
        {booking.isError && (
          <div className="booking-panel__problem" role="alert" data-testid="booking-load-error">
            <p>{booking.error instanceof ApiError && booking.error.code === 404 ? booking.error.message : `${t('loadFailed')} ${booking.error.message}`}</p>
            {!(booking.error instanceof ApiError && booking.error.code === 404) && <Button label={t('retry')} onClick={() => void booking.refetch()} />}
          </div>
        )}
        {action.done && (
          <p className="booking-panel__done" role="status" tabIndex={-1} ref={noticeRef} data-testid="booking-done">
            {doneText(action.done)}
          </p>
        )}
        {action.pending && (
          <p className="booking-panel__working" role="status">
            <span className="tbo-spinner tbo-spinner--sm" aria-hidden="true" /> {t('working')}
          </p>
        )}
        {action.conflict && (
          // Focusable (outside the Tab order) to take the focus when it appears; the shared notice takes no ref.
          <div tabIndex={-1} ref={conflictRef} data-testid="booking-conflict-focus">
            <ConflictNotice className="booking-panel__conflict" testId="booking-conflict" message={t('conflict')} reloadLabel={t('reload')} onReload={() => void reload()} reloadTestId="booking-reload" />
          </div>
        )}
        {action.error && (
          <p className="booking-panel__problem" role="alert" tabIndex={-1} ref={errorRef} data-testid="booking-error">
            {action.error}
          </p>
        )}
        {view && (
          <>
            {showHistory && (
              <div className="booking-panel__tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onTabKey}>
                {(['details', 'history'] as const).map((key) => (
                  <button
                    key={key}
                    type="button"
                    role="tab"
                    id={`${id}-tab-${key}`}
                    aria-selected={tab === key}
                    aria-controls={`${id}-tabpanel-${key}`}
                    tabIndex={tab === key ? 0 : -1}
                    className={cx('folder-tab', 'booking-panel__tab', tab === key && 'folder-tab--active booking-panel__tab--active')}
                    onClick={() => setTab(key)}
                    data-tab={key}
                    data-testid={`booking-tab-${key}`}
                  >
                    {t(`tabs.${key}`)}
                  </button>
                ))}
              </div>
            )}
            {/* The details stay mounted (hidden) while History shows: an open form keeps what was typed, and a person
                who looks something up in the history mid-edit comes back to the form as they left it. (Disabling the
                tabs while a form is open would stop exactly that look-up.) */}
            <div
              id={`${id}-tabpanel-details`}
              role={showHistory ? 'tabpanel' : undefined}
              aria-labelledby={showHistory ? `${id}-tab-details` : undefined}
              hidden={showHistory && tab === 'history'}
              className="booking-panel__tabpanel"
              data-testid="booking-tabpanel-details"
            >
              {renderDetails(view)}
            </div>
            {showHistory && (
              <div id={`${id}-tabpanel-history`} role="tabpanel" aria-labelledby={`${id}-tab-history`} hidden={tab !== 'history'} className="booking-panel__tabpanel">
                {tab === 'history' && <BookingHistory bookingId={bookingId} />}
              </div>
            )}
          </>
        )}
      </div>
      {asked && view && (
        <ConfirmDialog
          title={t(asked === 'confirm' ? 'ask.confirmTitle' : 'ask.completeTitle', { id: view.id })}
          message={t(asked === 'confirm' ? 'ask.confirmText' : 'ask.completeText')}
          confirmLabel={t(asked === 'confirm' ? 'ask.yesConfirm' : 'ask.yesComplete')}
          cancelLabel={t('ask.no')}
          onConfirm={() => ask(asked)}
          onCancel={() => setAsked(null)}
          testId="booking-ask"
          confirmTestId="booking-ask-yes"
          cancelTestId="booking-ask-no"
        />
      )}
    </Modal>
  );
}
