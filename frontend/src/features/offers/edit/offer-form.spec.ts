import en from '../../../i18n/locales/en/offer-edit.json';
import ru from '../../../i18n/locales/ru/offer-edit.json';
import type { Offer } from '../api/get-offer';
import { blankOfferForm, buildOfferSchema, formFieldOfServerField, toForm, toOfferBody, type OfferForm, type OfferMessageKey } from './offer-form';

const t = (key: OfferMessageKey) => (en.errors as Record<string, string>)[key.replace('errors.', '')] ?? key;
const schema = buildOfferSchema(t);

function errorsOf(form: OfferForm): Record<string, string[]> {
  const r = schema.safeParse(form);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}
const valid = (): OfferForm => ({ ...blankOfferForm(), nameInternal: 'DSF-01', nameDisplay: 'Desert Safari', maxNumOfPeople: 10, numberOfHours: 6 });

describe('offer form (spec 01 §5 Ticket, §9 defaults)', () => {
  it('starts with the spec defaults: min people 1, child age 12, infant age 3, Live Book, no children or infants', () => {
    expect(blankOfferForm()).toMatchObject({ minNumOfPeople: 1, childAge: 12, infantAge: 3, bookingType: 1, childrenAllowed: false, infantsAllowed: false, isOverrideTourCancellationPolicy: false });
  });

  it('an empty form gives every required message of spec 01 §5', () => {
    expect(errorsOf(blankOfferForm())).toEqual({
      nameInternal: ['Ticket code is required'],
      nameDisplay: ['Ticket display name is required'],
      maxNumOfPeople: ['Maximum number of people is required'],
      numberOfHours: ['Minimum duration is 1 hour'],
    });
    expect(errorsOf(valid())).toEqual({});
  });

  it.each<[string, Partial<OfferForm>, string, string]>([
    ['blank code', { nameInternal: '   ' }, 'nameInternal', 'Ticket code is required'],
    ['min people 0', { minNumOfPeople: 0 }, 'minNumOfPeople', 'Minimum number of people is required'],
    ['half an hour', { numberOfHours: 0.5 }, 'numberOfHours', 'Minimum duration is 1 hour'],
    ['advance payment 101', { minimumAdvancedPayment: 101 }, 'minimumAdvancedPayment', 'Minimum advanced payment must be between 0 and 100'],
    ['advance payment empty', { minimumAdvancedPayment: null }, 'minimumAdvancedPayment', 'Minimum advanced payment must be between 0 and 100'],
    ['child age 19', { childAge: 19 }, 'childAge', 'Child age is required and must be between 1 and 18'],
    ['child age empty', { childAge: null }, 'childAge', 'Child age is required and must be between 1 and 18'],
    ['infant age 0', { infantAge: 0 }, 'infantAge', 'Infant age is required and must be between 1 and 18'],
  ])('refuses %s', (_name, over, field, message) => {
    expect(errorsOf({ ...valid(), ...over })).toEqual({ [field]: [message] });
  });

  it('refuses a maximum number of people below the minimum (as the server does), and accepts them equal', () => {
    expect(errorsOf({ ...valid(), minNumOfPeople: 5, maxNumOfPeople: 4 })).toEqual({ maxNumOfPeople: ['Maximum number of people cannot be less than the minimum number of people'] });
    expect(errorsOf({ ...valid(), minNumOfPeople: 5, maxNumOfPeople: 5 })).toEqual({});
  });

  it('accepts the bounds: 1 hour, 0 and 100 % advance payment, ages 1 and 18', () => {
    for (const over of [{ numberOfHours: 1 }, { minimumAdvancedPayment: 0 }, { minimumAdvancedPayment: 100 }, { childAge: 1, infantAge: 18 }, { childAge: 18, infantAge: 1 }]) expect(errorsOf({ ...valid(), ...over })).toEqual({});
  });

  it('requires the adult, child and infant tickets only when attraction tickets are required', () => {
    expect(errorsOf({ ...valid(), isTicketsRequired: true })).toEqual({
      adultTicketTypeId: ['Adult ticket is required'],
      childTicketTypeId: ['Child ticket is required'],
      infantTicketTypeId: ['Infant ticket is required'],
    });
    expect(errorsOf({ ...valid(), isTicketsRequired: true, adultTicketTypeId: 4, childTicketTypeId: 5 })).toEqual({ infantTicketTypeId: ['Infant ticket is required'] });
    expect(errorsOf({ ...valid(), isTicketsRequired: false, adultTicketTypeId: null })).toEqual({});
  });

  it('sends an empty policy without override and the ticket types only when required', () => {
    const f: OfferForm = { ...valid(), cancellationPolicy: [{ hours: 24, percents: 50 }], adultTicketTypeId: 4, childTicketTypeId: 5, infantTicketTypeId: 6 };
    const off = toOfferBody(f, { id: 0, tourId: 7, version: null });
    expect(off).toMatchObject({ id: 0, tourId: 7, version: null, isOverrideTourCancellationPolicy: false, cancellationPolicy: [], ticketsTypes: [], minNumOfPeople: 1, childAge: 12, infantAge: 3, bookingType: 1 });
    const on = toOfferBody({ ...f, isOverrideTourCancellationPolicy: true, isTicketsRequired: true, timeSlots: [9] }, { id: 3, tourId: 7, version: 5 });
    expect(on).toMatchObject({
      id: 3,
      version: 5,
      cancellationPolicy: [{ hours: 24, percents: 50 }],
      timeSlots: [9],
      ticketsTypes: [
        { type: 0, ticketTypeId: 4 },
        { type: 1, ticketTypeId: 5 },
        { type: 2, ticketTypeId: 6 },
      ],
    });
  });

  it('drops a hero image that is not among the photos', () => {
    expect(toOfferBody({ ...valid(), photos: [1, 2], heroImageId: 2 }, { id: 0, tourId: 1, version: null }).heroImageId).toBe(2);
    expect(toOfferBody({ ...valid(), photos: [1], heroImageId: 2 }, { id: 0, tourId: 1, version: null }).heroImageId).toBeNull();
  });

  it('reads a saved offer back into the form', () => {
    const saved = {
      ...toOfferBody({ ...valid(), isTicketsRequired: true, adultTicketTypeId: 4, childTicketTypeId: 5, infantTicketTypeId: 6, numberOfHours: 3 }, { id: 9, tourId: 1, version: 2 }),
      isDeleted: false,
      validPeriods: [],
      pricePerAdultRecUsd: null,
      pricePerChildRecUsd: null,
      pricePerTripRecUsd: null,
      periodEnd: null,
    } as Offer;
    expect(toForm(saved)).toMatchObject({ nameInternal: 'DSF-01', adultTicketTypeId: 4, childTicketTypeId: 5, infantTicketTypeId: 6, numberOfHours: 3 });
  });

  it("maps the server's field names to the form's", () => {
    expect(formFieldOfServerField('ticketsTypes.child')).toBe('childTicketTypeId');
    expect(formFieldOfServerField('nameInternal')).toBe('nameInternal');
    expect(formFieldOfServerField('cancellationPolicy.0.hours')).toBe('cancellationPolicy');
    expect(formFieldOfServerField('tourId')).toBeNull();
  });

  it('has every English key in Russian too', () => {
    const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });
});
