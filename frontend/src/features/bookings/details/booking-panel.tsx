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
import { ConfirmStep } from './confirm-step';
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
  return (
    <div className="booking-panel__status-line">
      <span className={cx('booking-panel__status', `booking-panel__status--s${view.status}`)} data-testid="booking-status">
        {t(`status.${view.status}`, { defaultValue: view.statusText })}
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
 * its history. Escape steps back (a question, then a form) and finally closes; Tab stays inside.
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
  const action = useBookingAction(view, onChanged, fieldsOf);
  const doneText = useDoneText();
  const bodyRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const returnTo = useRef<BookingAction | null>(null);
  const showHistory = canSeeHistory(roles);
  const actions = view ? allowedActions(roles, view.status) : [];

  // Leaving a form (or a question) puts the focus back on the button that opened it; after an action, on its result.
  useEffect(() => {
    if (mode || asked) return;
    if (action.done) noticeRef.current?.focus();
    else if (returnTo.current) bodyRef.current?.querySelector<HTMLElement>(`[data-action="${returnTo.current}"]`)?.focus();
  }, [mode, asked, action.done]);

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
    if (asked) setAsked(null);
    else if (mode) back();
    else onClose();
  };
  const finish = (ok: boolean) => {
    if (ok) setMode(null);
  };
  const reload = () => {
    action.reset();
    setMode(null);
    void booking.refetch();
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

  const busy = action.pending !== null;
  const title = t('title', { id: bookingId });

  const renderDetails = (v: BookingView) => {
    if (mode === 'decline' || mode === 'cancel')
      return <ReasonForm kind={mode} view={v} busy={busy} serverError={action.fieldErrors.reason} onBack={back} onSubmit={(reason) => void action.run(mode, (bid, ver) => (mode === 'decline' ? declineBooking : cancelBooking)(bid, ver, reason)).then(finish)} />;
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
            <Button label={t('retry')} onClick={() => void booking.refetch()} />
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
        {action.conflict && <ConflictNotice className="booking-panel__conflict" testId="booking-conflict" message={t('conflict')} reloadLabel={t('reload')} onReload={reload} reloadTestId="booking-reload" />}
        {action.error && (
          <p className="booking-panel__problem" role="alert" data-testid="booking-error">
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
                    aria-controls={`${id}-tabpanel`}
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
            <div id={`${id}-tabpanel`} role={showHistory ? 'tabpanel' : undefined} aria-labelledby={showHistory ? `${id}-tab-${tab}` : undefined} className="booking-panel__tabpanel">
              {tab === 'history' && showHistory ? <BookingHistory bookingId={bookingId} /> : renderDetails(view)}
            </div>
          </>
        )}
      </div>
      {asked && view && (
        <ConfirmStep
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
