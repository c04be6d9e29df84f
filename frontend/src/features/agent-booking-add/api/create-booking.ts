import { apiCall } from '../../../lib/api-client';
import { createdBookingSchema, type CreatedBooking } from './new-booking.schema';

/** What POST /api/agent/bookings takes (spec 02 §3 New agent booking); times in minutes after midnight. */
export interface NewBookingPayload {
  date: string;
  hotelId: number;
  customHotelName: string;
  tourId: number;
  offerId: number;
  timeSlotId: number | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  roomNumber: string;
  phones: string[];
  paid: number;
  paidOrig: number;
  collect: number;
  collectOrig: number;
  voucherNumber: string;
  notes: string;
  arrivalId: number | null;
  groupId: number | null;
  groupInfoId: number | null;
  /** The slot's times, for information (the server reads them from the slot); left out for a no-time slot. */
  startTime?: number;
  endTime?: number;
}

/** An Idempotency-Key the server accepts (8 to 100 of letters, digits, _.:-). */
export function newIdempotencyKey(): string {
  const random = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `booking-${random}`;
}

/**
 * POST /api/agent/bookings with the form's Idempotency-Key, so a double click or a retried request makes one
 * booking. Silent: a refusal carries the per-field messages (ApiError content) and the form shows them.
 */
export function createBooking(payload: NewBookingPayload, idempotencyKey: string): Promise<CreatedBooking> {
  return apiCall(createdBookingSchema, 'POST', '/api/agent/bookings', payload, { silent: true, idempotencyKey });
}
