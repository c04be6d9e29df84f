import { z } from 'zod';
import { apiCall } from '../../lib/api-client';
import type { BookingHit } from './search-results';
import { useSearchQuery } from './use-search-query';

/** GET /api/search/bookings?q= (modules/booking/src/lists): bookings by id, voucher or guest name the user may see. */
const bookingSearchAnswer = z
  .array(z.object({ id: z.number(), date: z.string(), guestName: z.string(), voucher: z.string(), tourName: z.string(), status: z.number().optional() }))
  .nullable()
  .transform((v): BookingHit[] => v ?? []);

export function searchBookings(q: string, signal?: AbortSignal): Promise<BookingHit[]> {
  return apiCall(bookingSearchAnswer, 'GET', `/api/search/bookings?q=${encodeURIComponent(q)}`, undefined, { silent: true, background: true, signal });
}

export const bookingSearchKey = (q: string) => ['booking-search', q] as const;

/** Operators open a booking in the list's panel; agents and staff agents on its own page. */
export const OPERATOR_BOOKING_ROLES = ['accounts', 'admin', 'operations'];
export const AGENT_BOOKING_ROLES = ['agent', 'sales'];
export const operatorBookingPath = (id: number) => `/bookings?id=${id}`;
export const agentBookingPath = (id: number) => `/agent/bookings/details/${id}`;

export const useBookingSearch = (q: string, enabled: boolean) => useSearchQuery(bookingSearchKey(q), searchBookings, q, enabled);
