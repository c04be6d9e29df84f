import { bookingTotals, type UnitPrices } from '@tbo/booking';
import type { DocumentFacts } from './document-facts';
import { invoiceLines } from './invoice.document';
import { lineAmountsAddingUp } from './invoice-amounts';

const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b * 100, 0)) / 100;

describe('invoice line amounts that add up to the booking total', () => {
  it('gives the cent the per-line rounding loses to the line that lost most: 2 × 10.0015 + 1 × 5.0026 is 20.01 + 5.00 = 25.01', () => {
    // Rounded one by one: 20.00 (20.003) + 5.00 (5.0026) = 25.00, a cent short of the total (round2(25.0056) = 25.01).
    const amounts = lineAmountsAddingUp([2 * 10.0015, 1 * 5.0026], 25.01);
    expect(amounts).toEqual([20.01, 5]);
    expect(sum(amounts)).toBe(25.01);
  });

  it('takes nothing away when rounding each line already adds up, and keeps whole-cent prices as they are', () => {
    expect(lineAmountsAddingUp([2 * 150, 1 * 75.5, 20], 395.5)).toEqual([300, 75.5, 20]);
    expect(lineAmountsAddingUp([3 * 33.3333], 100)).toEqual([100]);
  });

  it('spreads several lost cents, one a line, largest remainder first and the earlier line on a tie', () => {
    // 0.005 + 0.005 + 0.005 = 0.015 → 0.02: two of the three half cents come back, the first two lines'.
    expect(lineAmountsAddingUp([0.005, 0.005, 0.005], 0.02)).toEqual([0.01, 0.01, 0]);
    expect(lineAmountsAddingUp([1.0049, 1.0001, 1.0049], 3.01)).toEqual([1.01, 1, 1]);
  });

  it('puts a difference the rounding cannot explain on the last line, so the lines still add up to the total printed', () => {
    expect(lineAmountsAddingUp([10, 5], 15.5)).toEqual([10, 5.5]);
    expect(lineAmountsAddingUp([10, 5], 14)).toEqual([10, 4]);
    expect(lineAmountsAddingUp([], 0)).toEqual([]);
  });

  it('always adds up exactly, whatever the 4-decimal prices and counts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 2000; n++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => Math.floor(next() * 9) * (Math.round(next() * 5_000_000) / 10_000));
      const total = Math.round(lines.reduce((a, b) => a + b, 0) * 100 * (1 + Number.EPSILON)) / 100;
      const amounts = lineAmountsAddingUp(lines, total);
      expect(sum(amounts)).toBe(total);
      for (const [i, a] of amounts.entries()) expect(Math.abs(a - lines[i]!)).toBeLessThan(0.01 + 1e-9);
    }
  });
});

describe("the invoice's lines", () => {
  it('add up to the totals of the booking, in USD and AED, with 4-decimal unit prices', () => {
    const prices: UnitPrices = {
      validPeriodId: 1, vat: 5, convRate: 3.6725, commission: 10, commissionSource: 'period',
      adultRecUsd: 10.0015, childRecUsd: 5.0026, tripRecUsd: 0, adultNetUsd: 9, childNetUsd: 4.5, tripNetUsd: 0,
      adultRecAed: 36.7305, childRecAed: 18.3721, tripRecAed: 0, adultNetAed: 33, childNetAed: 16.5, tripNetAed: 0,
    };
    const counts = { adults: 2, children: 1, infants: 0, foc: 0 };
    const totals = bookingTotals(prices, counts);
    expect(totals.totalUsd).toBe(25.01);
    const lines = invoiceLines({ booking: { view: { ...counts, prices, totals } } } as unknown as DocumentFacts);
    expect(lines.map((l) => [l.description, l.quantity, l.amountUsd])).toEqual([['Adults', 2, 20.01], ['Children', 1, 5]]);
    expect(sum(lines.map((l) => l.amountUsd))).toBe(totals.totalUsd);
    expect(sum(lines.map((l) => l.amountAed))).toBe(totals.totalAed);
  });
});
