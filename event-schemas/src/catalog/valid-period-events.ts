import { z } from 'zod';
import { PG_INT_MAX, storedInstant } from '../limits';
import type { EventSchemaDefinition } from '../registry';

/**
 * A valid period's prices were set (on its offer's stream, `offer-<id>`). It carries all twelve
 * recommended and twelve net prices (adult, child, trip × AED with VAT, AED, USD with VAT, USD),
 * the commissions and its own copy of VAT and conversion settings, so prices saved before keep
 * the values they were computed with. The server checks consistency (modules/catalog price model)
 * before appending. Dates are ISO instants (noon Dubai = 08:00Z).
 */
const price = z.number().min(0).nullable();
const commission = z.number().min(0).max(100).nullable();
export const ValidPeriodPriced = z.object({
  id: z.number().int().positive().max(PG_INT_MAX),
  offerId: z.number().int().positive().max(PG_INT_MAX),
  periodStart: storedInstant(),
  periodEnd: storedInstant(),
  pricePerAdultRecAedVat: price, pricePerAdultRecAed: price, pricePerAdultRecUsdVat: price, pricePerAdultRecUsd: price,
  pricePerChildRecAedVat: price, pricePerChildRecAed: price, pricePerChildRecUsdVat: price, pricePerChildRecUsd: price,
  pricePerTripRecAedVat: price, pricePerTripRecAed: price, pricePerTripRecUsdVat: price, pricePerTripRecUsd: price,
  pricePerAdultNetAedVat: price, pricePerAdultNetAed: price, pricePerAdultNetUsdVat: price, pricePerAdultNetUsd: price,
  pricePerChildNetAedVat: price, pricePerChildNetAed: price, pricePerChildNetUsdVat: price, pricePerChildNetUsd: price,
  pricePerTripNetAedVat: price, pricePerTripNetAed: price, pricePerTripNetUsdVat: price, pricePerTripNetUsd: price,
  netCommissionPerAdult: commission,
  netCommissionPerChild: commission,
  netCommissionPerTrip: commission,
  vat: z.number().min(0).max(100),
  vatK: z.number().min(1).max(2),
  convRate: z.number().positive(),
  convType: z.enum(['multiply', 'divide']),
  defaultCommission: z.number().min(0).max(100),
});
export type ValidPeriodPricedData = z.infer<typeof ValidPeriodPriced>;
export type ValidPeriodEvent = { type: 'ValidPeriodPriced'; data: ValidPeriodPricedData };

export const validPeriodEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'ValidPeriodPriced',
    version: 1,
    schema: ValidPeriodPriced,
    // VAT 5 %, 3.65 AED per USD (multiply), commission 20 %; adult USD with VAT 100, child AED with VAT 182.5, no trip price.
    example: {
      id: 1,
      offerId: 1,
      periodStart: '2026-11-22T08:00:00.000Z',
      periodEnd: '2026-12-22T08:00:00.000Z',
      pricePerAdultRecAedVat: 365,
      pricePerAdultRecAed: 347.619,
      pricePerAdultRecUsdVat: 100,
      pricePerAdultRecUsd: 95.2381,
      pricePerChildRecAedVat: 182.5,
      pricePerChildRecAed: 173.8095,
      pricePerChildRecUsdVat: 50,
      pricePerChildRecUsd: 47.619,
      pricePerTripRecAedVat: null,
      pricePerTripRecAed: null,
      pricePerTripRecUsdVat: null,
      pricePerTripRecUsd: null,
      pricePerAdultNetAedVat: 292,
      pricePerAdultNetAed: 278.0952,
      pricePerAdultNetUsdVat: 80,
      pricePerAdultNetUsd: 76.1905,
      pricePerChildNetAedVat: 146,
      pricePerChildNetAed: 139.0476,
      pricePerChildNetUsdVat: 40,
      pricePerChildNetUsd: 38.0952,
      pricePerTripNetAedVat: null,
      pricePerTripNetAed: null,
      pricePerTripNetUsdVat: null,
      pricePerTripNetUsd: null,
      netCommissionPerAdult: 20,
      netCommissionPerChild: 20,
      netCommissionPerTrip: 20,
      vat: 5,
      vatK: 1.05,
      convRate: 3.65,
      convType: 'multiply',
      defaultCommission: 20,
    },
  },
];
