import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefundNow } from '../../../app/bookings/refund-now';
import { Field } from '../../../ui/fields';
import type { BookingView } from './api/booking-view.schema';
import { ActionForm } from './action-form';
import { PolicyTable } from './policy-table';

interface ReasonFormProps {
  kind: 'decline' | 'cancel';
  view: BookingView;
  busy: boolean;
  /** The server's message for the reason, if it refused it. */
  serverError?: string;
  onSubmit: (reason: string) => void;
  onBack: () => void;
}

/** Decline a pending booking, or cancel one: a reason is required; cancelling shows the policy the refund follows. */
export function ReasonForm({ kind, view, busy, serverError, onSubmit, onBack }: ReasonFormProps) {
  const { t } = useTranslation('booking-details');
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <ActionForm
      titleId={`${id}-title`}
      title={t(kind === 'decline' ? 'form.declineTitle' : 'form.cancelTitle', { id: view.id })}
      submitLabel={t(kind === 'decline' ? 'form.declineSubmit' : 'form.cancelSubmit')}
      danger
      busy={busy}
      onBack={onBack}
      testId={`booking-${kind}-form`}
      onSubmit={() => {
        const text = reason.trim();
        if (!text) {
          setMissing(true);
          return false;
        }
        onSubmit(text);
      }}
    >
      <Field label={t('form.reason')} required htmlFor={`${id}-reason`} error={missing ? t('form.reasonRequired') : serverError}>
        <textarea
          id={`${id}-reason`}
          className="tbo-input booking-panel__textarea"
          rows={3}
          maxLength={1000}
          value={reason}
          aria-invalid={missing || !!serverError || undefined}
          aria-required="true"
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
          data-testid="booking-reason"
        />
      </Field>
      {kind === 'cancel' && (
        <>
          <p className="booking-panel__note">{t('form.cancelPolicyHint')}</p>
          <PolicyTable tiers={view.cancellationPolicy} />
          <RefundNow policy={view.cancellationPolicy} startsAt={view.startsAt} totals={view.totals} />
        </>
      )}
    </ActionForm>
  );
}
