import { addDays, dubaiToday } from '@tbo/scheduling';

/**
 * Valid-period prices consistent with the demo account settings (VAT 5 %, 3.65 AED per USD multiplied,
 * commission 20 %): adult USD with VAT 100, no child or trip price.
 */
export const DEFAULT_PERIOD_PRICES = {
  pricePerAdultRecAedVat: 365,
  pricePerAdultRecAed: 347.619,
  pricePerAdultRecUsdVat: 100,
  pricePerAdultRecUsd: 95.2381,
  pricePerAdultNetAedVat: 292,
  pricePerAdultNetAed: 278.0952,
  pricePerAdultNetUsdVat: 80,
  pricePerAdultNetUsd: 76.1905,
  netCommissionPerAdult: 20,
  netCommissionPerChild: null,
  netCommissionPerTrip: null,
} as const;

/** Child prices consistent with the same settings: child USD with VAT 50, net 40, commission 20 %. */
export const CHILD_PERIOD_PRICES = {
  pricePerChildRecUsdVat: 50,
  pricePerChildRecUsd: 47.619,
  pricePerChildRecAedVat: 182.5,
  pricePerChildRecAed: 173.8095,
  pricePerChildNetUsdVat: 40,
  pricePerChildNetUsd: 38.0952,
  pricePerChildNetAedVat: 146,
  pricePerChildNetAed: 139.0476,
  netCommissionPerChild: 20,
} as const;

/**
 * The body of a valid period open since yesterday (Dubai) and for `daysAhead` days from today, with no advance
 * payment, at the default prices: bookable at once. `over` adds or replaces fields (child prices, …).
 */
export function periodFromYesterday(offerId: number, daysAhead: number, over: Record<string, unknown> = {}) {
  const today = dubaiToday();
  return {
    id: 0,
    offerId,
    periodStart: `${addDays(today, -1)}T08:00:00.000Z`,
    periodEnd: `${addDays(today, daysAhead)}T08:00:00.000Z`,
    minimumAdvancedPayment: 0,
    ...DEFAULT_PERIOD_PRICES,
    ...over,
  };
}
