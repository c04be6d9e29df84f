import './agent-booking-add.css';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { editorKeys, EditPageFrame, LeaveDialog } from '../../ui/edit-page';
import { CoreInfoSection } from './sections/core-info-section';
import { GuestSection } from './sections/guest-section';
import { PaymentSection } from './sections/payment-section';
import { TicketSection } from './sections/ticket-section';
import { useAddBooking } from './use-add-booking';

/**
 * /agent/bookings/add (spec 02 §2 Agent add booking, §4 Add booking flow): Core Info, Ticket Selection, Guest
 * Details and Payment Details, then Save, which opens only as §4 says; on success the booking's confirmation.
 */
export function AgentBookingAddPage() {
  const { t } = useTranslation('agent-booking-add');
  const booking = useAddBooking();
  useDocumentTitle(t('title'));
  const fieldsInvalid = Object.keys(booking.form.formState.errors).length > 0;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    booking.submit();
  };

  return (
    <EditPageFrame
      testId="booking-add"
      className="booking-add"
      back={{ to: '/agent/bookings', label: t('back'), testId: 'back-to-bookings' }}
      title={t('title')}
      status="ready"
      loadingText=""
      onKeyDown={editorKeys(booking.submit, booking.saving, { blockEnter: true })}
      dialogs={<LeaveDialog ns="agent-booking-add" guard={booking.guard} testId="booking-leave-dialog" confirmTestId="booking-leave" cancelTestId="booking-stay" cancelVariant="primary" />}
    >
      <form className="booking-add__form" noValidate onSubmit={onSubmit} aria-label={t('formLabel')} data-testid="booking-form">
        <CoreInfoSection booking={booking} />
        <TicketSection booking={booking} />
        <GuestSection booking={booking} />
        <PaymentSection booking={booking} />
        {/* The back-to-top button rises above the bar rather than cover 'Save booking' (app/back-to-top). */}
        <div className="card booking-add__save" data-testid="booking-save-bar" data-back-to-top-clear>
          <div className="booking-add__save-messages" aria-live="polite">
            {booking.generalErrors.length > 0 ? (
              <FormMessage kind="error" testId="booking-save-error">
                {booking.generalErrors.join(' ')}
              </FormMessage>
            ) : fieldsInvalid ? (
              <FormMessage kind="error" testId="booking-save-error">
                {t('errors.fixFields')}
              </FormMessage>
            ) : !booking.saveAllowed ? (
              <p className="booking-add__note">{t('saveLocked')}</p>
            ) : null}
          </div>
          <Button type="submit" variant="primary" label={booking.saving ? t('saving') : t('save')} busy={booking.saving} disabled={!booking.saveAllowed} data-testid="booking-save" />
        </div>
      </form>
    </EditPageFrame>
  );
}
