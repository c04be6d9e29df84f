import { createEventRegistry, ValidPeriodPriced } from '@tbo/event-schemas';
import { editRecommended, defaultPriceSettings, emptyPrices } from './price-model.pure';
import { COMMISSION_FIELDS, flatFromPrices, PRICE_FIELDS, pricesFromFlat } from './flat-prices.pure';

describe('flat prices: the one mapping between the API/event fields and the price model', () => {
  it('names exactly the price and commission fields the ValidPeriodPriced event stores', () => {
    const stored = Object.keys(ValidPeriodPriced.shape).filter((k) => k.startsWith('pricePer') || k.startsWith('netCommissionPer'));
    expect([...PRICE_FIELDS, ...COMMISSION_FIELDS].sort()).toEqual(stored.sort());
    expect(PRICE_FIELDS).toHaveLength(24);
  });

  it('maps flat ⇄ nested without loss, and a valid event example round-trips', () => {
    const prices = editRecommended(emptyPrices(), 'adult', 'usdVat', 100, defaultPriceSettings());
    const flat = flatFromPrices(prices);
    expect(flat.pricePerAdultRecUsdVat).toBe(100);
    expect(flat.pricePerAdultRecAedVat).toBe(365);
    // The figures round-trip; which variant was typed is the editor's memory, not part of the API's shape.
    expect(pricesFromFlat(flat)).toEqual({ ...prices, typed: undefined });
    const example = createEventRegistry().definitions().find((d) => d.type === 'ValidPeriodPriced')!.example as Record<string, number | null>;
    expect(flatFromPrices(pricesFromFlat(example))).toEqual(Object.fromEntries([...PRICE_FIELDS, ...COMMISSION_FIELDS].map((f) => [f, example[f]])));
  });
});
