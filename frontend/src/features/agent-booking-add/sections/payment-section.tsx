import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../../ui/common/titled-section';
import { Field, NumberBox, TextField } from '../../../ui/fields';
import { formatUsdAmount } from '../../../ui/format/number';
import { paymentOverTotal } from '../booking-form.logic';
import type { AddBooking } from '../use-add-booking';

const PAIRS = [
  { key: 'paid', usd: 'paid', aed: 'paidOrig' },
  { key: 'collect', usd: 'collect', aed: 'collectOrig' },
] as const;

/**
 * Payment Details (spec 02 §4, §5, §9): paid and collect, each in USD and AED kept linked by the rate, 2 decimals,
 * never below 0; the voucher number and notes.
 */
export function PaymentSection({ booking }: { booking: AddBooking }) {
  const { t } = useTranslation('agent-booking-add');
  const { form, guestOpen } = booking;
  const errors = form.formState.errors;
  const overTotal = paymentOverTotal(booking.values, booking.price?.prices ?? null);
  return (
    <TitledSection headingId="booking-payment" title={t('sections.payment')} titleClassName="booking-add__title" className="card booking-add__section" data-testid="booking-payment">
      <fieldset className="booking-add__fieldset" disabled={!guestOpen}>
        <div className="booking-add__row">
          {PAIRS.map((pair) => (
            <div key={pair.key} className="booking-amounts" data-testid={`booking-amounts-${pair.key}`}>
              {([
                ['usd', pair.usd],
                ['aed', pair.aed],
              ] as const).map(([currency, name]) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <Field label={`${t(`payment.${pair.key}`)}, ${t(`payment.${currency}`)}`} htmlFor={`booking-${name}`} error={errors[name]?.message}>
                      <NumberBox
                        id={`booking-${name}`}
                        ref={field.ref}
                        value={field.value}
                        min={0}
                        decimals={2}
                        disabled={!guestOpen}
                        onChange={(v) => booking.setAmount(name, v)}
                        onBlur={field.onBlur}
                        suffix={t(`payment.${currency}`)}
                        data-testid={`booking-${name}`}
                      />
                    </Field>
                  )}
                />
              ))}
            </div>
          ))}
        </div>
        {overTotal !== null && (
          <p className="booking-add__note booking-add__note--warn" role="status" data-testid="booking-payment-over">
            {t('payment.overTotal', { total: formatUsdAmount(overTotal) })}
          </p>
        )}
        <div className="booking-add__row">
          <TextField control={form.control} name="voucherNumber" label={t('payment.voucher')} maxLength={100} disabled={!guestOpen} autoComplete="off" />
        </div>
        <Controller
          control={form.control}
          name="notes"
          render={({ field }) => (
            <Field label={t('payment.notes')} htmlFor="booking-notes" className="booking-add__notes">
              <textarea id="booking-notes" ref={field.ref} className="tbo-input booking-add__textarea" rows={3} maxLength={2000} value={field.value} disabled={!guestOpen} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} data-testid="booking-notes" />
            </Field>
          )}
        />
      </fieldset>
    </TitledSection>
  );
}
