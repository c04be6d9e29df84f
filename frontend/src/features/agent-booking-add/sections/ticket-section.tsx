import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../../ui/common/titled-section';
import { Field, SelectInput } from '../../../ui/fields';
import { PeopleCounter } from '../../../ui/people-counter';
import { FormMessage } from '../../../app/forms/field';
import { BOOKING_LIMITS } from '@tbo/booking/src/pure/booking-rules.pure';
import { ageHintTexts, BOOKING_CONTROL_IDS as IDS, counterBlock, peopleLimit, seatsShort, slotsOf, validOffers } from '../booking-form.logic';
import type { AddBooking } from '../use-add-booking';
import { PriceSummary } from './price-summary';
import { SlotChooser } from './slot-chooser';

/**
 * Ticket Selection (spec 02 §4, §5): the tours of the hotel and date, the tour's offers, the offer's time slots
 * with the seats left, the counts (children and infants closed with the reason when the ticket does not take
 * them) and the price.
 */
export function TicketSection({ booking }: { booking: AddBooking }) {
  const { t } = useTranslation('agent-booking-add');
  const { values, tours, tour, offer, slot, form, prices, price } = booking;
  const errors = form.formState.errors;
  const hotelChosen = values.hotel !== null;
  const offers = validOffers(tour, values.date);
  const slots = slotsOf(offer, values.date);
  const hints = ageHintTexts(offer);
  const ageHint = (kind: keyof typeof hints) => t(hints[kind][0], hints[kind][1]);
  const counts = { adults: values.adults, children: values.children };
  const short = seatsShort(slot, counts);
  const limit = peopleLimit(offer, counts);
  // One message for the three counters (a server refusal names one count); the counter in error names it as its
  // description, since a Field describes only a single child control with an id.
  const peopleError = [errors.adults?.message, errors.children?.message, errors.infants?.message].filter(Boolean).join(' ') || undefined;
  const countProps = (kind: 'adults' | 'children' | 'infants') => ({ id: IDS[kind], invalid: !!errors[kind], describedBy: errors[kind] ? IDS.peopleMessage : undefined });
  const reason = (kind: 'children' | 'infants') => {
    const block = counterBlock(kind, offer);
    return block ? t(`ticket.${block}`) : undefined;
  };

  const tourList = !hotelChosen ? (
    <p className="booking-add__note">{t('ticket.hotelFirst')}</p>
  ) : tours.isPending ? (
    <p className="booking-add__note" role="status">
      <span className="tbo-spinner tbo-spinner--xs" aria-hidden="true" /> {t('ticket.toursLoading')}
    </p>
  ) : tours.isError ? (
    <FormMessage kind="error">{t('ticket.toursFailed')}</FormMessage>
  ) : tours.data.length === 0 ? (
    <p className="booking-add__note booking-add__note--warn" data-testid="booking-no-tours">
      {t('ticket.noTours')}
    </p>
  ) : null;

  // Children and infants: a counter each, off (with the reason as its tooltip) where the offer does not take them.
  const minorCounter = (kind: 'children' | 'infants', hint: string) => (
    <div title={reason(kind) ?? hint} data-testid={`booking-${kind}`}>
      <PeopleCounter
        label={t(`ticket.${kind}`)}
        description={hint}
        value={values[kind]}
        max={BOOKING_LIMITS.peopleMax}
        onChange={(n) => form.setValue(kind, n, { shouldDirty: true })}
        disabled={!!reason(kind)}
        disabledReason={reason(kind)}
        {...countProps(kind)}
      />
    </div>
  );

  return (
    <TitledSection headingId="booking-ticket" title={t('sections.ticket')} titleClassName="booking-add__title" className="card booking-add__section" data-testid="booking-ticket">
      {tourList}
      {hotelChosen && tours.data && tours.data.length > 0 && (
        <>
          <div className="booking-add__row">
            <Field label={t('ticket.tour')} required htmlFor="booking-tour" error={errors.tourId?.message} className="booking-add__wide">
              <SelectInput<number>
                id="booking-tour"
                data-testid="booking-tour"
                options={tours.data.map((x) => ({ value: x.id, label: x.nameDisplay || x.nameInternal }))}
                value={values.tourId}
                onChange={booking.chooseTour}
                placeholder={t('ticket.tourPlaceholder')}
                invalid={!!errors.tourId}
              />
            </Field>
            <Field label={t('ticket.offer')} required htmlFor="booking-offer" error={errors.offerId?.message} className="booking-add__wide">
              <SelectInput<number>
                id="booking-offer"
                data-testid="booking-offer"
                options={offers.map((o) => ({ value: o.id, label: o.nameDisplay || o.nameInternal }))}
                value={values.offerId}
                onChange={booking.chooseOffer}
                placeholder={tour ? t('ticket.offerPlaceholder') : t('ticket.tourFirst')}
                disabled={!tour}
                invalid={!!errors.offerId}
              />
            </Field>
          </div>
          {offer && offer.timeSlots.length > 0 && (
            <Field label={t('ticket.timeSlot')} required labelId="booking-slot-label" messageId={IDS.slotMessage} error={errors.timeSlotId?.message}>
              <SlotChooser
                slots={slots}
                value={values.timeSlotId}
                onChange={booking.chooseSlot}
                labelledBy="booking-slot-label"
                invalid={!!errors.timeSlotId}
                describedBy={errors.timeSlotId ? IDS.slotMessage : undefined}
                offerOnRequest={offer.isOnRequest}
              />
            </Field>
          )}
          {(offer?.isOnRequest || slot?.isOnRequest) && <p className="booking-add__note">{t('ticket.onRequestNote')}</p>}
        </>
      )}
      <Field label={t('ticket.people')} labelId="booking-people-label" messageId={IDS.peopleMessage} error={peopleError}>
        <div className="booking-people" role="group" aria-labelledby="booking-people-label">
          <div title={ageHint('adults')} data-testid="booking-adults">
            <PeopleCounter label={t('ticket.adults')} description={ageHint('adults')} value={values.adults} min={BOOKING_LIMITS.adultsMin} max={BOOKING_LIMITS.peopleMax} onChange={(n) => form.setValue('adults', n, { shouldDirty: true })}
              {...countProps('adults')}
            />
          </div>
          {minorCounter('children', ageHint('children'))}
          {minorCounter('infants', ageHint('infants'))}
        </div>
      </Field>
      {short !== null && (
        <FormMessage kind="warning" testId="booking-seats-short">
          {t('ticket.seatsShort', { count: short })}
        </FormMessage>
      )}
      {limit && <FormMessage kind="warning">{t(limit.kind === 'min' ? 'ticket.minPeople' : 'ticket.maxPeople', { count: limit.n })}</FormMessage>}
      {offer && <PriceSummary price={price} counts={counts} loading={prices.isPending} failed={prices.isError} retrying={prices.isFetching} onRetry={() => void prices.refetch()} childrenAllowed={offer.childrenAllowed} />}
    </TitledSection>
  );
}
