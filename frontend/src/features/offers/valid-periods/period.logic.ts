import {
  BUSINESS_UTC_OFFSET_HOURS,
  businessDateOf,
  emptyPrices,
  newValidPeriod,
  round4,
  type PriceSettings,
  type PriceVariant,
  vatTaxOf,
  type ValidPeriodPrices,
} from '@tbo/catalog/src/pricing/price-model.pure';
import { commissionField, flatFromPrices, priceField, pricesFromFlat } from '@tbo/catalog/src/pricing/flat-prices.pure';
import { formatMoney } from '../../../ui/format/number';
import type { AccountSettings } from '../api/get-account-settings';
import type { ValidPeriod, ValidPeriodInput } from '../api/valid-period.schema';

/**
 * The valid period editor's pure side: the API's flat 24 prices ⇄ the shared price model's shape, the settings a
 * period is priced with, and its dates (DD.MM.YYYY on screen, noon in Dubai on the wire). The math itself is the
 * shared price model's (modules/catalog/src/pricing/price-model.pure.ts), never repeated here.
 */

/** The grid's column order for one kind: $ with VAT, $, AED with VAT, AED (what Tab walks through). */
export const GRID_VARIANTS: readonly PriceVariant[] = ['usdVat', 'usd', 'aedVat', 'aed'];

export { commissionField, flatFromPrices, priceField, pricesFromFlat };

/** The settings a period is priced with, as shown above the grid. */
export interface PeriodSettings extends PriceSettings {
  vatK: number;
  defaultCommission: number;
}

export function settingsOfPeriod(p: Pick<ValidPeriod, 'vat' | 'vatK' | 'convRate' | 'convType' | 'defaultCommission'>): PeriodSettings {
  return { vatPercent: p.vat, vatK: p.vatK, convRate: p.convRate, convType: p.convType, defaultCommission: p.defaultCommission };
}

/** The account's current settings; the VAT is the tax the server prices with (named 'VAT', else the first). */
export function settingsOfAccount(a: AccountSettings): PeriodSettings {
  const tax = vatTaxOf(a.taxes);
  const vat = tax?.amount ?? 0;
  return {
    vatPercent: vat,
    vatK: tax?.amountK ?? round4(1 + vat / 100),
    convRate: a.currencyConversionSettings.convRate,
    convType: a.currencyConversionSettings.convType,
    defaultCommission: a.defaultCommission,
  };
}

export const sameSettings = (a: PeriodSettings, b: PeriodSettings) => a.vatPercent === b.vatPercent && a.convRate === b.convRate && a.convType === b.convType;

/** An instant → its date in Dubai as DD.MM.YYYY ('' when unreadable): the shared model's rule. */
export const businessDate = (iso: string | null | undefined): string => businessDateOf(iso);

/** DD.MM.YYYY → noon of that day in Dubai as an ISO instant; null unless a real date. */
export function noonOf(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d, 12 - BUSINESS_UTC_OFFSET_HOURS));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString();
}

/** What the editor holds while a period is edited. */
export interface PeriodDraft {
  id: number;
  start: string;
  end: string;
  minimumAdvancedPayment: number | null;
  prices: ValidPeriodPrices;
  settings: PeriodSettings;
}

/** A new period: today at noon (Dubai) to one month later, the account's settings and default commission. */
export function newDraft(now: Date, account: PeriodSettings, minimumAdvancedPayment: number): PeriodDraft {
  const { periodStart, periodEnd } = newValidPeriod(now);
  return { id: 0, start: businessDate(periodStart), end: businessDate(periodEnd), minimumAdvancedPayment, prices: emptyPrices(account.defaultCommission), settings: account };
}

export function draftOf(p: ValidPeriod): PeriodDraft {
  return { id: p.id, start: businessDate(p.periodStart), end: businessDate(p.periodEnd), minimumAdvancedPayment: p.minimumAdvancedPayment, prices: pricesFromFlat(p), settings: settingsOfPeriod(p) };
}

export type DraftProblem = 'start' | 'end' | 'order' | 'advancePayment';

/** What keeps a draft from being sent (the server checks the same and the prices). */
export function draftProblems(d: PeriodDraft): DraftProblem[] {
  const out: DraftProblem[] = [];
  const s = noonOf(d.start);
  const e = noonOf(d.end);
  if (!s) out.push('start');
  if (!e) out.push('end');
  if (s && e && !(Date.parse(e) > Date.parse(s))) out.push('order');
  const a = d.minimumAdvancedPayment;
  if (a !== null && (a < 0 || a > 100)) out.push('advancePayment');
  return out;
}

/** The draft as POST /api/validperiods takes it, with the offer's version the editor holds (a stale one answers 409). */
export function toPeriodInput(d: PeriodDraft, offerId: number, offerVersion: number | null): ValidPeriodInput {
  return {
    id: d.id,
    version: offerVersion,
    offerId,
    periodStart: noonOf(d.start) ?? '',
    periodEnd: noonOf(d.end) ?? '',
    minimumAdvancedPayment: d.minimumAdvancedPayment ?? 0,
    ...flatFromPrices(d.prices),
  };
}

/** Saving a period replaces it in the offer's list (or adds it): the decider's own rule. */
export { replacePeriod } from '@tbo/catalog/src/pure/offer-summary.pure';

/** A price as an input shows it: the model's value to 4 decimals. */
export const priceText = (v: number | null | undefined): string => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(4) : '');

/** Money elsewhere: 2 decimals, grouped and with the decimal sign of the interface language, as the tickets tab shows it. */
export const money = (v: number | null | undefined, lang?: string): string => (typeof v === 'number' && Number.isFinite(v) ? formatMoney(v, lang) : '—');
