import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { Button } from '../../ui/common/button';
import { Modal } from '../../ui/common/modal';
import { RefundNow } from '../../app/bookings/refund-now';
import type { BookingView } from './api/booking-view.schema';

interface CancelDialogProps {
  booking: BookingView;
  busy: boolean;
  /** Why the last try was refused, shown here so the typed reason stays for the next try. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks before cancelling, with the reason and what it gives back; Escape or 'Keep booking' leaves the booking as it is. */
export function CancelDialog({ booking, busy, error, onConfirm, onClose }: CancelDialogProps) {
  const id = booking.id;
  const { t } = useTranslation('agent-booking-details');
  const [reason, setReason] = useState('');
  const uid = useId();
  return (
    <Modal alert labelledBy={`${uid}-title`} describedBy={`${uid}-text`} onClose={onClose} className="tbo-dialog card" backdropClassName="tbo-dialog-backdrop" testId="booking-cancel-dialog" initialFocus="textarea">
      <h2 className="tbo-dialog__title" id={`${uid}-title`}>
        {t('cancel.title', { id })}
      </h2>
      <p id={`${uid}-text`}>{t('cancel.message')}</p>
      <RefundNow policy={booking.cancellationPolicy} startsAt={booking.startsAt} totals={booking.totals} />
      <label className="tbo-field__label" htmlFor={`${uid}-reason`}>
        {t('cancel.reason')}
      </label>
      <textarea id={`${uid}-reason`} className="tbo-input booking-details__reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="booking-cancel-reason" />
      {error && (
        <FormMessage kind="error" testId="booking-cancel-error">
          {error}
        </FormMessage>
      )}
      <div className="tbo-dialog__actions">
        <Button variant="danger" label={busy ? t('cancel.cancelling') : t('cancel.confirm')} busy={busy} onClick={() => onConfirm(reason.trim())} data-testid="booking-cancel-confirm" />
        <Button label={t('cancel.keep')} onClick={onClose} data-testid="booking-cancel-keep" />
      </div>
    </Modal>
  );
}
