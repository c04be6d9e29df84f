import { summaryColumns, summaryOfPeriods, withPeriod, type OfferPeriodSummary } from './offers.projection';

const p = (id: number, periodEnd: string, adult: number | null = id * 10): OfferPeriodSummary => ({ id, periodEnd, pricePerAdultRecUsd: adult, pricePerChildRecUsd: null, pricePerTripRecUsd: null });

describe('offers projection: the summary valid period', () => {
  it('is the period ending last, the first of equals; none without periods', () => {
    expect(summaryOfPeriods([])).toBeNull();
    expect(summaryOfPeriods([p(1, '2027-01-01T08:00:00.000Z'), p(2, '2027-02-01T08:00:00.000Z'), p(3, '2026-12-01T08:00:00.000Z')])?.id).toBe(2);
    expect(summaryOfPeriods([p(1, '2027-01-01T08:00:00.000Z'), p(2, '2027-01-01T08:00:00.000Z')])?.id).toBe(1);
  });

  it('follows a saved period: replaced in place, new ones appended', () => {
    let list = withPeriod([], p(1, '2027-01-01T08:00:00.000Z'));
    list = withPeriod(list, p(2, '2026-12-01T08:00:00.000Z'));
    expect(summaryColumns(list)).toEqual({ price_per_adult_rec_usd: 10, price_per_child_rec_usd: null, price_per_trip_rec_usd: null, period_end: '2027-01-01T08:00:00.000Z' });
    list = withPeriod(list, p(2, '2027-03-01T08:00:00.000Z', 99));
    expect(list.map((x) => x.id)).toEqual([1, 2]);
    expect(summaryColumns(list)).toMatchObject({ price_per_adult_rec_usd: 99, period_end: '2027-03-01T08:00:00.000Z' });
    expect(summaryColumns([])).toEqual({ price_per_adult_rec_usd: null, price_per_child_rec_usd: null, price_per_trip_rec_usd: null, period_end: null });
  });
});
