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
