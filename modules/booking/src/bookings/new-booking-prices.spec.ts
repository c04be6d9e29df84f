import type { OfferForSale } from '@tbo/catalog';
import { ValidationError } from '@tbo/kernel';
import { MISSING_PRICE_MESSAGES } from '../pure/booking-money.pure';
import { decideSchedule, periodCovering, type ScheduleFacts, type ScheduleInput } from './new-booking.rules';
import { offerOf, period as workedPeriod } from './new-booking.testing';

/*
 * Which period prices a date, and what a period without a price for a kind sells. Offer 7 sells without slots;
 * today in Dubai is 2026-12-01. Prices: adult USD with VAT 100 (AED 365), child 50, no trip price, no commission.
 */
const nullPrices = Object.fromEntries(
  ['Adult', 'Child', 'Trip'].flatMap((k) => ['Rec', 'Net'].flatMap((r) => ['AedVat', 'Aed', 'UsdVat', 'Usd'].map((v) => [`pricePer${k}${r}${v}`, null]))),
) as Record<string, null>;
/** The worked example's period (new-booking.testing) without its net prices and commissions. */
const period = (over: Record<string, unknown> = {}) =>
  ({
    ...workedPeriod,
    ...Object.fromEntries(Object.keys(nullPrices).filter((k) => k.includes('Net')).map((k) => [k, null])),
    netCommissionPerAdult: null, netCommissionPerChild: null, netCommissionPerTrip: null,
    ...over,
  }) as unknown as OfferForSale['validPeriods'][number];

/** The worked example's offer sold without slots: only the date and its period decide. */
const unslotted = (validPeriods: OfferForSale['validPeriods']): OfferForSale => offerOf({ timeSlots: [] }, { validPeriods });

const facts = (validPeriods: OfferForSale['validPeriods'], contractCommission: number | null = null): ScheduleFacts => ({
  now: new Date('2026-12-01T06:00:00.000Z'),
  today: '2026-12-01',
  offer: unslotted(validPeriods),
  slot: null,
  contractCommission,
});
const input = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({ date: '2026-12-05', timeSlotId: null, adults: 2, children: 0, infants: 0, foc: 0, ...over });

function refusal(decide: () => unknown): { message: string; details: Record<string, string[]> } {
  try {
    decide();
  } catch (e) {
    if (e instanceof ValidationError) return { message: e.message, details: (e.details ?? {}) as Record<string, string[]> };
    throw e;
  }
  throw new Error('expected a refusal, the booking was priced');
}

describe('periodCovering: one period per date', () => {
  const first = period();
  const next = period({ id: 12, periodStart: first.periodEnd, periodEnd: '2027-01-22T08:00:00.000Z' });

  it('gives the day two back-to-back periods share to the one starting on it, whichever was saved first', () => {
    for (const periods of [[first, next], [next, first]]) {
      expect(periodCovering(unslotted(periods), '2026-12-21')?.id).toBe(11);
      expect(periodCovering(unslotted(periods), '2026-12-22')?.id).toBe(12);
      expect(periodCovering(unslotted(periods), '2027-01-21')?.id).toBe(12);
      expect(periodCovering(unslotted(periods), '2027-01-22')?.id).toBe(12);
      expect(periodCovering(unslotted(periods), '2027-01-23')).toBeNull();
    }
  });

  it("sells a period's last day, shown as its 'to', when no period starts on it", () => {
    expect(periodCovering(unslotted([first]), '2026-12-22')?.id).toBe(11);
    expect(periodCovering(unslotted([first]), '2026-12-23')).toBeNull();
  });
});

describe('decideSchedule: a count whose kind has no price is refused, never sold for 0', () => {
  it('refuses adults when the period has neither an adult nor a trip price (saved before periods needed one)', () => {
    const unpriced = period({ pricePerAdultRecAedVat: null, pricePerAdultRecAed: null, pricePerAdultRecUsdVat: null, pricePerAdultRecUsd: null });
    for (const commission of [null, 25]) {
      const r = refusal(() => decideSchedule(input(), facts([unpriced], commission)));
      expect(r).toEqual({ message: MISSING_PRICE_MESSAGES.adults, details: { adults: [MISSING_PRICE_MESSAGES.adults] } });
    }
  });

  it('refuses children when the period has neither a child nor a trip price; adults alone still book', () => {
    const noChild = period({ pricePerChildRecAedVat: null, pricePerChildRecAed: null, pricePerChildRecUsdVat: null, pricePerChildRecUsd: null });
    expect(refusal(() => decideSchedule(input({ children: 1 }), facts([noChild])))).toEqual({ message: MISSING_PRICE_MESSAGES.children, details: { children: [MISSING_PRICE_MESSAGES.children] } });
    expect(decideSchedule(input(), facts([noChild])).totals).toMatchObject({ totalUsd: 200, netUsd: 200 });
  });

  it('sells the whole party at a trip price alone, and a child price of 0 as free', () => {
    const tripOnly = period({
      ...nullPrices,
      pricePerTripRecAedVat: 949, pricePerTripRecAed: 903.8095, pricePerTripRecUsdVat: 260, pricePerTripRecUsd: 247.619,
    });
    expect(decideSchedule(input({ children: 2 }), facts([tripOnly])).totals).toMatchObject({ totalUsd: 260, totalAed: 949 });
    const freeChild = period({ pricePerChildRecAedVat: 0, pricePerChildRecAed: 0, pricePerChildRecUsdVat: 0, pricePerChildRecUsd: 0 });
    expect(decideSchedule(input({ children: 1 }), facts([freeChild])).totals).toMatchObject({ totalUsd: 200 });
  });
});
