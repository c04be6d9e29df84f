import { bookingTotals, type UnitPrices } from '@tbo/booking';
import type { DocumentFacts } from './document-facts';
import { invoiceLines } from './invoice.document';

const NO_PRICES: UnitPrices = {
  validPeriodId: 1, vat: 5, convRate: 3.65, commission: 20, commissionSource: 'period',
  adultRecUsd: 0, childRecUsd: 0, tripRecUsd: 0, adultNetUsd: 0, childNetUsd: 0, tripNetUsd: 0,
  adultRecAed: 0, childRecAed: 0, tripRecAed: 0, adultNetAed: 0, childNetAed: 0, tripNetAed: 0,
};
const facts = (priced: Partial<UnitPrices>, counts: { adults: number; children: number }) => {
  const prices = { ...NO_PRICES, ...priced };
  const all = { ...counts, infants: 0, foc: 0 };
  return { booking: { view: { ...all, prices, totals: bookingTotals(prices, all) } } } as unknown as DocumentFacts;
};
const lines = (f: DocumentFacts) => invoiceLines(f).map((l) => [l.description, l.quantity, l.amountUsd, l.amountAed]);

describe("the invoice's lines", () => {
  it('a ticket priced per trip only: the trip line, no adults line at 0.00', () => {
    expect(lines(facts({ tripRecUsd: 260, tripRecAed: 949 }, { adults: 2, children: 0 }))).toEqual([['Trip (per booking)', 1, 260, 949]]);
  });

  it('children the period lets go free have no line either (the Guests line counts them); priced ones do', () => {
    const adultsOnly = { adultRecUsd: 100, adultRecAed: 365 };
    expect(lines(facts(adultsOnly, { adults: 2, children: 1 }))).toEqual([['Adults', 2, 200, 730]]);
    expect(lines(facts({ ...adultsOnly, childRecUsd: 50, childRecAed: 182.5 }, { adults: 2, children: 1 }))).toEqual([
      ['Adults', 2, 200, 730],
      ['Children', 1, 50, 182.5],
    ]);
  });

  it('a booking with no price at all keeps its adults line, so the table still says what was sold', () => {
    expect(lines(facts({}, { adults: 2, children: 0 }))).toEqual([['Adults', 2, 0, 0]]);
  });
});
