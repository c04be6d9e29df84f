import { bookingTotals, type UnitPrices } from '@tbo/booking';
import type { DocumentFacts } from './document-facts';
import { invoiceTotalRows } from './invoice-totals';

const prices: UnitPrices = {
  validPeriodId: 1, vat: 5, convRate: 3.65, commission: 20, commissionSource: 'period',
  adultRecUsd: 100, childRecUsd: 50, tripRecUsd: 0, adultNetUsd: 80, childNetUsd: 40, tripNetUsd: 0,
  adultRecAed: 365, childRecAed: 182.5, tripRecAed: 0, adultNetAed: 292, childNetAed: 146, tripNetAed: 0,
};
const counts = { adults: 2, children: 0, infants: 0, foc: 0 };
const facts = (view: Record<string, unknown>, cancelled = false) =>
  ({ agencyName: 'Gulf Horizons', booking: { cancelled, view: { ...counts, prices, totals: bookingTotals(prices, counts), paid: 20, paidOrig: 73, paidTo: 'agency', collect: 180, collectOrig: 657, collectTo: 'agency', cancellation: null, ...view } } }) as unknown as Pick<DocumentFacts, 'booking' | 'agencyName'>;
const rows = (f: ReturnType<typeof facts>) => invoiceTotalRows(f).map((r) => [r.label, r.usd, r.aed]);

describe("the invoice's totals", () => {
  it('a booking in force: the total with its VAT, the commission, the net, paid and to collect', () => {
    expect(rows(facts({}))).toEqual([
      ['Total excluding VAT', 190.48, 695.24],
      ['VAT 5%', 9.52, 34.76],
      ['Total including VAT', 200, 730],
      ['Agency commission 20%', 40, 146],
      ['Net due from the agency', 160, 584],
      ['Paid (held by the agency)', 20, 73],
      ['To collect on the day (by the agency)', 180, 657],
    ]);
  });

  it('a cancelled booking bills its fee only, with the VAT of the fee, not of the booked total', () => {
    const cancellation = { penaltyPercent: 50, penaltyUsd: 100, penaltyAed: 365, refundUsd: 100, refundAed: 365 };
    expect(rows(facts({ cancellation }, true))).toEqual([
      ['Booked total including VAT', 200, 730],
      ['Not charged (refund of the total)', 100, 365],
      ['Cancellation fee 50% excluding VAT', 95.24, 347.62],
      ['VAT 5%', 4.76, 17.38],
      ['Cancellation fee 50% including VAT', 100, 365],
      ['Paid (held by the agency)', 20, 73],
      ['Due from the agency (the cancellation fee)', 100, 365],
    ]);
  });

  it('says what the guest paid beyond a lowered price, in the AED kept for it', () => {
    const labels = rows(facts({ paid: 250, paidOrig: 912.5, collect: 0, collectOrig: 0, paidBeyondPriceUsd: 50, paidBeyondPriceAed: 182.5 }));
    expect(labels).toContainEqual(['Paid beyond the price (to refund to the guest)', 50, 182.5]);
    expect(rows(facts({})).map(([label]) => label)).not.toContain('Paid beyond the price (to refund to the guest)');
  });

  it('a cancelled booking still owes back what was paid beyond its price, beside the refund of the total: all paid less the fee', () => {
    // Paid 250 for a price lowered to 200 (50 beyond it), then cancelled with a 10 % fee: 180 + 50 = 250 − 20.
    const cancellation = { penaltyPercent: 10, penaltyUsd: 20, penaltyAed: 73, refundUsd: 180, refundAed: 657 };
    const overpaid = { cancellation, paid: 250, paidOrig: 912.5, collect: 0, collectOrig: 0, paidBeyondPriceUsd: 50, paidBeyondPriceAed: 182.5 };
    const all = rows(facts(overpaid, true));
    const amount = (label: string) => all.find(([l]) => l === label)!;
    expect(all.slice(0, 3)).toEqual([
      ['Booked total including VAT', 200, 730],
      ['Not charged (refund of the total)', 180, 657],
      ['Paid beyond the price (to refund to the guest)', 50, 182.5],
    ]);
    const owed = [amount('Not charged (refund of the total)'), amount('Paid beyond the price (to refund to the guest)')];
    const fee = amount('Due from the agency (the cancellation fee)');
    expect(owed.reduce((sum, [, usd]) => sum + Number(usd), 0)).toBe(250 - Number(fee[1]));
    expect(owed.reduce((sum, [, , aed]) => sum + Number(aed), 0)).toBe(912.5 - Number(fee[2]));
  });
});
