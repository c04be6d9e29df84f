import type { PricingSettings, ValidPeriodInput } from './offer';

/*
 * The valid periods the offer deciders' specs save: offer 9 of supplier 5, December 2026, priced as the demo account
 * sets prices (VAT 5 %, 3.65 AED per USD), adult USD with VAT 100 and no net prices unless a spec says otherwise.
 */
export const PERIOD_SETTINGS: PricingSettings = { vat: 5, vatK: 1.05, convRate: 3.65, convType: 'multiply', defaultCommission: 20 };

/** Every price of a period, empty. */
export const NULL_PRICES = Object.fromEntries(
  ['Adult', 'Child', 'Trip'].flatMap((k) => ['Rec', 'Net'].flatMap((r) => ['AedVat', 'Aed', 'UsdVat', 'Usd'].map((v) => [`pricePer${k}${r}${v}`, null]))),
) as unknown as ValidPeriodInput;

export const ADULT_PRICES = { pricePerAdultRecAedVat: 365, pricePerAdultRecAed: 347.619, pricePerAdultRecUsdVat: 100, pricePerAdultRecUsd: 95.2381 };

export const periodInput = (over: Partial<ValidPeriodInput> = {}): ValidPeriodInput => ({
  ...NULL_PRICES,
  id: 40,
  offerId: 9,
  periodStart: '2026-12-01T08:00:00.000Z',
  periodEnd: '2027-01-01T08:00:00.000Z',
  minimumAdvancedPayment: 0,
  ...ADULT_PRICES,
  netCommissionPerAdult: null,
  netCommissionPerChild: null,
  netCommissionPerTrip: null,
  ...over,
});

/** The SaveValidPeriod command of such a period. */
export const savePeriod = (over: Partial<ValidPeriodInput> = {}, isNew = true) => ({ type: 'SaveValidPeriod' as const, id: 9, supplierId: 5, isNew, period: periodInput(over), settings: PERIOD_SETTINGS });
