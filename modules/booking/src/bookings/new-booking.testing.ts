import { blankOfferFields, type OfferForSale } from '@tbo/catalog';
import { ValidationError } from '@tbo/kernel';
import type { SlotForBooking } from '@tbo/scheduling';
import { decideSchedule, type NewBookingInput, type ScheduleFacts } from './new-booking.rules';

/*
 * The facts are built by hand, shaped as the handler reads them from their streams: supplier 5's tour 3
 * ('Desert Safari') with offer 7 sold on slot 21 of group 9 (09:00–13:00, booking closes 12 hours before),
 * one valid period of the worked example (adult USD with VAT 100, AED 365, commission 20 % → net 80 / 292).
 * Today in Dubai is Tuesday 2026-12-01, 10:00.
 */
export const NOW = new Date('2026-12-01T06:00:00.000Z');
export const TODAY = '2026-12-01';
export const SATURDAY = '2026-12-05';
export const SUNDAY = '2026-12-06';

export const period = {
  id: 11,
  offerId: 7,
  periodStart: '2026-11-22T08:00:00.000Z',
  periodEnd: '2026-12-22T08:00:00.000Z',
  pricePerAdultRecAedVat: 365, pricePerAdultRecAed: 347.619, pricePerAdultRecUsdVat: 100, pricePerAdultRecUsd: 95.2381,
  pricePerChildRecAedVat: 182.5, pricePerChildRecAed: 173.8095, pricePerChildRecUsdVat: 50, pricePerChildRecUsd: 47.619,
  pricePerTripRecAedVat: null, pricePerTripRecAed: null, pricePerTripRecUsdVat: null, pricePerTripRecUsd: null,
  pricePerAdultNetAedVat: 292, pricePerAdultNetAed: 278.0952, pricePerAdultNetUsdVat: 80, pricePerAdultNetUsd: 76.1905,
  pricePerChildNetAedVat: 146, pricePerChildNetAed: 139.0476, pricePerChildNetUsdVat: 40, pricePerChildNetUsd: 38.0952,
  pricePerTripNetAedVat: null, pricePerTripNetAed: null, pricePerTripNetUsdVat: null, pricePerTripNetUsd: null,
  netCommissionPerAdult: 20, netCommissionPerChild: 20, netCommissionPerTrip: 20,
  vat: 5, vatK: 1.05, convRate: 3.65, convType: 'multiply' as const, defaultCommission: 20,
  minimumAdvancedPayment: 0,
};

type Details = OfferForSale['details'];
export function offerOf(details: Partial<Details> = {}, over: Partial<Omit<OfferForSale, 'details'>> = {}): OfferForSale {
  return {
    offerId: 7,
    supplierId: 5,
    tourId: 3,
    tourName: 'Desert Safari',
    tourNameInternal: 'DSF',
    isDeleted: false,
    details: {
      // A new offer's defaults (one to ten people, children under 12 and infants under 3 allowed), sold on slot 21.
      ...blankOfferFields(3),
      nameInternal: 'DSF-STD',
      nameDisplay: 'Desert Safari — Standard',
      maxNumOfPeople: 10,
      numberOfHours: 4,
      childrenAllowed: true,
      infantsAllowed: true,
      timeSlots: [21],
      ...details,
    },
    validPeriods: [period],
    cancellationPolicy: { source: 'tour', tiers: [{ hours: 24, percents: 100 }] },
    notesToClientsPostBooking: '',
    ...over,
  };
}

export const slotOf = (over: Partial<SlotForBooking> = {}): SlotForBooking => ({
  supplierId: 5,
  groupId: 9,
  timeSlotId: 21,
  departureSlotId: null,
  name: 'Morning',
  timeType: 0,
  startTime: 540,
  endTime: 780,
  type: 0,
  cutOffResponseTime: null,
  daysOffered: 0,
  minimumAdvancedBooking: 12,
  slotPickUpTimeId: null,
  groupPickUpTimeId: null,
  isDeleted: false,
  ...over,
});

export const scheduleFacts = (over: Partial<ScheduleFacts> = {}): ScheduleFacts => ({ now: NOW, today: TODAY, offer: offerOf(), slot: slotOf(), contractCommission: null, ...over });
export const scheduleInput = (over: Partial<NewBookingInput> = {}) => ({ date: SATURDAY, timeSlotId: 21, adults: 1, children: 0, infants: 0, foc: 0, ...over });

/** The field messages of a refusal (a ValidationError's details). */
export function refusal(decide: () => unknown): Record<string, string[]> {
  try {
    decide();
  } catch (e) {
    if (e instanceof ValidationError) return (e.details ?? {}) as Record<string, string[]>;
    throw e;
  }
  throw new Error('expected a refusal, the booking was decided');
}
export const scheduleRefusal = (input: Partial<NewBookingInput> = {}, facts: Partial<ScheduleFacts> = {}) => refusal(() => decideSchedule(scheduleInput(input), scheduleFacts(facts)));
