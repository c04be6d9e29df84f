import { agencyReceivableAed, bookingTotals, paidBeyondPrice, commissionsOf, MISSING_PRICE_MESSAGES, offerPriceFields, unitPricesOf, unpricedCounts, type PeriodPriceFields } from './booking-money.pure';

describe("the agency's commission in AED", () => {
  it("is the AED totals' difference, to the fils", () => {
    expect(agencyReceivableAed({ totalAed: 949, netAed: 759.2 })).toBe(189.8);
    expect(agencyReceivableAed({ totalAed: 620.5, netAed: 496.4 })).toBe(124.1);
  });
});

describe("spec 02 §3 'Offer price for new booking', flat", () => {
  const prices = unitPricesOf(
    {
      id: 7, vat: 5, convRate: 3.65, convType: 'multiply', defaultCommission: 20, netCommissionPerAdult: null,
      pricePerAdultRecUsdVat: 100, pricePerChildRecUsdVat: 50, pricePerTripRecUsdVat: 10,
      pricePerAdultNetUsdVat: null, pricePerChildNetUsdVat: null, pricePerTripNetUsdVat: null,
      pricePerAdultRecAedVat: 365, pricePerChildRecAedVat: 182.5, pricePerTripRecAedVat: 36.5,
      pricePerAdultNetAedVat: null, pricePerChildNetAedVat: null, pricePerTripNetAedVat: null,
    },
    25,
  );

  it('names net and publish (Rec) prices in USD and local, the commission, and the one-adult totals (the trip once)', () => {
    expect(offerPriceFields(prices)).toEqual({
      pricePerAdult: 75, pricePerChild: 37.5, pricePerTrip: 7.5,
      pricePerAdultLocal: 273.75, pricePerChildLocal: 136.875, pricePerTripLocal: 27.375,
      pricePerAdultRec: 100, pricePerChildRec: 50, pricePerTripRec: 10,
      pricePerAdultRecLocal: 365, pricePerChildRecLocal: 182.5, pricePerTripRecLocal: 36.5,
      commission: 25, commissionPerAdult: 25, commissionPerChild: 25, commissionPerTrip: 25,
      totalNetPriceUsd: 82.5, totalNetPriceAed: 301.13, totalPublishRateUsd: 110, totalPublishRateAed: 401.5,
    });
  });
});

/** Adult USD with VAT 100 (AED 365) and child 50 (AED 182.5), no trip price, no nets: what a test overrides. */
const periodOf = (over: Partial<PeriodPriceFields> = {}): PeriodPriceFields => ({
  id: 7, vat: 5, convRate: 3.65, convType: 'multiply', defaultCommission: 20,
  netCommissionPerAdult: null, netCommissionPerChild: null, netCommissionPerTrip: null,
  pricePerAdultRecUsdVat: 100, pricePerChildRecUsdVat: 50, pricePerTripRecUsdVat: null,
  pricePerAdultNetUsdVat: null, pricePerChildNetUsdVat: null, pricePerTripNetUsdVat: null,
  pricePerAdultRecAedVat: 365, pricePerChildRecAedVat: 182.5, pricePerTripRecAedVat: null,
  pricePerAdultNetAedVat: null, pricePerChildNetAedVat: null, pricePerTripNetAedVat: null,
  ...over,
});

describe('the commission the agent earns (spec 01 §4: an empty commission clears the net prices)', () => {
  it("is 0 on a kind whose commission is empty (net = publish), not the account's default", () => {
    const p = unitPricesOf(periodOf({ pricePerChildNetUsdVat: 35, pricePerChildNetAedVat: 127.75, netCommissionPerChild: 30 }), null);
    expect(p).toMatchObject({ adultNetUsd: 100, commission: 0, commissionSource: 'period' });
    expect(commissionsOf(p)).toEqual({ adult: 0, child: 30, trip: 0 });
    expect(offerPriceFields(p)).toMatchObject({ commission: 0, commissionPerAdult: 0, commissionPerChild: 30, commissionPerTrip: 0 });
  });

  it("is the adult's when set, the trip's for a ticket priced per trip only, and the contract's for every kind", () => {
    const adult = unitPricesOf(periodOf({ pricePerAdultNetUsdVat: 80, pricePerAdultNetAedVat: 292, netCommissionPerAdult: 20 }), null);
    expect(offerPriceFields(adult)).toMatchObject({ commission: 20, commissionPerAdult: 20, commissionPerChild: 0 });
    const trip = unitPricesOf(
      periodOf({ pricePerAdultRecUsdVat: null, pricePerAdultRecAedVat: null, pricePerChildRecUsdVat: null, pricePerChildRecAedVat: null, pricePerTripRecUsdVat: 260, pricePerTripRecAedVat: 949, pricePerTripNetUsdVat: 221, pricePerTripNetAedVat: 806.65, netCommissionPerTrip: 15 }),
      null,
    );
    expect(offerPriceFields(trip)).toMatchObject({ commission: 15, commissionPerTrip: 15, commissionPerAdult: 0 });
    expect(commissionsOf(unitPricesOf(periodOf(), 25))).toEqual({ adult: 25, child: 25, trip: 25 });
  });
});

describe('a count whose kind has no price', () => {
  const noPrices = periodOf({ pricePerAdultRecUsdVat: null, pricePerAdultRecAedVat: null, pricePerChildRecUsdVat: null, pricePerChildRecAedVat: null });

  it('is named per field, so the booking refuses it rather than selling it for 0', () => {
    expect(unpricedCounts(noPrices, { adults: 2, children: 1 })).toEqual({ adults: [MISSING_PRICE_MESSAGES.adults], children: [MISSING_PRICE_MESSAGES.children] });
    expect(unpricedCounts(noPrices, { adults: 0, children: 0 })).toEqual({});
  });

  it('is priced by a trip price alone; zero children need no child price; the price answer still describes the period', () => {
    const tripPeriod = { ...noPrices, pricePerTripRecUsdVat: 260, pricePerTripRecAedVat: 949 };
    expect(unpricedCounts(tripPeriod, { adults: 2, children: 2 })).toEqual({});
    expect(bookingTotals(unitPricesOf(tripPeriod, null), { adults: 2, children: 2 })).toMatchObject({ totalUsd: 260 });
    const noChild = periodOf({ pricePerChildRecUsdVat: null, pricePerChildRecAedVat: null });
    expect(unpricedCounts(noChild, { adults: 2, children: 0 })).toEqual({});
    expect(unpricedCounts(noChild, { adults: 2, children: 1 })).toEqual({ children: [MISSING_PRICE_MESSAGES.children] });
    expect(offerPriceFields(unitPricesOf(noPrices, null))).toMatchObject({ pricePerAdultRec: 0, totalPublishRateUsd: 0 });
  });
});

describe('what the guest paid beyond a lowered price', () => {
  it('is nothing until the price went below what was paid; its AED is the one kept, else converted at the rate', () => {
    const prices = { convRate: 3.65 };
    expect(paidBeyondPrice({ prices })).toBeNull();
    expect(paidBeyondPrice({ paidBeyondPriceUsd: 0, prices })).toBeNull();
    expect(paidBeyondPrice({ paidBeyondPriceUsd: 74.79, paidBeyondPriceAed: 273, prices })).toEqual({ usd: 74.79, aed: 273 });
    expect(paidBeyondPrice({ paidBeyondPriceUsd: 10, prices })).toEqual({ usd: 10, aed: 36.5 });
  });
});
