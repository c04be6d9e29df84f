import { exampleOf, pricingFormOf, pricingSchema, settingsOf } from './pricing-form';

const read = {
  taxes: [
    { name: 'Tourism Dirham', amount: 2, amountK: 1.02 },
    { name: 'VAT', amount: 5, amountK: 1.05 },
  ],
  defaultCommission: 20,
  currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' as const },
};

describe('the pricing tab', () => {
  it("edits the tax named VAT and keeps the others; keeps the currencies", () => {
    const form = pricingFormOf(read);
    expect(form).toEqual({ vat: 5, defaultCommission: 20, convRate: 3.65, convType: 'multiply' });
    expect(settingsOf(read, { ...form, vat: 7.5, defaultCommission: 15, convRate: 0.274, convType: 'divide' })).toEqual({
      taxes: [
        { name: 'Tourism Dirham', amount: 2, amountK: 1.02 },
        { name: 'VAT', amount: 7.5, amountK: 1.05 },
      ],
      defaultCommission: 15,
      currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 0.274, convType: 'divide' },
    });
    // No tax at all: the VAT is added.
    expect(settingsOf({ ...read, taxes: [] }, form).taxes).toEqual([{ name: 'VAT', amount: 5, amountK: 1.05 }]);
  });

  it('shows USD 100 in AED by the rate and its direction', () => {
    expect(exampleOf({ vat: 5, defaultCommission: 20, convRate: 3.65, convType: 'multiply' })).toBe(365);
    expect(exampleOf({ vat: 5, defaultCommission: 20, convRate: 0.274, convType: 'divide' })).toBe(364.9635);
    expect(exampleOf({ vat: 5, defaultCommission: 20, convRate: null, convType: 'multiply' })).toBeNull();
  });

  it('refuses what the API would: percents outside 0–100, a rate of 0 or none', () => {
    const schema = pricingSchema((key) => key);
    const problems = (f: object) => (schema.safeParse(f).error?.issues ?? []).map((i) => i.message);
    expect(problems({ vat: 5, defaultCommission: 20, convRate: 3.65, convType: 'multiply' })).toEqual([]);
    expect(problems({ vat: 101, defaultCommission: null, convRate: 0, convType: 'divide' })).toEqual(['vat', 'commission', 'convRate']);
  });
});
