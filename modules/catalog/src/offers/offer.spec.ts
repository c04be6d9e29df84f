import { NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { OfferStreamEvent } from '@tbo/event-schemas';
import { blankOfferFields, OFFER_MESSAGES, OFFER_NOT_FOUND, offerDecider, offerFrom, type OfferFields } from './offer';
import { offerHistory } from './offer-history';
import { savePeriod } from './offer.testing';

const fields = (over: Partial<OfferFields> = {}): OfferFields => ({ ...blankOfferFields(3), nameInternal: 'STD', nameDisplay: 'Standard', maxNumOfPeople: 10, numberOfHours: 6, ...over });
const save = (over: Partial<OfferFields> = {}, isNew = true, supplierId = 5) => ({ type: 'SaveOffer' as const, id: 9, supplierId, isNew, offer: fields(over) });
const created = (over: Partial<OfferFields> = {}) => offerDecider.decide(save(over), offerDecider.initialState);
const price = savePeriod;

describe('offer decider', () => {
  it('creates an offer with its details (defaults applied) and its policy', () => {
    const events = created();
    expect(events.map((e) => e.type)).toEqual(['OfferCreated', 'OfferDetailsChanged', 'OfferCancellationPolicyChanged']);
    expect(events[1]?.data).toMatchObject({ minNumOfPeople: 1, childAge: 12, infantAge: 3, bookingType: 1 });
    expect(events[2]?.data).toEqual({ id: 9, supplierId: 5, isOverrideTourCancellationPolicy: false, cancellationPolicy: [] });
  });

  it('an offer without override stores an empty policy; unchanged saves nothing', () => {
    given(offerDecider, created()).when(save({ cancellationPolicy: [{ hours: 24, percents: 50 }] }, false)).then([]);
    given(offerDecider, created()).when(save({}, false)).then([]);
  });

  it('accepts attraction tickets when all three categories are chosen', () => {
    const events = created({ isTicketsRequired: true, ticketsTypes: [{ type: 2, ticketTypeId: 3 }, { type: 0, ticketTypeId: 1 }, { type: 1, ticketTypeId: 2 }] });
    expect(events[1]?.data).toMatchObject({ ticketsTypes: [{ type: 0, ticketTypeId: 1 }, { type: 1, ticketTypeId: 2 }, { type: 2, ticketTypeId: 3 }] });
  });

  it('an overriding offer keeps its policy, longest notice first, and refuses rows with 0 hours or 0 percents', () => {
    const policy = created({ isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }, { hours: 72, percents: 100 }] })[2]?.data;
    expect(policy).toMatchObject({ isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 72, percents: 100 }, { hours: 24, percents: 50 }] });
    for (const row of [{ hours: 0, percents: 50 }, { hours: 24, percents: 0 }]) {
      given(offerDecider).when(save({ isOverrideTourCancellationPolicy: true, cancellationPolicy: [row] })).thenThrows(ValidationError);
    }
    // Without override the rows are not the offer's: nothing to refuse, nothing stored.
    expect(created({ cancellationPolicy: [{ hours: 0, percents: 50 }] })[2]?.data).toMatchObject({ cancellationPolicy: [] });
  });

  it("answers another supplier's or an unknown offer as not found", () => {
    given(offerDecider, created()).when(save({}, false, 6)).thenThrows(NotFoundError);
    given(offerDecider, created()).when(save({}, false, 6)).thenThrows(OFFER_NOT_FOUND);
    given(offerDecider).when({ type: 'DeleteOffer', id: 9, supplierId: 5 }).thenThrows(OFFER_NOT_FOUND);
  });

  it.each([
    [{ nameInternal: ' ' }, OFFER_MESSAGES.code],
    [{ nameDisplay: '' }, OFFER_MESSAGES.displayName],
    [{ minNumOfPeople: 0 }, OFFER_MESSAGES.minPeople],
    [{ maxNumOfPeople: 0 }, OFFER_MESSAGES.maxPeople],
    [{ numberOfHours: 0 }, OFFER_MESSAGES.duration],
    [{ numberOfHours: 10_000 }, OFFER_MESSAGES.durationMax],
    [{ minimumAdvancedPayment: -1 }, OFFER_MESSAGES.advancePayment],
    [{ childAge: 0 }, OFFER_MESSAGES.childAge],
    [{ infantAge: 19 }, OFFER_MESSAGES.infantAge],
    [{ isTicketsRequired: true, ticketsTypes: [] }, OFFER_MESSAGES.adultTicket],
    [{ isTicketsRequired: true, ticketsTypes: [{ type: 0, ticketTypeId: 1 }, { type: 2, ticketTypeId: 3 }] }, OFFER_MESSAGES.childTicket],
    [{ isTicketsRequired: true, ticketsTypes: [{ type: 0, ticketTypeId: 1 }, { type: 1, ticketTypeId: 2 }] }, OFFER_MESSAGES.infantTicket],
    [{ minimumAdvancedPayment: 101 }, OFFER_MESSAGES.advancePayment],
    [{ childAge: 19 }, OFFER_MESSAGES.childAge],
    [{ infantAge: 0 }, OFFER_MESSAGES.infantAge],
    [{ maxNumOfPeople: null as unknown as number }, OFFER_MESSAGES.maxPeople],
    [{ minNumOfPeople: 6, maxNumOfPeople: 5 }, OFFER_MESSAGES.maxBelowMin],
  ] as [Partial<OfferFields>, string][])('refuses %j with "%s"', (over, message) => {
    given(offerDecider).when(save(over)).thenThrows(ValidationError);
    given(offerDecider).when(save(over)).thenThrows(message);
  });

  it('prices a valid period with the settings, replaces it when saved again, and refuses inconsistent prices', () => {
    const past: OfferStreamEvent[] = [...created(), ...given(offerDecider, created()).when(price({ minimumAdvancedPayment: 30 })).events()];
    expect(past.slice(3).map((e) => e.type)).toEqual(['ValidPeriodPriced', 'OfferValidPeriodTermsSet']);
    expect(past[3]?.data).toMatchObject({ id: 40, vat: 5, vatK: 1.05, convRate: 3.65, defaultCommission: 20 });
    const next = given(offerDecider, past).when(price({ minimumAdvancedPayment: 30, pricePerAdultRecAedVat: 730, pricePerAdultRecAed: 695.2381, pricePerAdultRecUsdVat: 200, pricePerAdultRecUsd: 190.4762 }, false)).events();
    expect(next.map((e) => e.type)).toEqual(['ValidPeriodPriced']);
    const offer = offerFrom([...past, ...next].reduce(offerDecider.evolve, offerDecider.initialState));
    expect(offer.validPeriods).toHaveLength(1);
    expect(offer).toMatchObject({ pricePerAdultRecUsd: 190.4762, periodEnd: '2027-01-01T08:00:00.000Z' });
    expect(offer.validPeriods[0]?.minimumAdvancedPayment).toBe(30);
    const history = offerHistory([...past, ...next].map((e, i) => ({ ...e, position: String(i), recordedAt: 0, metadata: { occurredAt: 'x', userId: 'u' } }) as never));
    expect(history[history.length - 1]?.changes).toContainEqual({ field: 'validPeriods.40.pricePerAdultRecUsd', before: 95.2381, after: 190.4762 });

    given(offerDecider, past).when(price({ pricePerAdultRecAedVat: 400 }, false)).thenThrows(/Prices are not consistent/);
    given(offerDecider, past).when(price({ periodEnd: '2026-11-01T08:00:00.000Z' }, false)).thenThrows(OFFER_MESSAGES.periodEnd);
    given(offerDecider, past).when(price({ id: 41 }, false)).thenThrows(NotFoundError);
  });
});
