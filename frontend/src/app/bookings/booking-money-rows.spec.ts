import { loadLocale, localeText as at } from '../../test-support/locale-files.testing';
import { isDirectSale, netAndCommissionKeys, owedBackOnCancel } from './booking-money-rows';

describe("a direct sale's net and commission on the booking pages", () => {
  const operator = { net: 'fields.net', commission: 'fields.agencyCommission' };
  it("are the staff's when no agency sold it, the agency's otherwise (an answer without agencyId is an agency's)", () => {
    expect(isDirectSale({ agencyId: null })).toBe(true);
    expect(isDirectSale({ agencyId: 7 })).toBe(false);
    expect(isDirectSale({})).toBe(false);
    expect(netAndCommissionKeys({ agencyId: null }, operator)).toEqual({ net: 'fields.netDirect', commission: 'fields.staffCommission' });
    expect(netAndCommissionKeys({ agencyId: 7 }, operator)).toEqual(operator);
  });

  it.each([
    ['en', 'booking-details', 'Staff commission', 'Net after the staff commission'],
    ['ru', 'booking-details', 'Комиссия сотрудника', 'Нетто за вычетом комиссии сотрудника'],
    ['en', 'agent-booking-details', 'Staff commission', 'Net total after the staff commission'],
    ['ru', 'agent-booking-details', 'Комиссия сотрудника', 'Итого нетто за вычетом комиссии сотрудника'],
  ])('never name the agency in %s %s', (lang, ns, commission, net) => {
    const words = loadLocale(lang, ns);
    expect([at(words, 'fields.staffCommission'), at(words, 'fields.netDirect')]).toEqual([commission, net]);
  });
});

describe('what a cancelled booking owes back to the guest', () => {
  // Paid 170 for a total lowered to 45 (125 beyond it), then cancelled with the whole total refunded.
  const cancellation = { refundUsd: 45, refundAed: 164.25, penaltyUsd: 0, penaltyAed: 0 };
  const overpaid = { cancellation, paid: 170, paidOrig: 620.5, paidBeyondPriceUsd: 125, paidBeyondPriceAed: 456.25, prices: { convRate: 3.65 } };

  it('keeps what was paid beyond the price beside the refund of the total: together, what was paid less the fee', () => {
    const owed = owedBackOnCancel(overpaid)!;
    expect(owed).toEqual({ refund: { usd: 45, aed: 164.25 }, beyondPrice: { usd: 125, aed: 456.25 } });
    expect(owed.refund.usd + owed.beyondPrice!.usd).toBe(overpaid.paid - cancellation.penaltyUsd);
    expect(owed.refund.aed + owed.beyondPrice!.aed).toBe(overpaid.paidOrig - cancellation.penaltyAed);
  });

  it('is the refund alone when nothing was paid beyond the price, and nothing for a booking not cancelled', () => {
    expect(owedBackOnCancel({ ...overpaid, paidBeyondPriceUsd: 0, paidBeyondPriceAed: 0 })).toEqual({ refund: { usd: 45, aed: 164.25 }, beyondPrice: null });
    expect(owedBackOnCancel({ ...overpaid, cancellation: null })).toBeNull();
  });

  it.each([
    ['en', 'Paid beyond the price (to refund to the guest) USD 125.00'],
    ['ru', 'Оплачено сверх цены (вернуть гостю) USD 125.00'],
  ])("the agent's page says it beside the refund in %s", (lang, text) => {
    expect(String(at(loadLocale(lang, 'agent-booking-details'), 'cancel.paidBeyond')).replace('{{amount}}', 'USD 125.00')).toBe(text);
  });
});
