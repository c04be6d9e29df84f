import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';

interface CloseConfirmProps {
  guests: number;
  busy: boolean;
  onConfirm: () => void;
  onKeepOpen: () => void;
}

/**
 * The day dialog's second step before closing a day with guests booked: a close stops new sales only, and the
 * user must know those guests stay booked (manifests, vouchers) before choosing it. Focus moves to the question's
 * answer so Enter confirms and Tab reaches "Keep it open"; Escape still closes the whole dialog.
 */
export function CloseConfirm({ guests, busy, onConfirm, onKeepOpen }: CloseConfirmProps) {
  const { t } = useTranslation('availability');
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="availability-dialog__confirm" role="group" aria-labelledby={`${id}-question`} data-testid="availability-close-confirm">
      <p id={`${id}-question`}>{t('dialog.closeBooked', { count: guests })}</p>
      <Button ref={confirm} variant="danger" label={t('dialog.closeConfirm')} busy={busy} onClick={onConfirm} data-testid="availability-close-yes" />
      <Button label={t('dialog.keepOpen')} disabled={busy} onClick={onKeepOpen} data-testid="availability-close-no" />
    </div>
  );
}
