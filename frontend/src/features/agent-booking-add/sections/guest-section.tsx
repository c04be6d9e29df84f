import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { TitledSection } from '../../../ui/common/titled-section';
import { Field, SelectInput, TextField, TextInput, useRowFocus } from '../../../ui/fields';
import type { AddBooking } from '../use-add-booking';

/**
 * Guest Details (spec 02 §4): open once the ticket (and its time slot) is chosen. An in-house guest of the arrival
 * lists fills the name and the group's room and phones; or the agent types them.
 */
export function GuestSection({ booking }: { booking: AddBooking }) {
  const { t } = useTranslation('agent-booking-add');
  const { form, values, inHouse, guestOpen } = booking;
  const phones = useFieldArray({ control: form.control, name: 'phones' });
  const guests = inHouse.data ?? [];
  // A removed phone takes its Remove button (which had the focus) with it: the next phone, else the previous, gets it.
  const phoneFocus = useRowFocus<HTMLUListElement>();
  const removePhone = (i: number) => {
    phoneFocus.removed(i, phones.fields.length);
    phones.remove(i);
  };

  return (
    <TitledSection headingId="booking-guest" title={t('sections.guest')} titleClassName="booking-add__title" className="card booking-add__section" data-testid="booking-guest">
      {!guestOpen ? (
        <p className="booking-add__note" data-testid="booking-guest-locked">
          {t('guest.locked')}
        </p>
      ) : (
        <>
          <Field label={t('guest.inHouse')} htmlFor="booking-in-house" className="booking-add__wide">
            {inHouse.isPending ? (
              <p className="booking-add__note" role="status">
                {t('guest.inHouseLoading')}
              </p>
            ) : inHouse.isError ? (
              // A failed call is not 'nobody staying': the agent can retry or type the guest.
              <p className="booking-add__note booking-add__note--warn" role="alert" data-testid="booking-in-house-failed">
                {t('guest.inHouseFailed')} <Button size="sm" label={t('retry')} onClick={() => void inHouse.refetch()} busy={inHouse.isFetching} data-testid="booking-in-house-retry" />
              </p>
            ) : guests.length === 0 ? (
              <p className="booking-add__note" data-testid="booking-no-in-house">
                {t('guest.noInHouse')}
              </p>
            ) : (
              <SelectInput<number>
                id="booking-in-house"
                data-testid="booking-in-house"
                options={guests.map((g) => ({ value: g.arrivalId, label: g.guestName }))}
                value={values.arrivalId}
                placeholder={t('guest.inHousePlaceholder')}
                onChange={(id) => booking.chooseGuest(guests.find((g) => g.arrivalId === id) ?? null)}
              />
            )}
          </Field>
          <div className="booking-add__row">
            <TextField control={form.control} name="guestName" label={t('guest.name')} required className="booking-add__wide" maxLength={200} autoComplete="off" />
            <TextField control={form.control} name="roomNumber" label={t('guest.room')} maxLength={50} autoComplete="off" />
          </div>
          <Field label={t('guest.phones')} labelId="booking-phones-label" messageId="booking-phones-message" error={form.formState.errors.phones?.message}>
            <ul ref={phoneFocus.listRef} className="booking-phones" aria-labelledby="booking-phones-label" data-testid="booking-phones">
              {phones.fields.map((row, i) => (
                <li key={row.id} className="booking-phones__row">
                  <TextInput
                    type="tel"
                    aria-label={t('guest.phone', { n: i + 1 })}
                    value={values.phones?.[i]?.value ?? ''}
                    onChange={(v) => form.setValue(`phones.${i}.value`, v, { shouldDirty: true })}
                    maxLength={40}
                    invalid={!!form.formState.errors.phones}
                    aria-describedby={form.formState.errors.phones ? 'booking-phones-message' : undefined}
                    data-testid="booking-phone"
                  />
                  {phones.fields.length > 1 && <Button iconOnly icon="x" variant="ghost" size="sm" label={t('guest.removePhone', { n: i + 1 })} onClick={() => removePhone(i)} />}
                </li>
              ))}
            </ul>
            <Button ref={phoneFocus.addRef} icon="plus" size="sm" label={t('guest.addPhone')} onClick={() => phones.append({ value: '' })} data-testid="booking-add-phone" />
          </Field>
        </>
      )}
    </TitledSection>
  );
}
