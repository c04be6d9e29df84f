import { bookingTotals, type UnitPrices } from '@tbo/booking/src/pure/booking-money.pure';
import type { OctoUnitId, UnitCounts } from './octo-units.pure';

/**
 * OCTO pricing (octo/pricing) from a booking's unit prices: the valid period's prices with VAT, retail
 * (recommended) and net at the agency's commission, in USD or AED, as integers of the currency's minor unit
 * (cents, fils). An offer's trip price is per booking: it is in a booking's total but in no unit's price. Pure.
 */
export type OctoCurrency = 'USD' | 'AED';
export const OCTO_CURRENCIES: readonly OctoCurrency[] = ['USD', 'AED'];
export const OCTO_DEFAULT_CURRENCY: OctoCurrency = 'USD';

export interface OctoTax {
  name: string;
  retail: number;
  original: number;
  net: number | null;
}

export interface OctoPricing {
  original: number;
  retail: number;
  net: number | null;
  currency: OctoCurrency;
  currencyPrecision: number;
  includedTaxes: OctoTax[];
}

export interface OctoUnitPricing extends OctoPricing {
  unitId: OctoUnitId;
}

const PRECISION = 2;
const minor = (amount: number) => Math.round(amount * 10 ** PRECISION);

/** A price with VAT included, its VAT part named as the period states it. */
export function pricing(retail: number, net: number, vat: number, currency: OctoCurrency): OctoPricing {
  const r = minor(retail);
  const n = minor(net);
  const taxOf = (x: number) => x - Math.round(x / (1 + vat / 100));
  return {
    original: r,
    retail: r,
    net: n,
    currency,
    currencyPrecision: PRECISION,
    includedTaxes: vat > 0 && r > 0 ? [{ name: `VAT ${vat}%`, retail: taxOf(r), original: taxOf(r), net: taxOf(n) }] : [],
  };
}

/** One unit's price: an infant is free. */
export function unitPricing(p: UnitPrices, unitId: OctoUnitId, currency: OctoCurrency): OctoUnitPricing {
  const usd = currency === 'USD';
  const [retail, net] =
    unitId === 'adult' ? (usd ? [p.adultRecUsd, p.adultNetUsd] : [p.adultRecAed, p.adultNetAed]) : unitId === 'child' ? (usd ? [p.childRecUsd, p.childNetUsd] : [p.childRecAed, p.childNetAed]) : [0, 0];
  return { unitId, ...pricing(retail, net, p.vat, currency) };
}

/** The whole booking's price for these counts: the units' and the trip price once. */
export function bookingPricing(p: UnitPrices, c: UnitCounts, currency: OctoCurrency): OctoPricing {
  const t = bookingTotals(p, c);
  return currency === 'USD' ? pricing(t.totalUsd, t.netUsd, p.vat, currency) : pricing(t.totalAed, t.netAed, p.vat, currency);
}

/** The currency a request asked for: USD unless AED; null for one we do not sell in. */
export function currencyOf(asked: unknown): OctoCurrency | null {
  if (asked === undefined || asked === null || asked === '') return OCTO_DEFAULT_CURRENCY;
  return typeof asked === 'string' && (OCTO_CURRENCIES as readonly string[]).includes(asked.toUpperCase()) ? (asked.toUpperCase() as OctoCurrency) : null;
}
