/**
 * The valid-period list rules and the offer summary shape, in one place for the offer decider, the offers read
 * model and the browser (pure: no imports, so read-models and the web client may use it).
 */

/** One offer as the tour answers it (the Tickets tab), with its summary valid period (null figures without periods). */
export interface TourOfferSummary {
  id: number;
  tourId: number;
  nameInternal: string;
  nameDisplay: string;
  isDeleted: boolean;
  /** 0 On Request, 1 Live Book, 2 Ticket Only. */
  bookingType: 0 | 1 | 2;
  pricePerAdultRecUsd: number | null;
  pricePerChildRecUsd: number | null;
  pricePerTripRecUsd: number | null;
  periodEnd: string | null;
}

/** Saving a period replaces the one with its id in place, or appends it. */
export function replacePeriod<P extends { id: number }>(list: readonly P[], period: P): P[] {
  const i = list.findIndex((p) => p.id === period.id);
  return i < 0 ? [...list, period] : list.map((p, j) => (j === i ? period : p));
}

/** The valid period ending last (the first of equals): the summary once every period has ended. ISO instants compare as text. */
export function summaryPeriod<P extends { periodEnd: string }>(periods: readonly P[]): P | null {
  return periods.reduce<P | null>((best, p) => (!best || p.periodEnd > best.periodEnd ? p : best), null);
}

/**
 * The summary valid period at `now` (ISO): the one in force (the latest to start, if several), else the next to
 * start, else the one ending last. A period added for next summer does not replace today's prices in the lists.
 */
export function summaryPeriodAt<P extends { periodStart: string; periodEnd: string }>(periods: readonly P[], now: string): P | null {
  const current = periods.filter((p) => p.periodStart <= now && now <= p.periodEnd);
  if (current.length) return current.reduce((best, p) => (p.periodStart > best.periodStart ? p : best));
  const coming = periods.filter((p) => p.periodStart > now);
  if (coming.length) return coming.reduce((best, p) => (p.periodStart < best.periodStart ? p : best));
  return summaryPeriod(periods);
}

/** A priced period as the offer keeps it: the advance payment is set by its own event, so a re-pricing keeps it. */
export function pricePeriod<P extends { id: number; minimumAdvancedPayment: number }>(list: readonly P[], priced: Omit<P, 'minimumAdvancedPayment'>): P[] {
  const old = list.find((p) => p.id === priced.id);
  return replacePeriod(list, { ...priced, minimumAdvancedPayment: old?.minimumAdvancedPayment ?? 0 } as P);
}

/** A period's advance payment, set apart from its prices. */
export function setPeriodTerms<P extends { id: number; minimumAdvancedPayment: number }>(list: readonly P[], validPeriodId: number, minimumAdvancedPayment: number): P[] {
  return list.map((p) => (p.id === validPeriodId ? { ...p, minimumAdvancedPayment } : p));
}
