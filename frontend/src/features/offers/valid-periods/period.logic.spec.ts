import { editCommission, editNet, editRecommended, validatePrices } from '@tbo/catalog/src/pricing/price-model.pure';
import type { ValidPeriod } from '../api/valid-period.schema';
import { businessDate, draftOf, draftProblems, flatFromPrices, money, newDraft, noonOf, priceField, priceText, pricesFromFlat, replacePeriod, sameSettings, settingsOfAccount, toPeriodInput } from './period.logic';

const account = settingsOfAccount({ taxes: [{ name: 'VAT', amount: 5, amountK: 1.05 }], defaultCommission: 20, currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' } });

describe('valid period editor logic', () => {
  it("shows the periods' prices as the tickets tab does, in the interface language's number format", () => {
    expect(money(1234.5, 'en')).toBe('1,234.50');
    expect(money(1234.5, 'ru').replace(/\s/g, ' ')).toBe('1 234,50');
    expect(money(null, 'ru')).toBe('—');
  });

  it('reads the account settings: VAT 5 %, 3.65 multiply, commission 20 %', () => {
    expect(account).toEqual({ vatPercent: 5, vatK: 1.05, convRate: 3.65, convType: 'multiply', defaultCommission: 20 });
  });

  it("prices with the tax the server takes as the VAT: the one named 'VAT' (any case), else the first", () => {
    const settings = (taxes: { name: string; amount: number; amountK: number }[]) =>
      settingsOfAccount({ taxes, defaultCommission: 20, currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' } });
    expect(settings([{ name: 'Tourism dirham', amount: 10, amountK: 1.1 }, { name: ' vat ', amount: 5, amountK: 1.05 }])).toMatchObject({ vatPercent: 5, vatK: 1.05 });
    expect(settings([{ name: 'Sales tax', amount: 7, amountK: 1.07 }, { name: 'City fee', amount: 2, amountK: 1.02 }])).toMatchObject({ vatPercent: 7, vatK: 1.07 });
    expect(settings([])).toMatchObject({ vatPercent: 0, vatK: 1 });
  });

  it('a new period starts today at noon (Dubai) and ends one month later, with the default commission', () => {
    const d = newDraft(new Date('2026-11-22T01:00:00Z'), account, 0);
    expect(d).toMatchObject({ id: 0, start: '22.11.2026', end: '22.12.2026' });
    expect(d.prices.commissions).toEqual({ adult: 20, child: 20, trip: 20 });
    expect(toPeriodInput(d, 5, 7)).toMatchObject({ version: 7, offerId: 5, periodStart: '2026-11-22T08:00:00.000Z', periodEnd: '2026-12-22T08:00:00.000Z', netCommissionPerAdult: 20, pricePerAdultRecUsd: null });
  });

  it('dates: DD.MM.YYYY ⇄ noon in Dubai', () => {
    expect(noonOf('01.12.2026')).toBe('2026-12-01T08:00:00.000Z');
    expect(noonOf('31.02.2026')).toBeNull();
    expect(noonOf('1.12.2026')).toBeNull();
    expect(businessDate('2026-12-01T08:00:00.000Z')).toBe('01.12.2026');
    expect(businessDate('2026-11-30T21:00:00.000Z')).toBe('01.12.2026');
    expect(businessDate('nope')).toBe('');
  });

  it('flags bad dates, an end not after the start, and an advance payment outside 0–100', () => {
    const d = newDraft(new Date('2026-11-22T10:00:00Z'), account, 0);
    expect(draftProblems(d)).toEqual([]);
    expect(draftProblems({ ...d, start: '', end: '22.13.2026' })).toEqual(['start', 'end']);
    expect(draftProblems({ ...d, end: d.start })).toEqual(['order']);
    expect(draftProblems({ ...d, minimumAdvancedPayment: 101 })).toEqual(['advancePayment']);
  });

  it('typing recommended adult $ with VAT 100 gives the spec numbers through the shared model, and they round-trip flat', () => {
    let p = newDraft(new Date(), account, 0).prices;
    p = editRecommended(p, 'adult', 'usdVat', 100, account);
    expect(p.recommended.adult).toEqual({ usdVat: 100, usd: 95.2381, aedVat: 365, aed: 347.619 });
    expect(p.net.adult).toEqual({ usdVat: 80, usd: 76.1905, aedVat: 292, aed: 278.0952 });
    const flat = flatFromPrices(p);
    expect(flat).toMatchObject({ pricePerAdultRecUsdVat: 100, pricePerAdultRecAed: 347.619, pricePerAdultNetUsdVat: 80, netCommissionPerAdult: 20, netCommissionPerChild: 20, pricePerChildRecUsd: null });
    expect(pricesFromFlat(flat)).toEqual({ ...p, typed: undefined });
    expect(validatePrices(p, account).ok).toBe(true);
    p = editNet(p, 'adult', 'usdVat', 70, account);
    expect(p.commissions.adult).toBe(30);
    p = editCommission(p, 'adult', null, account);
    expect(p.net.adult).toEqual({ usdVat: null, usd: null, aedVat: null, aed: null });
  });

  it('reads a saved period with its own settings and replaces it in the list', () => {
    const saved = { id: 4, offerId: 1, periodStart: '2026-12-01T08:00:00.000Z', periodEnd: '2027-01-01T08:00:00.000Z', minimumAdvancedPayment: 30, vat: 10, vatK: 1.1, convRate: 4, convType: 'multiply', defaultCommission: 15, ...flatFromPrices(newDraft(new Date(), account, 0).prices) } as ValidPeriod;
    const d = draftOf(saved);
    expect(d).toMatchObject({ id: 4, start: '01.12.2026', end: '01.01.2027', minimumAdvancedPayment: 30, settings: { vatPercent: 10, convRate: 4, defaultCommission: 15 } });
    expect(sameSettings(d.settings, account)).toBe(false);
    const other = { ...saved, id: 5 };
    expect(replacePeriod([saved, other], { ...saved, minimumAdvancedPayment: 50 }).map((p) => [p.id, p.minimumAdvancedPayment])).toEqual([
      [4, 50],
      [5, 30],
    ]);
    expect(replacePeriod([saved], other)).toHaveLength(2);
  });

  it('names the flat fields and shows prices with 4 decimals', () => {
    expect(priceField('child', 'net', 'aedVat')).toBe('pricePerChildNetAedVat');
    expect(priceText(347.619)).toBe('347.6190');
    expect(priceText(null)).toBe('');
  });
});
