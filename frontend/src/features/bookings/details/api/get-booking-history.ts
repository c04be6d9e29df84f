import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { bookingHistorySchema, type BookingHistoryEntry } from './booking-view.schema';

export const bookingHistoryKey = (id: number) => ['bookings', 'history', id] as const;

/** GET /api/bookings/{id}/history: every event of the booking, oldest first, with who, when and what changed. */
export function fetchBookingHistory(id: number, signal?: AbortSignal): Promise<BookingHistoryEntry[]> {
  return apiCall(bookingHistorySchema, 'GET', `/api/bookings/${id}/history`, undefined, { signal, silent: true });
}

export function useBookingHistory(id: number, enabled: boolean) {
  return useQuery({ queryKey: bookingHistoryKey(id), queryFn: ({ signal }) => fetchBookingHistory(id, signal), enabled, retry: false });
}
