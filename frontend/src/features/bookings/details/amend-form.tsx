import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { Field, SelectInput, TextInput, useRowFocus, type SelectOption } from '../../../ui/fields';
import type { AmendBookingInput } from './api/amend-booking';
import { useHotelOptions } from './api/list-hotel-options';
import { ActionForm, type BookingChangeFormProps } from './action-form';
import { amendValuesOf, keepOwnChanges, lookupState, OTHER_HOTEL, type AmendValues } from './booking-panel.logic';
import { lookupHint } from './lookup-hint';

const PHONES_MAX = 10;

/** The server's field messages name guestName, roomNumber, phones, notes, voucher, hotelId, customHotelName. */
type AmendFormProps = BookingChangeFormProps<AmendBookingInput>;

/** Guest name, room, phones, pick-up hotel, voucher and notes: the price stays as it is. */
export function AmendForm({ view, busy, fieldErrors, onSubmit, onBack }: AmendFormProps) {
  const { t } = useTranslation('booking-details');
  const id = useId();
  const hotels = useHotelOptions(true);
  const [values, setValues] = useState<AmendValues>(() => amendValuesOf(view));
  const set =
    <K extends keyof AmendValues>(key: K) =>
    (value: AmendValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const { guestName, roomNumber, phones, hotelId, customHotelName, voucher, notes } = values;
  const setPhones = (change: (list: string[]) => string[]) => setValues((v) => ({ ...v, phones: change(v.phones) }));
  // A removed phone takes its Remove button (which had the focus) with it: the next phone, else the previous, gets
  // it; a focus left on <body> would send the next Tab to the panel's Close.
  const phoneFocus = useRowFocus<HTMLFieldSetElement>();
  const removePhone = (i: number) => {
    phoneFocus.removed(i, phones.length);
    setPhones((list) => list.filter((_, j) => j !== i));
  };
  // Someone else saved the booking meanwhile (a 409, then Reload): their values come in, except where this form
  // changed a field, so neither person's changes are lost; the form says so.
  const base = useRef(view);
  const [merged, setMerged] = useState(false);
  useEffect(() => {
    if (base.current.version === view.version) return;
    const was = amendValuesOf(base.current);
    base.current = view;
    setValues((mine) => keepOwnChanges(mine, was, amendValuesOf(view)));
    setMerged(true);
  }, [view]);
  // The server's phones message describes each phone input (read when one gets the focus), not an alert of its own:
  // the panel's error is the one alert of a failed save.
  const phonesErrorId = `${id}-phones-error`;
  const [missing, setMissing] = useState<{ guestName?: boolean; customHotelName?: boolean }>({});

  const hotelOptions: SelectOption<number>[] = (hotels.data ?? []).map((h) => ({ value: h.id, label: h.regionName ? `${h.name} (${h.regionName})` : h.name }));
  // The booking's own hotel stays choosable while the list loads (or if it left the list).
  if (view.hotelId !== null && !hotelOptions.some((o) => o.value === view.hotelId)) hotelOptions.unshift({ value: view.hotelId, label: view.hotelName ?? '' });
  hotelOptions.push({ value: OTHER_HOTEL, label: t('form.hotelOther') });
  // Without the list the select offers only the booking's hotel and 'Another hotel': say it is loading or that it
  // failed (with a retry), so a short list is not taken for the whole one.
  const hotelsHint = lookupHint(lookupState(hotels, (hotels.data ?? []).length), { loading: t('form.hotelsLoading'), failed: t('form.hotelsFailed'), retry: t('retry') }, () => void hotels.refetch(), 'booking-amend-hotels');

  const submit = () => {
    const name = guestName.trim();
    const custom = customHotelName.trim();
    const gaps = { guestName: !name, customHotelName: hotelId === OTHER_HOTEL && !custom };
    setMissing(gaps);
    if (gaps.guestName || gaps.customHotelName) return false;
    onSubmit({
      guestName: name,
      roomNumber: roomNumber.trim(),
      phones: phones.map((p) => p.trim()).filter(Boolean),
      notes,
      voucher: voucher.trim(),
      hotelId: hotelId === OTHER_HOTEL ? null : hotelId,
      customHotelName: hotelId === OTHER_HOTEL ? custom : null,
    });
  };

  return (
    <ActionForm titleId={`${id}-title`} title={t('form.amendTitle')} submitLabel={t('form.amendSubmit')} busy={busy} onSubmit={submit} onBack={onBack} testId="booking-amend-form">
      {merged && (
        <p className="booking-panel__note" role="status" data-testid="booking-amend-merged">
          {t('form.mergedAfterReload')}
        </p>
      )}
      <div className="booking-panel__grid">
        <Field label={t('fields.guestName')} required htmlFor={`${id}-guest`} error={missing.guestName ? t('form.guestNameRequired') : fieldErrors.guestName}>
          <TextInput id={`${id}-guest`} value={guestName} onChange={set('guestName')} maxLength={200} invalid={missing.guestName || !!fieldErrors.guestName} aria-required="true" data-testid="booking-amend-guest-name" />
        </Field>
        <Field label={t('fields.roomNumber')} htmlFor={`${id}-room`} error={fieldErrors.roomNumber}>
          <TextInput id={`${id}-room`} value={roomNumber} onChange={set('roomNumber')} maxLength={50} invalid={!!fieldErrors.roomNumber} data-testid="booking-amend-room" />
        </Field>
      </div>
      <fieldset ref={phoneFocus.listRef} className="booking-panel__phones">
        <legend className="tbo-field__label">{t('fields.phones')}</legend>
        {phones.map((phone, i) => (
          // Phones have no identity of their own: their place in the list is it.
          <div className="booking-panel__phone" key={i}>
            <TextInput
              type="tel"
              value={phone}
              onChange={(v) => setPhones((list) => list.map((p, j) => (j === i ? v : p)))}
              maxLength={50}
              aria-label={t('form.phone', { n: i + 1 })}
              invalid={!!fieldErrors.phones}
              aria-describedby={fieldErrors.phones ? phonesErrorId : undefined}
              data-testid={`booking-amend-phone-${i}`}
            />
            {phones.length > 1 && <Button iconOnly icon="x" variant="ghost" size="sm" label={t('form.removePhone', { n: i + 1 })} onClick={() => removePhone(i)} />}
          </div>
        ))}
        {fieldErrors.phones && (
          <div className="tbo-field__error" id={phonesErrorId}>
            {fieldErrors.phones}
          </div>
        )}
        {phones.length < PHONES_MAX && <Button ref={phoneFocus.addRef} icon="plus" size="sm" variant="ghost" label={t('form.addPhone')} onClick={() => setPhones((list) => [...list, ''])} data-testid="booking-amend-add-phone" />}
      </fieldset>
      <Field label={t('form.hotel')} htmlFor={`${id}-hotel`} error={fieldErrors.hotelId} hint={hotelsHint}>
        <SelectInput id={`${id}-hotel`} options={hotelOptions} value={hotelId} onChange={(v) => set('hotelId')(v ?? OTHER_HOTEL)} invalid={!!fieldErrors.hotelId} data-testid="booking-amend-hotel" />
      </Field>
      {hotelId === OTHER_HOTEL && (
        <Field label={t('form.customHotelName')} required htmlFor={`${id}-custom-hotel`} error={missing.customHotelName ? t('form.customHotelRequired') : fieldErrors.customHotelName}>
          <TextInput id={`${id}-custom-hotel`} value={customHotelName} onChange={set('customHotelName')} maxLength={200} invalid={missing.customHotelName || !!fieldErrors.customHotelName} aria-required="true" data-testid="booking-amend-custom-hotel" />
        </Field>
      )}
      <Field label={t('fields.voucher')} htmlFor={`${id}-voucher`} error={fieldErrors.voucher}>
        <TextInput id={`${id}-voucher`} value={voucher} onChange={set('voucher')} maxLength={100} invalid={!!fieldErrors.voucher} data-testid="booking-amend-voucher" />
      </Field>
      <Field label={t('fields.notes')} htmlFor={`${id}-notes`} error={fieldErrors.notes}>
        <textarea id={`${id}-notes`} className="tbo-input booking-panel__textarea" rows={3} maxLength={4000} value={notes} aria-invalid={!!fieldErrors.notes || undefined} onChange={(e) => set('notes')(e.target.value)} data-testid="booking-amend-notes" />
      </Field>
    </ActionForm>
  );
}
