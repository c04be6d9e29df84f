import type { OfferHistoryEntry } from '../api/offer.types';

export interface FieldName {
  periodId: number | null;
  name: string;
  /** A price: its kind, side and variant (pricePerAdultRecUsdVat → adult, rec, usdVat). */
  price?: { kind: 'adult' | 'child' | 'trip'; side: 'rec' | 'net'; variant: 'aedVat' | 'aed' | 'usdVat' | 'usd' };
  /** A commission: its kind (netCommissionPerTrip → trip). */
  commission?: 'adult' | 'child' | 'trip';
}

const lower = (s: string) => (s.charAt(0).toLowerCase() + s.slice(1)) as never;

/** 'validPeriods.12.pricePerAdultRecUsd' → period 12, field 'pricePerAdultRecUsd' (a price); other fields as they are. */
export function describeField(field: string): FieldName {
  const m = /^validPeriods\.(\d+)\.(.+)$/.exec(field);
  const out: FieldName = m ? { periodId: Number(m[1]), name: m[2] as string } : { periodId: null, name: field };
  const p = /^pricePer(Adult|Child|Trip)(Rec|Net)(AedVat|Aed|UsdVat|Usd)$/.exec(out.name);
  if (p) out.price = { kind: lower(p[1] as string), side: lower(p[2] as string), variant: lower(p[3] as string) };
  const c = /^netCommissionPer(Adult|Child|Trip)$/.exec(out.name);
  if (c) out.commission = lower(c[1] as string);
  return out;
}

const MAX_TEXT = 160;

/** A value as one short line: numbers as they are, text without markup, lists and objects as compact JSON; '' when empty. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const text = typeof v === 'string' ? v.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : JSON.stringify(v);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export function newestFirst(entries: readonly OfferHistoryEntry[]): OfferHistoryEntry[] {
  return [...entries].reverse();
}
