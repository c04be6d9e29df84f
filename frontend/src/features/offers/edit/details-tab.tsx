import { useMemo, type ReactNode } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../../app/catalog/tour.types';
import { useCityOptions } from '../../../app/reference/reference-options';
import { Field, MultiSelectField, NumberField, RichTextField, SelectField, TextField, ToggleField } from '../../../ui/fields';
import { PeopleCounter } from '../../../ui/people-counter';
import { useTicketTypes } from '../api/list-ticket-types';
import { BOOKING_TYPES, type OfferForm } from './offer-form';
import { PolicySection } from './policy-section';
import { TimeSlotsSection } from './time-slots-section';
import { TitledSection } from '../../../ui/common/titled-section';
import { OfferSection } from '../offer-section';

const RICH_TEXT_HEIGHT = 250;
type FormControl = Control<OfferForm>;

/** The ticket's own fields (spec 01 §2 Offer edit), in sections, and the time slots it sells. */
export function DetailsTab({ control, tour }: { control: FormControl; tour: Tour | undefined }) {
  const { t } = useTranslation('offer-edit');
  const cities = useCityOptions();
  const ticketTypes = useTicketTypes();
  const cityOptions = useMemo(() => (cities.data ?? []).map((o) => ({ value: Number(o.value), label: o.label })), [cities.data]);
  const ticketOptions = useMemo(() => (ticketTypes.data ?? []).map((tt) => ({ value: tt.id, label: tt.name })), [ticketTypes.data]);
  const bookingOptions = BOOKING_TYPES.map((b) => ({ value: b, label: t(`bookingTypes.${b}`) }));
  const ticketsRequired = useWatch({ control, name: 'isTicketsRequired' });
  const ticketPlaceholder = ticketTypes.isPending ? t('loadingOptions') : t('fields.ticketPlaceholder');
  return (
    <div className="offer-sections">
      <FieldsSection id="basic" title={t('sections.basic')}>
        <TextField control={control} name="nameInternal" label={t('fields.nameInternal')} required maxLength={200} autoComplete="off" />
        <TextField control={control} name="nameDisplay" label={t('fields.nameDisplay')} required maxLength={200} autoComplete="off" />
        <MultiSelectField control={control} name="origin" label={t('fields.origin')} options={cityOptions} placeholder={cities.isPending ? t('loadingOptions') : t('fields.originPlaceholder')} />
        <SelectField control={control} name="bookingType" label={t('fields.bookingType')} options={bookingOptions} required />
      </FieldsSection>
      <FieldsSection id="people" title={t('sections.people')}>
        <CounterField control={control} name="minNumOfPeople" label={t('fields.minNumOfPeople')} />
        <CounterField control={control} name="maxNumOfPeople" label={t('fields.maxNumOfPeople')} />
        <NumberField control={control} name="numberOfHours" label={t('fields.numberOfHours')} required min={0} max={9999} decimals={2} />
        <NumberField control={control} name="minimumAdvancedPayment" label={t('fields.minimumAdvancedPayment')} min={0} max={999} decimals={2} suffix="%" />
      </FieldsSection>
      <FieldsSection id="ages" title={t('sections.ages')}>
        <ToggleField control={control} name="childrenAllowed" label={t('fields.childrenAllowed')} />
        <NumberField control={control} name="childAge" label={t('fields.childAge')} required min={0} max={99} decimals={0} />
        <ToggleField control={control} name="infantsAllowed" label={t('fields.infantsAllowed')} />
        <NumberField control={control} name="infantAge" label={t('fields.infantAge')} required min={0} max={99} decimals={0} />
      </FieldsSection>
      <TitledSection className="offer-section" headingId="offer-tickets" title={t('sections.tickets')} titleClassName="offer-section__title">
        <div className="offer-grid-fields">
          <ToggleField control={control} name="isTicketsRequired" label={t('fields.isTicketsRequired')} />
        </div>
        {ticketsRequired && (
          <div className="offer-grid-fields" data-testid="ticket-types">
            <SelectField control={control} name="adultTicketTypeId" label={t('fields.adultTicket')} options={ticketOptions} placeholder={ticketPlaceholder} required />
            <SelectField control={control} name="childTicketTypeId" label={t('fields.childTicket')} options={ticketOptions} placeholder={ticketPlaceholder} required />
            <SelectField control={control} name="infantTicketTypeId" label={t('fields.infantTicket')} options={ticketOptions} placeholder={ticketPlaceholder} required />
          </div>
        )}
      </TitledSection>
      <FieldsSection id="options" title={t('sections.options')}>
        <ToggleField control={control} name="isDirectReporting" label={t('fields.isDirectReporting')} />
        <ToggleField control={control} name="allowDirectCollection" label={t('fields.allowDirectCollection')} />
        <ToggleField control={control} name="isAppendTransactionFeeB2b" label={t('fields.isAppendTransactionFeeB2b')} />
      </FieldsSection>
      <TitledSection className="offer-section" headingId="offer-texts" title={t('sections.texts')} titleClassName="offer-section__title">
        <div className="offer-richtexts">
          <RichTextField control={control} name="description" label={t('fields.description')} height={RICH_TEXT_HEIGHT} />
          <RichTextField control={control} name="notesToClientsPostBooking" label={t('fields.notesToClientsPostBooking')} height={RICH_TEXT_HEIGHT} />
        </div>
      </TitledSection>
      <PolicySection control={control} tour={tour} />
      <TimeSlotsSection control={control} />
    </div>
  );
}

/** A titled section of the details tab holding a grid of fields. */
function FieldsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <OfferSection headingId={`offer-${id}`} title={title}>
      <div className="offer-grid-fields">{children}</div>
    </OfferSection>
  );
}

/** Min or max people as a people counter (spec 01 §1), never below 1 once changed; the schema gives the message. */
function CounterField({ control, name, label }: { control: FormControl; name: 'minNumOfPeople' | 'maxNumOfPeople'; label: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field error={fieldState.error?.message} className="offer-counter" label={<span aria-hidden="true">{label}</span>} required>
      <div data-testid={`counter-${name}`}>
        <PeopleCounter label={label} value={field.value ?? 0} min={1} onChange={(n) => field.onChange(n)} />
      </div>
    </Field>
  );
}
