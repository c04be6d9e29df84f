import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingTotals } from '@tbo/booking/src/pure/booking-money.pure';
import { BOOKING_LIMITS } from '@tbo/booking/src/pure/booking-rules.pure';
import { DateInput, Field, NumberBox, SelectInput, type SelectOption } from '../../../ui/fields';
import { formatDate, toIsoDate } from '../../../ui/format/date';
import { useSlotOptions, type SlotOption } from './api/list-slot-options';
import type { RescheduleBookingInput } from './api/reschedule-booking';
import { ActionForm, type BookingChangeFormProps } from './action-form';
import { formatTimeOfDay, formatTimeRange, signedUsdAed } from './booking-format.logic';
import { lookupState } from './booking-panel.logic';
import { lookupHint } from './lookup-hint';
import { COUNTS, countMin, countProblem, type Count } from './reschedule.logic';

/** The server's field messages name date, timeSlotId, adults, children, infants, foc. */
type RescheduleFormProps = BookingChangeFormProps<RescheduleBookingInput>;

const slotTime = (s: SlotOption): string => (s.isNoTime || s.isAnyTime || s.startHour == null ? '' : formatTimeOfDay(s.startHour * 60 + (s.startMinutes ?? 0)));

/**
 * A new date, time slot or number of people. The server checks the seats and prices the booking again; while the
 * date stays, the panel estimates the difference at the booking's own prices (the same code the server runs).
 */
export function RescheduleForm({ view, busy, fieldErrors: sentErrors, onSubmit, onBack }: RescheduleFormProps) {
  const { t } = useTranslation('booking-details');
  const id = useId();
  const [date, setDate] = useState(formatDate(view.date));
  const [timeSlotId, setTimeSlotId] = useState<number | null>(view.timeSlotId);
  const [counts, setCounts] = useState<Record<Count, number | null>>({ adults: view.adults, children: view.children, infants: view.infants, foc: view.foc });
  const [dateMissing, setDateMissing] = useState(false);
  // The counts' own problems show from the first save on, and go as the person fixes them.
  const [countsChecked, setCountsChecked] = useState(false);
  const isoDate = toIsoDate(date);
  const complete = date.length === 10 && isoDate !== '';
  // The server's refusals ('Only 2 places left') are of the values sent: another date, slot or count puts them aside.
  const valuesKey = JSON.stringify([isoDate, timeSlotId, counts]);
  const [sentKey, setSentKey] = useState<string | null>(null);
  const fieldErrors = sentKey === valuesKey ? sentErrors : {};
  const slots = useSlotOptions({ bookingId: view.id, date: complete ? isoDate : '' }, view.timeSlotId !== null);
  // A failed lookup leaves only the booking's own slot in the list: it says so, with a retry, rather than claiming
  // the date has no slots (TanStack Query counts a failure as fetched).
  const slotsHint = lookupHint(
    lookupState(slots, (slots.data ?? []).length),
    { loading: t('form.slotsLoading'), failed: t('form.slotsFailed'), empty: t('form.slotsNone'), retry: t('retry') },
    () => void slots.refetch(),
    'booking-reschedule-slots',
  );

  const options: SelectOption<number>[] = (slots.data ?? []).map((s) => {
    const vars = { name: s.name, time: slotTime(s), count: s.seatsLeft ?? 0 };
    const label = s.closed
      ? t('form.slotClosed', vars)
      : s.bookingClosed
        ? t('form.slotBookingClosed', { ...vars, count: s.closesHoursBefore })
        : s.seatsLeft === null
          ? t('form.slotUnlimited', vars)
          : t('form.slotSeats', vars);
    // The booking's own slot stays choosable: fewer guests on the same departure are allowed after booking closed.
    return { value: s.id, label: label.replace(/\s+·/, ' ·').trim(), disabled: (s.closed || s.bookingClosed) && s.id !== view.timeSlotId };
  });
  if (view.timeSlotId !== null && !options.some((o) => o.value === view.timeSlotId)) {
    options.unshift({ value: view.timeSlotId, label: [view.timeSlotName ?? '', formatTimeRange(view.startTime, view.endTime)].filter(Boolean).join(' ') });
  }

  const n = (c: Count) => counts[c] ?? 0;
  const problemOf = (c: Count) => countProblem(c, counts[c]);
  const countsValid = COUNTS.every((c) => !problemOf(c));
  const countError = (c: Count) => {
    const problem = countsChecked ? problemOf(c) : null;
    return problem ? t(`form.${problem}`) : fieldErrors[c];
  };
  const sameDate = isoDate === view.date;
  const estimate = sameDate && countsValid ? bookingTotals(view.prices, { adults: n('adults'), children: n('children') }) : null;
  const changedPeople = COUNTS.some((c) => n(c) !== view[c]);

  const submit = () => {
    setDateMissing(!complete);
    setCountsChecked(true);
    if (!complete) return false;
    const invalid = COUNTS.find((c) => problemOf(c));
    if (invalid) {
      document.getElementById(`${id}-${invalid}`)?.focus();
      return;
    }
    setSentKey(valuesKey);
    onSubmit({ date: isoDate, timeSlotId, adults: n('adults'), children: n('children'), infants: n('infants'), foc: n('foc') });
  };

  return (
    <ActionForm titleId={`${id}-title`} title={t('form.rescheduleTitle')} submitLabel={t('form.rescheduleSubmit')} busy={busy} onSubmit={submit} onBack={onBack} testId="booking-reschedule-form">
      <div className="booking-panel__grid">
        <Field label={t('form.date')} required htmlFor={`${id}-date`} error={dateMissing ? t('form.dateRequired') : fieldErrors.date}>
          <DateInput id={`${id}-date`} value={date} onChange={setDate} invalid={dateMissing || !!fieldErrors.date} aria-required="true" data-testid="booking-reschedule-date" />
        </Field>
        {view.timeSlotId !== null && (
          <Field label={t('form.timeSlot')} htmlFor={`${id}-slot`} error={fieldErrors.timeSlotId} hint={slotsHint}>
            <SelectInput id={`${id}-slot`} options={options} value={timeSlotId} onChange={setTimeSlotId} invalid={!!fieldErrors.timeSlotId} data-testid="booking-reschedule-slot" />
          </Field>
        )}
      </div>
      <div className="booking-panel__counts">
        {COUNTS.map((c) => (
          <Field key={c} label={t(`form.${c}`)} htmlFor={`${id}-${c}`} error={countError(c)}>
            <NumberBox
              id={`${id}-${c}`}
              value={counts[c]}
              onChange={(v) => setCounts((all) => ({ ...all, [c]: v }))}
              min={countMin(c)}
              max={BOOKING_LIMITS.peopleMax}
              decimals={0}
              invalid={!!countError(c)}
              data-testid={`booking-reschedule-${c}`}
            />
          </Field>
        ))}
      </div>
      {estimate && changedPeople && (
        <p className="booking-panel__note" data-testid="booking-reschedule-estimate">
          {t('form.estimate', { amount: signedUsdAed(estimate.totalUsd - view.totals.totalUsd, estimate.totalAed - view.totals.totalAed) })} {t('form.estimateNote')}
        </p>
      )}
    </ActionForm>
  );
}
