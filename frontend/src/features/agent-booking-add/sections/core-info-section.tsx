import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../../ui/common/titled-section';
import { cx } from '../../../ui/common/cx';
import { Autocomplete, Field } from '../../../ui/fields';
import { formatDate } from '../../../ui/format/date';
import { hotelsForNewBookingQuery } from '../api/list-hotels-for-new-booking';
import { BOOKING_CONTROL_IDS as IDS, carouselDates, carouselKeyTarget, searchHotels, weekdayOf, type HotelChoice } from '../booking-form.logic';
import type { AddBooking } from '../use-add-booking';

/** Core Info (spec 02 §2, §4): the guest's hotel, searched by name, region or city, and the 10-day date carousel from tomorrow. */
export function CoreInfoSection({ booking }: { booking: AddBooking }) {
  const { t } = useTranslation('agent-booking-add');
  const client = useQueryClient();
  const { values, form } = booking;
  const errors = form.formState.errors;
  // The list is loaded once and searched here: the autocomplete's request is answered from it.
  const fetcher = useCallback<typeof fetch>(
    async (input) => {
      const hotels = await client.ensureQueryData(hotelsForNewBookingQuery);
      const search = new URL(String(input), window.location.origin).searchParams.get('search') ?? '';
      return new Response(JSON.stringify(searchHotels(hotels, search)), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    [client],
  );
  // A Field describes only a child control with an id: the combobox and the day radios are inside wrappers, so they
  // name their message themselves (read with the control when a refused save sends the focus there).
  const hotelMessage = errors.hotel ? IDS.hotelMessage : undefined;
  const dateMessage = errors.date ? IDS.dateMessage : undefined;
  const dates = carouselDates();
  // One Tab stop: the chosen date, or the first while none is.
  const focusable = Math.max(0, dates.indexOf(values.date));
  const onDateKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = carouselKeyTarget(e.key, focusable, dates.length);
    if (to === null) return;
    e.preventDefault();
    booking.chooseDate(dates[to]!);
    e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')[to]?.focus();
  };

  return (
    <TitledSection headingId="booking-core" title={t('sections.core')} titleClassName="booking-add__title" className="card booking-add__section" data-testid="booking-core">
      <div className="booking-add__row">
        <Field label={t('core.hotel')} required error={errors.hotel?.message} labelId="booking-hotel-label" messageId={IDS.hotelMessage} className="booking-add__hotel">
          <div data-testid="booking-hotel">
            <Autocomplete
              id={IDS.hotel}
              aria-describedby={hotelMessage}
              endpoint="/api/agent/hotels/fornewbooking"
              fetcher={fetcher}
              value={values.hotel}
              onChange={(o) => booking.chooseHotel(o ? ({ value: Number(o.value), label: o.label } satisfies HotelChoice) : null)}
              placeholder={t('core.hotelPlaceholder')}
              invalid={!!errors.hotel}
              ariaLabelledBy="booking-hotel-label"
            />
          </div>
        </Field>
      </div>
      <Field label={t('core.date')} required error={errors.date?.message} labelId="booking-date-label" messageId={IDS.dateMessage}>
        <div className="booking-dates" role="radiogroup" aria-labelledby="booking-date-label" aria-invalid={!!errors.date || undefined} data-testid="booking-dates" onKeyDown={onDateKey}>
          {dates.map((date, i) => {
            const on = values.date === date;
            return (
              <button
                key={date}
                type="button"
                role="radio"
                aria-checked={on}
                aria-describedby={dateMessage}
                tabIndex={i === focusable ? 0 : -1}
                className={cx('booking-dates__day', on && 'booking-dates__day--on', [6, 7].includes(weekdayOf(date)) && 'booking-dates__day--weekend')}
                data-date={date}
                data-testid="booking-date"
                onClick={() => booking.chooseDate(date)}
              >
                <span className="booking-dates__weekday">{t(`weekdays.${weekdayOf(date)}`)}</span>
                <span className="booking-dates__date">{formatDate(date)}</span>
              </button>
            );
          })}
        </div>
      </Field>
    </TitledSection>
  );
}
