import { agencyReceivableAed, offerPriceFields, unitPricesOf } from './booking-money.pure';

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
      commission: 25,
      totalNetPriceUsd: 82.5, totalNetPriceAed: 301.13, totalPublishRateUsd: 110, totalPublishRateAed: 401.5,
    });
  });
});
