import type { OfferStreamEvent } from '@tbo/event-schemas';
import { ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { MISSING_PRICE_MESSAGES, missingPriceProblems } from '../pricing/price-model.pure';
import { pricesFromFlat } from '../pricing/flat-prices.pure';
import { blankOfferFields, OFFER_MESSAGES, offerDecider, type OfferFields } from './offer';
import { ADULT_PRICES, periodInput, savePeriod } from './offer.testing';

/*
 * The rules a valid period and the offer's ages keep so a booking is never sold for 0, priced by whichever
 * period was saved first, or told a child from an infant by overlapping ages. Prices as the demo account
 * sets them: VAT 5 %, 3.65 AED per USD, no commission.
 */
const ADULT = ADULT_PRICES;
const CHILD = { pricePerChildRecAedVat: 182.5, pricePerChildRecAed: 173.8095, pricePerChildRecUsdVat: 50, pricePerChildRecUsd: 47.619 };
const TRIP = { pricePerTripRecAedVat: 949, pricePerTripRecAed: 903.8095, pricePerTripRecUsdVat: 260, pricePerTripRecUsd: 247.619 };
const NO_ADULT = { pricePerAdultRecAedVat: null, pricePerAdultRecAed: null, pricePerAdultRecUsdVat: null, pricePerAdultRecUsd: null };

const fields = (over: Partial<OfferFields> = {}): OfferFields => ({ ...blankOfferFields(3), nameInternal: 'STD', nameDisplay: 'Standard', maxNumOfPeople: 10, numberOfHours: 6, ...over });
const save = (over: Partial<OfferFields> = {}) => ({ type: 'SaveOffer' as const, id: 9, supplierId: 5, isNew: true, offer: fields(over) });
const created = (over: Partial<OfferFields> = {}) => offerDecider.decide(save(over), offerDecider.initialState);
const period = periodInput;
const price = savePeriod;

function refusal(past: OfferStreamEvent[], cmd: Parameters<typeof offerDecider.decide>[0]): { message: string; errors: Record<string, string[]> } {
  try {
    given(offerDecider, past).when(cmd).events();
  } catch (e) {
    if (e instanceof ValidationError) return { message: e.message, errors: (e.details ?? {}) as Record<string, string[]> };
    throw e;
  }
  throw new Error('expected a refusal, the command was decided');
}

describe('a valid period needs the prices its ticket sells', () => {
  it('refuses a period with no price at all, naming the adult price', () => {
    const r = refusal(created(), price(NO_ADULT));
    expect(r).toEqual({ message: MISSING_PRICE_MESSAGES.adult, errors: { 'recommended.adult': [MISSING_PRICE_MESSAGES.adult] } });
  });

  it('accepts an adult price alone, or a trip price alone (a private car is priced per trip)', () => {
    expect(given(offerDecider, created()).when(price()).events().map((e) => e.type)).toEqual(['ValidPeriodPriced']);
    expect(given(offerDecider, created()).when(price({ ...NO_ADULT, ...TRIP })).events().map((e) => e.type)).toEqual(['ValidPeriodPriced']);
  });

  it('refuses a period without a child price when the ticket allows children, unless it has a trip price; 0 is a price', () => {
    const withChildren = created({ childrenAllowed: true });
    expect(refusal(withChildren, price())).toEqual({ message: MISSING_PRICE_MESSAGES.child, errors: { 'recommended.child': [MISSING_PRICE_MESSAGES.child] } });
    expect(refusal(withChildren, price(NO_ADULT)).errors).toEqual({ 'recommended.adult': [MISSING_PRICE_MESSAGES.adult], 'recommended.child': [MISSING_PRICE_MESSAGES.child] });
    expect(given(offerDecider, withChildren).when(price(CHILD)).events()).toHaveLength(1);
    expect(given(offerDecider, withChildren).when(price(TRIP)).events()).toHaveLength(1);
    const freeChild = { pricePerChildRecAedVat: 0, pricePerChildRecAed: 0, pricePerChildRecUsdVat: 0, pricePerChildRecUsd: 0 };
    expect(given(offerDecider, withChildren).when(price(freeChild)).events()).toHaveLength(1);
  });

  it('is the same rule the browser can ask (pure)', () => {
    expect(missingPriceProblems(pricesFromFlat(period()), false)).toEqual({});
    expect(missingPriceProblems(pricesFromFlat(period()), true)).toEqual({ 'recommended.child': [MISSING_PRICE_MESSAGES.child] });
  });
});

describe("a valid period may not overlap another of the offer's", () => {
  const withDecember = [...created(), ...given(offerDecider, created()).when(price()).events()];

  it('refuses an overlapping period, naming the one it overlaps in Dubai dates', () => {
    const r = refusal(withDecember, price({ id: 41, periodStart: '2026-12-15T08:00:00.000Z', periodEnd: '2027-01-15T08:00:00.000Z', ...ADULT }));
    expect(r.message).toBe('The period overlaps 01.12.2026–01.01.2027');
    expect(r.errors).toEqual({ periodStart: [OFFER_MESSAGES.periodOverlaps('2026-12-01T08:00:00.000Z', '2027-01-01T08:00:00.000Z')] });
    // Inside, around, and ending inside.
    for (const [s, e] of [['2026-12-10', '2026-12-20'], ['2026-11-01', '2027-02-01'], ['2026-11-01', '2026-12-02']]) {
      expect(refusal(withDecember, price({ id: 41, periodStart: `${s}T08:00:00.000Z`, periodEnd: `${e}T08:00:00.000Z` })).message).toBe('The period overlaps 01.12.2026–01.01.2027');
    }
  });

  it('names every period overlapped, earliest first', () => {
    const withJanuary = [...withDecember, ...given(offerDecider, withDecember).when(price({ id: 41, periodStart: '2027-01-01T08:00:00.000Z', periodEnd: '2027-02-01T08:00:00.000Z' })).events()];
    expect(refusal(withJanuary, price({ id: 42, periodStart: '2026-12-20T08:00:00.000Z', periodEnd: '2027-01-10T08:00:00.000Z' })).errors.periodStart).toEqual([
      'The period overlaps 01.12.2026–01.01.2027',
      'The period overlaps 01.01.2027–01.02.2027',
    ]);
  });

  it('accepts back-to-back periods on either side, and a period changed within its own span', () => {
    expect(given(offerDecider, withDecember).when(price({ id: 41, periodStart: '2027-01-01T08:00:00.000Z', periodEnd: '2027-02-01T08:00:00.000Z' })).events()).toHaveLength(1);
    expect(given(offerDecider, withDecember).when(price({ id: 41, periodStart: '2026-11-01T08:00:00.000Z', periodEnd: '2026-12-01T08:00:00.000Z' })).events()).toHaveLength(1);
    expect(given(offerDecider, withDecember).when(price({ periodEnd: '2027-01-15T08:00:00.000Z' }, false)).events()).toHaveLength(1);
  });

  it('does not look for overlaps of a period whose end is not after its start', () => {
    expect(refusal(withDecember, price({ id: 41, periodStart: '2026-12-20T08:00:00.000Z', periodEnd: '2026-12-10T08:00:00.000Z' })).errors).toEqual({ periodEnd: [OFFER_MESSAGES.periodEnd] });
  });
});

describe("an offer's infant age is below its child age when it sells both", () => {
  it.each([
    [{ childAge: 2, infantAge: 5 }],
    [{ childAge: 5, infantAge: 5 }],
  ])('refuses %j', (ages) => {
    const r = refusal([], save({ childrenAllowed: true, infantsAllowed: true, ...ages }));
    expect(r).toEqual({ message: OFFER_MESSAGES.infantAgeBelowChildAge, errors: { infantAge: [OFFER_MESSAGES.infantAgeBelowChildAge] } });
  });

  it('accepts infants younger than children, and any ages when only one of them is sold', () => {
    expect(created({ childrenAllowed: true, infantsAllowed: true, childAge: 12, infantAge: 3 }).length).toBeGreaterThan(0);
    expect(created({ childrenAllowed: true, infantsAllowed: false, childAge: 2, infantAge: 5 }).length).toBeGreaterThan(0);
    expect(created({ childrenAllowed: false, infantsAllowed: true, childAge: 2, infantAge: 5 }).length).toBeGreaterThan(0);
  });
});
