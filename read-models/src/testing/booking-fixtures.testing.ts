import { exampleOf } from './recorded-events.testing';

/*
 * A booking's event data for the specs of the projections that read bookings besides the bookings list (reports,
 * commission statements, arrivals): every field they keep has a value unlike its neighbours', so a column holding
 * another field's value makes a spec fail. A spec builds its own stream from these (its revisions are its own).
 */

export const BOOKING_KEY = { id: 2101, supplierId: 6 };

/** A pending booking made by an agency's agent with a staff agent named, 3 adults, 2 children, 1 infant, 4 free. */
export const bookingCreatedData = {
  ...exampleOf('BookingCreated'),
  ...BOOKING_KEY,
  agencyId: 21,
  agentId: 33,
  staffAgentId: 44,
  tourId: 12,
  tourName: 'Hatta Mountain Tour',
  offerId: 30,
  offerName: 'Hatta — Private',
  date: '2026-12-09',
  timeSlotId: 14,
  timeSlotName: 'Early',
  startTime: 555,
  adults: 3,
  children: 2,
  infants: 1,
  foc: 4,
  seats: 9,
  guestName: 'Lena Ortiz',
  totals: { totalUsd: 301, totalAed: 1102.5, netUsd: 241, netAed: 880.25, grossSales: 311, agencyReceivable: 60 },
  status: 1,
};

/** Moved a week on to another slot, every count and total changed, and confirmed. */
export const bookingRescheduledData = {
  ...exampleOf('BookingRescheduled'),
  ...BOOKING_KEY,
  date: '2026-12-16',
  timeSlotId: 15,
  timeSlotName: 'Late',
  startTime: 1020,
  adults: 5,
  children: 0,
  infants: 3,
  foc: 1,
  seats: 6,
  totals: { totalUsd: 402, totalAed: 1467.3, netUsd: 327, netAed: 1193.55, grossSales: 412, agencyReceivable: 75 },
  status: 0,
};

export const bookingCancelledData = { ...exampleOf('BookingCancelled'), ...BOOKING_KEY, refundUsd: 120, refundAed: 438, penaltyUsd: 181, penaltyAed: 664.5 };

/** Another booking of the same supplier: the data with its id. */
export const ofBooking = <T extends object>(id: number, data: T): T & { id: number } => ({ ...data, id });
