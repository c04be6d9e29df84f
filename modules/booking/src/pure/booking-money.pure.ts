/**
 * A booking's money, computed once: on the server for the events, and by the same code in the browser for
 * what the agent sees while typing. Pure (shared with the frontend).
 *
 * - Unit prices come from the valid period covering the date, with VAT: publish (recommended) and net.
 * - A contract's commission, when it sets one, replaces the period's: net = publish × (1 − commission / 100).
 * - Totals: adults × adult + children × child + the trip price once (per booking); foc and infants are free.
 * - grossSales is the publish total, agencyReceivable the agency's commission (gross − net).
 * - Unit prices keep 4 decimals, booking amounts 2 (ARCHITECTURE.md, "Money").
 * - A count whose kind has no price (neither its own nor the trip's) is refused, never sold for 0 (unpricedCounts).
 */

/** The fields of a valid period this needs (a ValidPeriodPriced event's data has them all). */
export interface PeriodPriceFields {
  id: number;
  pricePerAdultRecUsdVat: number | null;
  pricePerChildRecUsdVat: number | null;
  pricePerTripRecUsdVat: number | null;
  pricePerAdultNetUsdVat: number | null;
  pricePerChildNetUsdVat: number | null;
  pricePerTripNetUsdVat: number | null;
  pricePerAdultRecAedVat: number | null;
  pricePerChildRecAedVat: number | null;
  pricePerTripRecAedVat: number | null;
  pricePerAdultNetAedVat: number | null;
  pricePerChildNetAedVat: number | null;
  pricePerTripNetAedVat: number | null;
  netCommissionPerAdult: number | null;
  /** Optional: periods built by hand in older specs name the adult's only. */
  netCommissionPerChild?: number | null;
  netCommissionPerTrip?: number | null;
  vat: number;
  convRate: number;
  convType: 'multiply' | 'divide';
  defaultCommission: number;
}

export interface UnitPrices {
  validPeriodId: number;
  adultRecUsd: number;
  childRecUsd: number;
  tripRecUsd: number;
  adultNetUsd: number;
  childNetUsd: number;
  tripNetUsd: number;
  adultRecAed: number;
  childRecAed: number;
  tripRecAed: number;
  adultNetAed: number;
  childNetAed: number;
  tripNetAed: number;
  commission: number;
  commissionSource: 'period' | 'contract';
  vat: number;
  convRate: number;
}

export interface BookingCounts {
  adults: number;
  children: number;
  infants: number;
  foc: number;
}

export interface BookingTotals {
  totalUsd: number;
  totalAed: number;
  netUsd: number;
  netAed: number;
  grossSales: number;
  agencyReceivable: number;
}

/** Spec 02 §1: AED = USD × 3.65 when the period has no rate of its own. */
export const BOOKING_CONV_RATE = 3.65;

export const round2 = (x: number): number => (Math.sign(x) * Math.round(Math.abs(x) * 100 * (1 + Number.EPSILON))) / 100;
const round4 = (x: number): number => (Math.sign(x) * Math.round(Math.abs(x) * 10_000 * (1 + Number.EPSILON))) / 10_000;

/** Seats a booking takes: adults, children and foc; infants sit on a lap (README: seats). */
export const seatsOf = (c: Pick<BookingCounts, 'adults' | 'children' | 'foc'>): number => c.adults + c.children + c.foc;

export type PricedKind = 'adult' | 'child' | 'trip';

export const MISSING_PRICE_MESSAGES = {
  adults: 'No price is set for adults on the chosen date',
  children: 'No price is set for children on the chosen date',
} as const;

/**
 * The unit prices a booking is sold at. `contractCommission` (percent) replaces the period's net prices when set;
 * otherwise the period's own net prices stand (they may differ per kind). A missing price reads 0 here (the
 * price answers show it so); bookingTotals() refuses to sell a count of it.
 */
export function unitPricesOf(period: PeriodPriceFields, contractCommission: number | null): UnitPrices {
  const rec = {
    adultUsd: period.pricePerAdultRecUsdVat ?? 0,
    childUsd: period.pricePerChildRecUsdVat ?? 0,
    tripUsd: period.pricePerTripRecUsdVat ?? 0,
    adultAed: period.pricePerAdultRecAedVat ?? 0,
    childAed: period.pricePerChildRecAedVat ?? 0,
    tripAed: period.pricePerTripRecAedVat ?? 0,
  };
  const base = { validPeriodId: period.id, vat: period.vat, convRate: period.convType === 'multiply' ? period.convRate : round4(1 / period.convRate) };
  const recPrices = {
    adultRecUsd: rec.adultUsd, childRecUsd: rec.childUsd, tripRecUsd: rec.tripUsd,
    adultRecAed: rec.adultAed, childRecAed: rec.childAed, tripRecAed: rec.tripAed,
  };
  const priced: Record<PricedKind, boolean> = {
    adult: period.pricePerAdultRecUsdVat !== null || period.pricePerAdultRecAedVat !== null,
    child: period.pricePerChildRecUsdVat !== null || period.pricePerChildRecAedVat !== null,
    trip: period.pricePerTripRecUsdVat !== null || period.pricePerTripRecAedVat !== null,
  };
  let out: UnitPrices;
  if (contractCommission !== null) {
    const net = (v: number) => round4(v * (1 - contractCommission / 100));
    out = {
      ...base, ...recPrices,
      adultNetUsd: net(rec.adultUsd), childNetUsd: net(rec.childUsd), tripNetUsd: net(rec.tripUsd),
      adultNetAed: net(rec.adultAed), childNetAed: net(rec.childAed), tripNetAed: net(rec.tripAed),
      commission: contractCommission, commissionSource: 'contract',
    };
  } else {
    // An empty commission clears the kind's nets (spec 01 §4): net = publish, the agent earns 0 on it, whatever the
    // account's default commission was when the period was priced.
    const nets = {
      adult: period.pricePerAdultNetUsdVat !== null || period.pricePerAdultNetAedVat !== null,
      child: period.pricePerChildNetUsdVat !== null || period.pricePerChildNetAedVat !== null,
      trip: period.pricePerTripNetUsdVat !== null || period.pricePerTripNetAedVat !== null,
    };
    const stated = { adult: period.netCommissionPerAdult, child: period.netCommissionPerChild ?? null, trip: period.netCommissionPerTrip ?? null };
    const commissionOf = (k: PricedKind) => (nets[k] ? (stated[k] ?? period.defaultCommission) : 0);
    // The headline commission is the adult's; a trip-priced ticket (no adult price) earns the trip's.
    const headline: PricedKind = priced.adult || !priced.trip ? 'adult' : 'trip';
    out = {
      ...base, ...recPrices,
      adultNetUsd: period.pricePerAdultNetUsdVat ?? rec.adultUsd,
      childNetUsd: period.pricePerChildNetUsdVat ?? rec.childUsd,
      tripNetUsd: period.pricePerTripNetUsdVat ?? rec.tripUsd,
      adultNetAed: period.pricePerAdultNetAedVat ?? rec.adultAed,
      childNetAed: period.pricePerChildNetAedVat ?? rec.childAed,
      tripNetAed: period.pricePerTripNetAedVat ?? rec.tripAed,
      commission: commissionOf(headline),
      commissionSource: 'period',
    };
  }
  return out;
}

/**
 * Field → messages for the counts a period cannot sell: adults need an adult or a trip price, children a child or a
 * trip price (a trip price alone prices the whole party). A period saved before the catalog required its prices may
 * lack one; its count is refused rather than sold for 0.
 */
export function unpricedCounts(period: PeriodPriceFields, c: Pick<BookingCounts, 'adults' | 'children'>): Record<string, string[]> {
  const has = (usd: number | null, aed: number | null) => usd !== null || aed !== null;
  const problems: Record<string, string[]> = {};
  if (has(period.pricePerTripRecUsdVat, period.pricePerTripRecAedVat)) return problems;
  if (c.adults > 0 && !has(period.pricePerAdultRecUsdVat, period.pricePerAdultRecAedVat)) problems.adults = [MISSING_PRICE_MESSAGES.adults];
  if (c.children > 0 && !has(period.pricePerChildRecUsdVat, period.pricePerChildRecAedVat)) problems.children = [MISSING_PRICE_MESSAGES.children];
  return problems;
}

/**
 * The commission the agent earns on each kind, from the unit prices themselves (publish vs net), so the server's
 * price answer and the browser's form say the same; a kind without a publish price earns 0.
 */
export function commissionsOf(p: UnitPrices): Record<PricedKind, number> {
  const of = (rec: number, net: number) => (p.commissionSource === 'contract' ? p.commission : rec > 0 ? round2((1 - net / rec) * 100) : 0);
  return { adult: of(p.adultRecUsd, p.adultNetUsd), child: of(p.childRecUsd, p.childNetUsd), trip: of(p.tripRecUsd, p.tripNetUsd) };
}

/** Totals of a booking of these counts at these unit prices, 2 decimals. */
export function bookingTotals(p: UnitPrices, c: Pick<BookingCounts, 'adults' | 'children'>): BookingTotals {
  const trip = c.adults + c.children > 0 ? 1 : 0;
  const totalUsd = round2(c.adults * p.adultRecUsd + c.children * p.childRecUsd + trip * p.tripRecUsd);
  const totalAed = round2(c.adults * p.adultRecAed + c.children * p.childRecAed + trip * p.tripRecAed);
  const netUsd = round2(c.adults * p.adultNetUsd + c.children * p.childNetUsd + trip * p.tripNetUsd);
  const netAed = round2(c.adults * p.adultNetAed + c.children * p.childNetAed + trip * p.tripNetAed);
  return { totalUsd, totalAed, netUsd, netAed, grossSales: totalUsd, agencyReceivable: round2(totalUsd - netUsd) };
}

/**
 * The agency's commission in AED. A booking keeps it in USD only (agencyReceivable); its AED totals were converted at
 * the booking's rate, so their difference is the same commission in AED.
 */
export const agencyReceivableAed = (totals: Pick<BookingTotals, 'totalAed' | 'netAed'>): number => round2(totals.totalAed - totals.netAed);

/** USD ⇄ AED for the payment fields, linked by the period's rate (spec 02 §4: collect in USD and AED stay linked). */
export const usdToAed = (usd: number, rate = BOOKING_CONV_RATE): number => round2(usd * rate);
export const aedToUsd = (aed: number, rate = BOOKING_CONV_RATE): number => round2(aed / rate);
/**
 * Whether an AED amount is the USD one at the rate, as the form links them: either typed, the other derived and
 * rounded to cents, so they may differ by half a cent of each (100 AED → 27.40 USD → 100.01 AED).
 */
export const aedMatchesUsd = (aed: number, usd: number, rate = BOOKING_CONV_RATE): boolean => Math.abs(aed - usd * rate) <= 0.005 * (rate + 1) + 1e-9;

/**
 * Spec 02 §3 'Offer price for new booking', flat, from the same unit prices: publish (Rec) and net prices per
 * adult, child and trip in USD and local (AED), the commission, and the net and publish totals in USD and AED.
 */
export interface OfferPriceFields {
  /** Net prices, USD. */
  pricePerAdult: number;
  pricePerChild: number;
  pricePerTrip: number;
  /** Net prices, local currency (AED). */
  pricePerAdultLocal: number;
  pricePerChildLocal: number;
  pricePerTripLocal: number;
  /** Publish (recommended) prices, USD. */
  pricePerAdultRec: number;
  pricePerChildRec: number;
  pricePerTripRec: number;
  /** Publish (recommended) prices, local currency (AED). */
  pricePerAdultRecLocal: number;
  pricePerChildRecLocal: number;
  pricePerTripRecLocal: number;
  /** Percent: the adult's, or the trip's when the ticket has no adult price. */
  commission: number;
  /** Percent earned per kind (0 where the period's commission is empty: net = publish). */
  commissionPerAdult: number;
  commissionPerChild: number;
  commissionPerTrip: number;
  totalNetPriceUsd: number;
  totalNetPriceAed: number;
  totalPublishRateUsd: number;
  totalPublishRateAed: number;
}

/**
 * The answer names no counts, so its totals are those of the form's default booking (spec 02 §3: adults default 1):
 * one adult, no children, the trip price once. The form computes other counts' totals with bookingTotals().
 */
export function offerPriceFields(p: UnitPrices): OfferPriceFields {
  const one = bookingTotals(p, { adults: 1, children: 0 });
  const perKind = commissionsOf(p);
  return {
    pricePerAdult: p.adultNetUsd,
    pricePerChild: p.childNetUsd,
    pricePerTrip: p.tripNetUsd,
    pricePerAdultLocal: p.adultNetAed,
    pricePerChildLocal: p.childNetAed,
    pricePerTripLocal: p.tripNetAed,
    pricePerAdultRec: p.adultRecUsd,
    pricePerChildRec: p.childRecUsd,
    pricePerTripRec: p.tripRecUsd,
    pricePerAdultRecLocal: p.adultRecAed,
    pricePerChildRecLocal: p.childRecAed,
    pricePerTripRecLocal: p.tripRecAed,
    commission: p.commission,
    commissionPerAdult: perKind.adult,
    commissionPerChild: perKind.child,
    commissionPerTrip: perKind.trip,
    totalNetPriceUsd: one.netUsd,
    totalNetPriceAed: one.netAed,
    totalPublishRateUsd: one.totalUsd,
    totalPublishRateAed: one.totalAed,
  };
}

/**
 * What the guest paid beyond a price lowered since (fewer guests): theirs to get back, in USD and AED; null when
 * nothing. Its AED is the one the booking kept (see collectAfterPriceChange), else the USD at the booking's rate
 * (the agent's answer carries no prices: the usual rate; a booking folded before the AED was kept).
 */
export function paidBeyondPrice(b: { paidBeyondPriceUsd?: number; paidBeyondPriceAed?: number; prices?: { convRate: number } }): { usd: number; aed: number } | null {
  const usd = b.paidBeyondPriceUsd ?? 0;
  if (usd <= 0) return null;
  return { usd, aed: b.paidBeyondPriceAed ?? usdToAed(usd, b.prices?.convRate) };
}
