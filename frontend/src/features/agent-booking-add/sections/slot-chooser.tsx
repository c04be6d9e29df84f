import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/common/cx';
import { endsNextDay, minutesToTime } from '../../../ui/format/time';
import type { NewBookingSlot } from '../api/new-booking.schema';
import { isSlotChoosable, slotTimes } from '../booking-form.logic';

/** Below this many seats the chooser warns 'Only N places left'. */
const FEW_SEATS = 10;

/**
 * The offer's time slots on the date, each with its time and the seats left; a closed or full slot, or one whose
 * minimum advance has passed, shows why and cannot be chosen (spec 02 §4). Every slot of an On Request offer is
 * tagged 'On request' like an On Request slot, since a booking of either waits for operations.
 */
export function SlotChooser({
  slots,
  value,
  onChange,
  labelledBy,
  invalid,
  describedBy,
  offerOnRequest,
}: {
  slots: NewBookingSlot[];
  value: number | null;
  onChange: (id: number) => void;
  labelledBy: string;
  invalid: boolean;
  /** The Field's message: each radio names it, as the radio (not the group) is what gets the focus. */
  describedBy?: string;
  offerOnRequest: boolean;
}) {
  const { t } = useTranslation('agent-booking-add');
  if (slots.length === 0) return <p className="booking-add__note">{t('ticket.noSlots')}</p>;
  return (
    <div className="booking-slots" role="radiogroup" aria-labelledby={labelledBy} aria-invalid={invalid || undefined} data-testid="booking-slots">
      {slots.map((s) => {
        const open = isSlotChoosable(s);
        const times = slotTimes(s);
        const range = times && `${minutesToTime(times.start)}–${minutesToTime(times.end)}`;
        const hours = times && endsNextDay(times.start, times.end) ? t('ui:time.nextDay', { range }) : range;
        const when = !times ? t('ticket.noTime') : s.isAnyTime ? t('ticket.anyTime', { range: hours }) : hours;
        const seats = s.closed
          ? t('ticket.closed')
          : s.bookingClosed
            ? t('ticket.bookingClosed', { count: s.closesHoursBefore })
            : s.seatsLeft === null
              ? t('ticket.unlimited')
              : s.seatsLeft <= 0
                ? t('ticket.full')
                : s.seatsLeft <= FEW_SEATS
                  ? t('ticket.onlyLeft', { count: s.seatsLeft })
                  : t('ticket.placesLeft', { count: s.seatsLeft });
        const on = value === s.id;
        return (
          <label key={s.id} className={cx('inset-box', 'booking-slots__slot', on && 'booking-slots__slot--on', !open && 'booking-slots__slot--off')} data-testid="booking-slot" data-slot-id={s.id}>
            <input type="radio" name="booking-slot" className="tbo-sr-only" checked={on} disabled={!open} aria-describedby={describedBy} onChange={() => onChange(s.id)} />
            <span className="booking-slots__name">{s.name}</span>
            <span className="booking-slots__time">{when}</span>
            <span className={cx('booking-slots__seats', open && s.seatsLeft !== null && s.seatsLeft <= FEW_SEATS && 'booking-slots__seats--few', !open && 'booking-slots__seats--none')} data-testid="booking-slot-seats">
              {seats}
            </span>
            {(offerOnRequest || s.isOnRequest) && <span className="booking-slots__tag">{t('ticket.onRequest')}</span>}
          </label>
        );
      })}
    </div>
  );
}
