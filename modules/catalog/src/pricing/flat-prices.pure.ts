import { emptyPrices, PRICE_KINDS, PRICE_VARIANTS, type PriceKind, type PriceVariant, type ValidPeriodPrices } from './price-model.pure';

/**
 * A valid period's 24 prices and 3 commissions as the API, the events and the seed carry them, flat
 * (`pricePerAdultRecUsdVat`, …), and the mapping to and from the price model's nested shape. One definition for
 * the offer decider, the seed and the browser's period editor.
 */
type KindName = 'Adult' | 'Child' | 'Trip';
type VariantName = 'AedVat' | 'Aed' | 'UsdVat' | 'Usd';
export type PriceFieldName = `pricePer${KindName}${'Rec' | 'Net'}${VariantName}`;
export type CommissionFieldName = `netCommissionPer${KindName}`;
export type FlatPrices = Record<PriceFieldName | CommissionFieldName, number | null>;

const KIND_NAME: Record<PriceKind, KindName> = { adult: 'Adult', child: 'Child', trip: 'Trip' };
const VARIANT_NAME: Record<PriceVariant, VariantName> = { aedVat: 'AedVat', aed: 'Aed', usdVat: 'UsdVat', usd: 'Usd' };

/** e.g. ('adult', 'rec', 'usdVat') → 'pricePerAdultRecUsdVat'. */
export const priceField = (kind: PriceKind, side: 'rec' | 'net', variant: PriceVariant): PriceFieldName =>
  `pricePer${KIND_NAME[kind]}${side === 'rec' ? 'Rec' : 'Net'}${VARIANT_NAME[variant]}`;
export const commissionField = (kind: PriceKind): CommissionFieldName => `netCommissionPer${KIND_NAME[kind]}`;

/** Every price field, in the order the event schema lists them (recommended before net, AED with VAT first). */
export const PRICE_FIELDS: readonly PriceFieldName[] = (['rec', 'net'] as const).flatMap((side) =>
  PRICE_KINDS.flatMap((kind) => (['aedVat', 'aed', 'usdVat', 'usd'] as const).map((variant) => priceField(kind, side, variant))),
);
export const COMMISSION_FIELDS: readonly CommissionFieldName[] = PRICE_KINDS.map(commissionField);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Flat → the price model's shape; a missing or non-numeric figure is null. */
export function pricesFromFlat(p: Partial<FlatPrices>): ValidPeriodPrices {
  const out = emptyPrices(null);
  for (const kind of PRICE_KINDS) {
    for (const v of PRICE_VARIANTS) {
      out.recommended[kind][v] = num(p[priceField(kind, 'rec', v)]);
      out.net[kind][v] = num(p[priceField(kind, 'net', v)]);
    }
    out.commissions[kind] = num(p[commissionField(kind)]);
  }
  return out;
}

/** The price model's shape → flat. */
export function flatFromPrices(p: ValidPeriodPrices): FlatPrices {
  const out = {} as FlatPrices;
  for (const kind of PRICE_KINDS) {
    for (const v of PRICE_VARIANTS) {
      out[priceField(kind, 'rec', v)] = p.recommended[kind][v];
      out[priceField(kind, 'net', v)] = p.net[kind][v];
    }
    out[commissionField(kind)] = p.commissions[kind];
  }
  return out;
}
