import { createEventRegistry, type BookingCreatedData, type BookingEvent } from '@tbo/event-schemas';
import { refundFor } from '../pure/cancellation-refund.pure';
import { bookingDecider, emptyBookingState, type BookingCommand } from './booking';
import { AGENCY_BOOKER, ANNA, ATLANTIS_PICK_UP, DESERT_SAFARI, MORNING_SLOT } from './booking.testing';

/*
 * Booking 1001 of the worked example as its decider specs build it: the events it may have, the commands' data
 * and the state a command sees. Shared by the decider's specs (booking.spec.ts, booking-checkin.spec.ts).
 */
export const ID = 1001;
export const CLAIM = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
export const OTHER_CLAIM = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const NEW_CLAIM = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
export const key = { id: ID, supplierId: 5 };
export const departure = { groupId: 9, timeSlotId: null, date: '2026-12-05' };
/** 09:00 Dubai on the booking's date. */
export const STARTS_AT = new Date('2026-12-05T05:00:00.000Z');
export const hoursBefore = (h: number) => new Date(STARTS_AT.getTime() - h * 3_600_000);

export const decider = { ...bookingDecider, initialState: emptyBookingState(ID) };
export const registry = createEventRegistry();

/** Two adults and a child of the worked example (USD 250 / AED 912.5), booked under a tour's policy: all back 24 hours or more before. */
export const createdData = (over: Partial<BookingCreatedData> = {}): BookingCreatedData => ({
  ...key,
  ...AGENCY_BOOKER,
  ...DESERT_SAFARI,
  date: '2026-12-05',
  ...MORNING_SLOT,
  endTime: 780,
  startsAt: STARTS_AT.toISOString(),
  adults: 2,
  children: 1,
  infants: 0,
  foc: 0,
  seats: 3,
  departure,
  claimId: CLAIM,
  prices: {
    validPeriodId: 11,
    adultRecUsd: 100, childRecUsd: 50, tripRecUsd: 0,
    adultNetUsd: 80, childNetUsd: 40, tripNetUsd: 0,
    adultRecAed: 365, childRecAed: 182.5, tripRecAed: 0,
    adultNetAed: 292, childNetAed: 146, tripNetAed: 0,
    commission: 20, commissionSource: 'period', vat: 5, convRate: 3.65,
  },
  totals: { totalUsd: 250, totalAed: 912.5, netUsd: 200, netAed: 730, grossSales: 250, agencyReceivable: 50 },
  ...ATLANTIS_PICK_UP,
  ...ANNA,
  paid: 0,
  paidOrig: 0,
  paidTo: 'agency',
  collect: 0,
  collectOrig: 0,
  collectTo: 'agency',
  voucher: 'V-1',
  notes: '',
  arrivalId: null,
  arrivalGroupId: null,
  groupInfoId: null,
  status: 0,
  responseDueAt: null,
  cancellationPolicy: [{ hours: 24, percents: 100 }],
  cancellationPolicySource: 'tour',
  ticketsRequired: false,
  ...over,
});

export const created = (over: Partial<BookingCreatedData> = {}): BookingEvent => ({ type: 'BookingCreated', data: createdData(over) });
export const pending = created({ status: 1, responseDueAt: '2026-12-01T12:00:00.000Z' });
export const confirmed: BookingEvent = { type: 'BookingConfirmed', data: key };
export const completed: BookingEvent = { type: 'BookingCompleted', data: key };
export const declined: BookingEvent = { type: 'BookingDeclined', data: { ...key, reason: 'Fully booked', claimId: CLAIM, departure } };
export const cancelledAt = (at: Date): BookingEvent => ({
  type: 'BookingCancelled',
  data: { ...key, claimId: CLAIM, departure, reason: 'Guest ill', ...refundFor([{ hours: 24, percents: 100 }], STARTS_AT, at, { totalUsd: 250, totalAed: 912.5 }) },
});
export const voided = (claimId: string): BookingEvent => ({ type: 'BookingSeatClaimVoided', data: { id: ID, claimId } });

export const amendData = (over: Record<string, unknown> = {}) =>
  ({
    id: ID,
    supplierId: 5,
    guestName: 'Boris Ivanov',
    roomNumber: '88',
    phones: ['+971509999999'],
    ...ATLANTIS_PICK_UP,
    voucher: 'V-2',
    notes: 'Vegetarian',
    ...over,
  }) as Extract<BookingCommand, { type: 'AmendBooking' }>['data'];

export const rescheduleData = (over: Record<string, unknown> = {}) =>
  ({
    ...key,
    date: '2026-12-06',
    timeSlotId: 21,
    timeSlotName: 'Morning',
    startTime: 540,
    endTime: 780,
    startsAt: '2026-12-06T05:00:00.000Z',
    adults: 3,
    children: 1,
    infants: 0,
    foc: 0,
    seats: 4,
    departure: { ...departure, date: '2026-12-06' },
    claimId: NEW_CLAIM,
    prices: createdData().prices,
    totals: { totalUsd: 350, totalAed: 1277.5, netUsd: 280, netAed: 1022, grossSales: 350, agencyReceivable: 70 },
    pickUpTimeStart: 480,
    pickUpTimeEnd: 510,
    responseDueAt: null,
    status: 0,
    previousClaimId: CLAIM,
    previousDeparture: departure,
    differenceUsd: 100,
    differenceAed: 365,
    ...over,
  }) as Extract<BookingCommand, { type: 'RescheduleBooking' }>['data'];

export const cancel = (at: Date, reason = ' Guest ill '): BookingCommand => ({ type: 'CancelBooking', reason, at });

/** The state after the events, as a command sees it. */
export const stateAfter = (events: BookingEvent[]) => events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
