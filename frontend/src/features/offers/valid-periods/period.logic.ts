import {
  BUSINESS_UTC_OFFSET_HOURS,
  emptyPrices,
  newValidPeriod,
  PRICE_KINDS,
  round4,
  type PriceKind,
  type PriceSettings,
  type PriceVariant,
  type ValidPeriodPrices,
} from '@tbo/catalog/src/pricing/price-model.pure';
import type { AccountSettings, FlatPrices, ValidPeriod, ValidPeriodInput } from '../api/offer.types';

/**
 * The valid period editor's pure side: the API's flat 24 prices ⇄ the shared price model's shape, the settings a
 * period is priced with, and its dates (DD.MM.YYYY on screen, noon in Dubai on the wire). The math itself is the
 * shared price model's (modules/catalog/src/pricing/price-model.pure.ts), never repeated here.
 */

/** The grid's column order for one kind: $ with VAT, $, AED with VAT, AED (what Tab walks through). */
export const GRID_VARIANTS: readonly PriceVariant[] = ['usdVat', 'usd', 'aedVat', 'aed'];

const KIND_NAME: Record<PriceKind, 'Adult' | 'Child' | 'Trip'> = { adult: 'Adult', child: 'Child', trip: 'Trip' };
const VARIANT_NAME: Record<PriceVariant, 'AedVat' | 'Aed' | 'UsdVat' | 'Usd'> = { aedVat: 'AedVat', aed: 'Aed', usdVat: 'UsdVat', usd: 'Usd' };

/** e.g. ('adult', 'rec', 'usdVat') → 'pricePerAdultRecUsdVat'. */
export const priceField = (kind: PriceKind, side: 'rec' | 'net', variant: PriceVariant) => `pricePer${KIND_NAME[kind]}${side === 'rec' ? 'Rec' : 'Net'}${VARIANT_NAME[variant]}` as keyof FlatPrices;
export const commissionField = (kind: PriceKind) => `netCommissionPer${KIND_NAME[kind]}` as keyof FlatPrices;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function pricesFromFlat(p: Partial<FlatPrices>): ValidPeriodPrices {
  const out = emptyPrices(null);
  for (const kind of PRICE_KINDS) {
    for (const v of GRID_VARIANTS) {
      out.recommended[kind][v] = num(p[priceField(kind, 'rec', v)]);
      out.net[kind][v] = num(p[priceField(kind, 'net', v)]);
    }
    out.commissions[kind] = num(p[commissionField(kind)]);
  }
  return out;
}

export function flatFromPrices(p: ValidPeriodPrices): FlatPrices {
  const out = {} as Record<keyof FlatPrices, number | null>;
  for (const kind of PRICE_KINDS) {
    for (const v of GRID_VARIANTS) {
      out[priceField(kind, 'rec', v)] = p.recommended[kind][v];
      out[priceField(kind, 'net', v)] = p.net[kind][v];
    }
    out[commissionField(kind)] = p.commissions[kind];
  }
  return out as FlatPrices;
}

/** The settings a period is priced with, as shown above the grid. */
export interface PeriodSettings extends PriceSettings {
  vatK: number;
  defaultCommission: number;
}

export function settingsOfPeriod(p: Pick<ValidPeriod, 'vat' | 'vatK' | 'convRate' | 'convType' | 'defaultCommission'>): PeriodSettings {
  return { vatPercent: p.vat, vatK: p.vatK, convRate: p.convRate, convType: p.convType, defaultCommission: p.defaultCommission };
}

/** The account's current settings (the first tax is the VAT). */
export function settingsOfAccount(a: AccountSettings): PeriodSettings {
  const vat = a.taxes[0]?.amount ?? 0;
  return {
    vatPercent: vat,
    vatK: a.taxes[0]?.amountK ?? round4(1 + vat / 100),
    convRate: a.currencyConversionSettings.convRate,
    convType: a.currencyConversionSettings.convType,
    defaultCommission: a.defaultCommission,
  };
}

export const sameSettings = (a: PeriodSettings, b: PeriodSettings) => a.vatPercent === b.vatPercent && a.convRate === b.convRate && a.convType === b.convType;

const pad = (n: number) => String(n).padStart(2, '0');
const OFFSET_MS = BUSINESS_UTC_OFFSET_HOURS * 3_600_000;

/** An instant → its date in Dubai as DD.MM.YYYY ('' when unreadable). */
export function businessDate(iso: string | null | undefined): string {
  const t = Date.parse(iso ?? '');
  if (Number.isNaN(t)) return '';
  const d = new Date(t + OFFSET_MS);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

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

export function toPeriodInput(d: PeriodDraft, offerId: number): ValidPeriodInput {
  return {
    id: d.id,
    offerId,
    periodStart: noonOf(d.start) ?? '',
    periodEnd: noonOf(d.end) ?? '',
    minimumAdvancedPayment: d.minimumAdvancedPayment ?? 0,
    ...flatFromPrices(d.prices),
  };
}

/** Saving a period replaces it in the offer's list (or adds it), in start order. */
export function replacePeriod(list: readonly ValidPeriod[], saved: ValidPeriod): ValidPeriod[] {
  const i = list.findIndex((p) => p.id === saved.id);
  const next = i < 0 ? [...list, saved] : list.map((p, j) => (j === i ? saved : p));
  return next;
}

/** A price as an input shows it: the model's value to 4 decimals. */
export const priceText = (v: number | null | undefined): string => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(4) : '');

/** Money elsewhere: 2 decimals. */
export const money = (v: number | null | undefined): string => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : '—');
