import './agent-booking-details.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { notify } from '../../app/notifications/notifications';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { TitledSection } from '../../ui/common/titled-section';
import { EditPageFrame, itemReadProps } from '../../ui/edit-page';
import { formatDate } from '../../ui/format/date';
import { formatUsdAed } from '../../ui/format/number';
import { agencyReceivableAed, paidBeyondPrice } from '@tbo/booking/src/pure/booking-money.pure';
import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import type { BookingView } from './api/booking-view.schema';
import { cancelAgentBooking } from './api/cancel-booking';
import { BookingDocumentLinks } from '../../app/documents/booking-document-links';
import { isDeclined, statusWordKey } from '../../app/bookings/declined';
import { netAndCommissionKeys, owedBackOnCancel } from '../../app/bookings/booking-money-rows';
import { bookingKey, useAgentBooking } from './api/get-booking';
import { bookingIdOf, cancelFailure, headingKeyOf, holderKey, isCancellable, placeOf, timeWindow, titleKeyOf } from './booking-details.logic';
import { CancelDialog } from './cancel-dialog';

/**
 * /agent/bookings/details/{id} (spec 02 §2 Booking confirmation): 'Booking confirmed #{id}' (pending when
 * operations must confirm it), the tour, the pick-up time and place, the guest, the totals, the invoice and
 * voucher downloads, and cancelling with its refund. An id that is not a positive number goes to the list.
 */
export function AgentBookingDetailsPage() {
  const { id } = useParams();
  const bookingId = bookingIdOf(id);
  if (bookingId === null) return <Navigate to="/agent/bookings" replace />;
  return <BookingDetails key={bookingId} id={bookingId} />;
}

function BookingDetails({ id }: { id: number }) {
  const { t } = useTranslation('agent-booking-details');
  const location = useLocation();
  const after = (location.state as { after?: string | null } | null)?.after ?? null;
  const booking = useAgentBooking(id, after);
  const client = useQueryClient();
  const b = booking.data;
  const declined = !!b && isDeclined(b);
  const title = t(`title.${headingKeyOf(b?.status, declined)}`, { id });
  useDocumentTitle(title);

  const [documentError, setDocumentError] = useState<{ title: string; message: string } | null>(null);

  const [asking, setAsking] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelAgentBooking(id, reason, b?.version),
    onSuccess: (saved) => {
      setAsking(false);
      setCancelError(null);
      client.setQueryData(bookingKey(id), saved);
      notify({ title: t('cancel.done', { id }), message: saved.cancellation ? t('cancel.refund', { amount: formatUsdAed(saved.cancellation.refundUsd, saved.cancellation.refundAed) }) : '', kind: 'success' });
    },
    // The dialog stays open with the typed reason and says what went wrong; a stale version is read again first.
    onError: (err) => {
      const failure = cancelFailure(err, t('cancel.stale'));
      setCancelError(failure.message);
      if (failure.reload) void booking.refetch();
    },
  });
  const ask = (open: boolean) => {
    setAsking(open);
    setCancelError(null);
  };

  const actions = b && isCancellable(b.status) && (
    <Button variant="danger" label={t('cancel.action')} onClick={() => ask(true)} busy={cancel.isPending} data-testid="booking-cancel" />
  );

  return (
    <EditPageFrame
      testId="booking-details"
      className="booking-details"
      back={{ to: '/agent/bookings', label: t('back'), testId: 'back-to-bookings' }}
      title={title}
      // Reached after Save booking or from a row of the list, the focus would be left on <body>.
      focusTitle
      titleExtras={
        b ? (
          <span className={`booking-details__status booking-details__status--${titleKeyOf(b.status)}`} data-testid="booking-status" data-declined={declined || undefined}>
            {t(statusWordKey(b.status, declined), { defaultValue: b.statusText })}
          </span>
        ) : null
      }
      actions={actions || undefined}
      {...itemReadProps({ ready: !!b, failed: booking.isError, error: booking.error, retry: () => void booking.refetch() }, { loading: t('loading'), loadFailed: (message) => t('loadFailed', { message }), retry: t('retry') }, 'booking')}
      dialogs={
        asking &&
        b &&
        isCancellable(b.status) && (
          // Busy while the booking is read again too: a try before the new version arrives would be stale once more.
          <CancelDialog booking={b} busy={cancel.isPending || booking.isFetching} error={cancelError} onConfirm={(reason) => cancel.mutate(reason)} onClose={() => ask(false)} />
        )
      }
    >
      {b && (
        <div className="booking-details__body">
          {b.status === 1 && <FormMessage kind="warning">{t('pendingNote')}</FormMessage>}
          {b.cancellation && <Cancellation booking={b} />}
          {declined && (
            <div className="card booking-details__cancellation" role="status" data-testid="booking-declined">
              <strong>{t('declinedNote')}</strong>
              {b.declineReason && <span>{t('cancel.reasonShown', { reason: b.declineReason })}</span>}
            </div>
          )}
          <div className="booking-details__grid">
            <TourCard booking={b} />
            <GuestCard booking={b} />
            <MoneyCard booking={b} declined={declined} />
            <TitledSection headingId="booking-documents" title={t('sections.documents')} titleClassName="booking-details__title" className="card booking-details__card" data-testid="booking-documents">
              {declined ? (
                <p className="booking-details__muted" data-testid="booking-documents-none">
                  {t('documents.noneDeclined')}
                </p>
              ) : (
                <>
                  <BookingDocumentLinks
                    bookingId={id}
                    cancelled={b.status === 4}
                    testIdPrefix="booking"
                    named
                    tickets={b.canDownloadTickets === true}
                    onStart={() => setDocumentError(null)}
                    onError={(title, message) => setDocumentError({ title, message })}
                  />
                  {/* Operations may still decline it: whoever prints the voucher now reads that it is not confirmed yet. */}
                  {b.status === BOOKING_STATUS.pending && (
                    <p className="booking-details__documents-note" data-testid="booking-documents-pending">
                      {t('documents.pendingVoucher')}
                    </p>
                  )}
                </>
              )}
              {documentError && (
                <div className="booking-details__notice" role="alert" data-testid="booking-document-error">
                  <strong>{documentError.title}</strong>
                  <span>{documentError.message}</span>
                </div>
              )}
            </TitledSection>
          </div>
          <p>
            <Link to="/agent/bookings/add" data-testid="booking-add-another">
              {t('addAnother')}
            </Link>
          </p>
        </div>
      )}
    </EditPageFrame>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="booking-details__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TourCard({ booking: b }: { booking: BookingView }) {
  const { t } = useTranslation('agent-booking-details');
  const slotTime = timeWindow(b.startTime, b.endTime);
  const pickUp = timeWindow(b.pickUpTimeStart, b.pickUpTimeEnd);
  const place = placeOf(b, t('shell:noHotel'));
  return (
    <TitledSection headingId="booking-tour" title={t('sections.tour')} titleClassName="booking-details__title" className="card booking-details__card" data-testid="booking-tour-card">
      <dl className="booking-details__list">
        <Row label={t('fields.tour')} testId="booking-tour-name">{b.tourName || t('none')}</Row>
        <Row label={t('fields.ticket')} testId="booking-ticket">{b.offerName || t('none')}</Row>
        <Row label={t('fields.date')} testId="booking-date">{formatDate(b.date)}</Row>
        <Row label={t('fields.timeSlot')} testId="booking-slot">{[b.timeSlotName, slotTime].filter(Boolean).join(' · ') || t('none')}</Row>
        <Row label={t('fields.pickUpTime')} testId="booking-pickup-time">{pickUp || t('none')}</Row>
        <Row label={t('fields.pickUpPlace')} testId="booking-pickup-place">
          {[place, b.roomNumber ? t('fields.room', { room: b.roomNumber }) : ''].filter(Boolean).join(', ') || t('none')}
        </Row>
      </dl>
    </TitledSection>
  );
}

function GuestCard({ booking: b }: { booking: BookingView }) {
  const { t } = useTranslation('agent-booking-details');
  return (
    <TitledSection headingId="booking-guest" title={t('sections.guest')} titleClassName="booking-details__title" className="card booking-details__card" data-testid="booking-guest">
      <dl className="booking-details__list">
        <Row label={t('fields.guestName')} testId="booking-guest-name">{b.guestName}</Row>
        <Row label={t('fields.phones')} testId="booking-phones">{b.phones.join(', ') || t('none')}</Row>
        <Row label={t('fields.people')} testId="booking-people">
          {t(b.foc > 0 ? 'peopleWithFoc' : 'people', { adults: b.adults, children: b.children, infants: b.infants, foc: b.foc })}
        </Row>
        <Row label={t('fields.voucher')} testId="booking-voucher">{b.voucher || t('none')}</Row>
        {b.notes && <Row label={t('fields.notes')}>{b.notes}</Row>}
        {b.agentName && <Row label={t('fields.bookedBy')}>{[b.agentName, b.agencyName].filter(Boolean).join(', ')}</Row>}
        <Row label={t('fields.channel')} testId="booking-channel">{t(`channel.${b.channel}`, { defaultValue: b.channel })}</Row>
      </dl>
    </TitledSection>
  );
}

function MoneyCard({ booking: b, declined }: { booking: BookingView; declined: boolean }) {
  const { t } = useTranslation('agent-booking-details');
  const pair = formatUsdAed;
  // Paid money is held by someone; money to collect is collected by someone on the day.
  const holder = (who: string, words: 'holders' | 'collectors' = 'holders') => (who ? ` (${t(`${words}.${holderKey(who)}`, { who })})` : '');
  // A cancelled booking owes no net and pays no commission, and nothing is collected on the day (as its invoice says).
  // A declined one says so: operations refused it, nobody cancelled it. A direct sale's commission is its staff's.
  const cancelled = b.status === BOOKING_STATUS.cancelled;
  const none = t(declined ? 'fields.noneDeclined' : 'fields.noneCancelled');
  const beyond = paidBeyondPrice(b);
  const keys = netAndCommissionKeys(b, { net: 'fields.net', commission: 'fields.commission' });
  return (
    <TitledSection headingId="booking-money" title={t('sections.money')} titleClassName="booking-details__title" className="card booking-details__card" data-testid="booking-money">
      <dl className="booking-details__list booking-details__list--money">
        <Row label={t('fields.total')} testId="booking-total">{pair(b.totals.totalUsd, b.totals.totalAed)}</Row>
        <Row label={t(keys.net)} testId="booking-net">{cancelled ? none : pair(b.totals.netUsd, b.totals.netAed)}</Row>
        <Row label={t(keys.commission)} testId="booking-commission">{cancelled ? none : pair(b.totals.agencyReceivable, agencyReceivableAed(b.totals))}</Row>
        <Row label={t('fields.paid')} testId="booking-paid">{pair(b.paid, b.paidOrig) + holder(b.paidTo)}</Row>
        <Row label={t('fields.collect')} testId="booking-collect">{cancelled ? none : pair(b.collect, b.collectOrig) + holder(b.collectTo, 'collectors')}</Row>
        {!cancelled && beyond && (
          <Row label={t('fields.paidBeyondPrice')} testId="booking-paid-beyond">
            {pair(beyond.usd, beyond.aed)}
          </Row>
        )}
      </dl>
    </TitledSection>
  );
}

function Cancellation({ booking: b }: { booking: BookingView }) {
  const { t } = useTranslation('agent-booking-details');
  const c = b.cancellation!;
  // What was paid beyond a price lowered since is still the guest's: said beside the refund of the total.
  const beyond = owedBackOnCancel(b)?.beyondPrice;
  return (
    <div className="card booking-details__cancellation" role="status" data-testid="booking-refund">
      <strong>{t('cancel.refund', { amount: formatUsdAed(c.refundUsd, c.refundAed) })}</strong>
      {beyond && <strong data-testid="booking-refund-beyond">{t('cancel.paidBeyond', { amount: formatUsdAed(beyond.usd, beyond.aed) })}</strong>}
      <span>{t('cancel.penalty', { percent: c.penaltyPercent, amount: formatUsdAed(c.penaltyUsd, c.penaltyAed) })}</span>
      {c.reason && <span>{t('cancel.reasonShown', { reason: c.reason })}</span>}
    </div>
  );
}
