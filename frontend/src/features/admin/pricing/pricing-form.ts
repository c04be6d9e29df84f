import { z } from 'zod';
import { variantsFrom, vatTaxOf } from '@tbo/catalog/src/pricing/price-model.pure';
import type { AccountSettings } from '../../../app/supplier/account-settings';

/** What the Pricing tab edits of the account settings: the VAT, the default commission and the conversion. */
export interface PricingForm {
  vat: number | null;
  defaultCommission: number | null;
  convRate: number | null;
  convType: 'multiply' | 'divide';
}

/** The API's own bounds (account-settings.commands.ts), checked before sending. */
export const PRICING_LIMITS = { percentMax: 100, convRateMax: 1_000_000 } as const;

export type PricingMessageKey = 'vat' | 'commission' | 'convRate';

const inRange = (min: number, max: number, aboveMin = false) => (v: number | null) => typeof v === 'number' && Number.isFinite(v) && (aboveMin ? v > min : v >= min) && v <= max;

export function pricingSchema(say: (key: PricingMessageKey) => string) {
  return z.object({
    vat: z.number().nullable().refine(inRange(0, PRICING_LIMITS.percentMax), say('vat')),
    defaultCommission: z.number().nullable().refine(inRange(0, PRICING_LIMITS.percentMax), say('commission')),
    convRate: z.number().nullable().refine(inRange(0, PRICING_LIMITS.convRateMax, true), say('convRate')),
    convType: z.enum(['multiply', 'divide']),
  });
}

export function pricingFormOf(s: AccountSettings): PricingForm {
  return {
    vat: vatTaxOf(s.taxes)?.amount ?? 0,
    defaultCommission: s.defaultCommission,
    convRate: s.currencyConversionSettings.convRate,
    convType: s.currencyConversionSettings.convType,
  };
}

/**
 * The settings to save: the form's values over what was read. The VAT is the tax the prices use (named 'VAT', else
 * the first: vatTaxOf, as the period editor and the server read it); other taxes are kept as they are.
 */
export function settingsOf(read: AccountSettings, f: PricingForm): AccountSettings {
  const vat = f.vat ?? 0;
  const current = vatTaxOf(read.taxes);
  const taxes = current ? read.taxes.map((t) => (t === current ? { ...t, amount: vat } : t)) : [{ name: 'VAT', amount: vat, amountK: 1 + vat / 100 }];
  return {
    taxes,
    defaultCommission: f.defaultCommission ?? 0,
    currencyConversionSettings: { ...read.currencyConversionSettings, convRate: f.convRate ?? 0, convType: f.convType },
  };
}

/** The amount the rate's example converts. */
export const EXAMPLE_USD = 100;

/** The example beside the rate: what USD 100 is in AED with these settings (the price model's own conversion). */
export function exampleOf(f: PricingForm): number | null {
  return f.convRate && f.convRate > 0 ? variantsFrom('usd', EXAMPLE_USD, { vatPercent: 0, convRate: f.convRate, convType: f.convType }).aed : null;
}
