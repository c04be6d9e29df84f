import { z } from 'zod';
import { COMMISSION_FIELDS, PRICE_FIELDS, type CommissionFieldName, type FlatPrices, type PriceFieldName } from '@tbo/catalog/src/pricing/flat-prices.pure';
import type { ConvType } from '@tbo/catalog/src/pricing/price-model.pure';

/**
 * A valid period as the offer answers carry it (spec 01 §3 Valid period). The 24 prices and 3 commissions are the
 * server's flat shape (flat-prices.pure.ts), built from its own field lists so a renamed field fails the parse.
 */
const figure = z.number().nullable();
const flatShape = Object.fromEntries([...PRICE_FIELDS, ...COMMISSION_FIELDS].map((f) => [f, figure])) as Record<PriceFieldName | CommissionFieldName, typeof figure>;
export const flatPricesSchema = z.object(flatShape) satisfies z.ZodType<FlatPrices>;

export const convTypeSchema = z.enum(['multiply', 'divide']) satisfies z.ZodType<ConvType>;

export const validPeriodSchema = flatPricesSchema.extend({
  id: z.number(),
  offerId: z.number(),
  /** ISO instants (a period starts and ends at noon, Dubai time). */
  periodStart: z.string(),
  periodEnd: z.string(),
  minimumAdvancedPayment: z.number(),
  vat: z.number(),
  vatK: z.number(),
  convRate: z.number(),
  convType: convTypeSchema,
  defaultCommission: z.number(),
});
export type ValidPeriod = z.infer<typeof validPeriodSchema>;

/**
 * What POST /api/validperiods takes: VAT and conversion come from the account on the server. `version` is the
 * offer's as the editor holds it: changing a saved period (id > 0) needs it, and a stale one answers 409.
 */
export type ValidPeriodInput = Omit<ValidPeriod, 'vat' | 'vatK' | 'convRate' | 'convType' | 'defaultCommission'> & { version: number | null };
