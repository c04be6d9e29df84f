import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { bookingViewSchema } from './booking-view.schema';

export const bookingKey = (id: number) => ['agent', 'booking', id] as const;

/**
 * GET /api/agent/bookings/{id}. Right after the booking was made its confirmation waits for that change
 * (`after`, the position the save answered), so the page never shows 'not found' for a booking just made.
 */
export function useAgentBooking(id: number, after: string | null) {
  return useQuery({
    queryKey: bookingKey(id),
    queryFn: ({ signal }) => apiCall(bookingViewSchema, 'GET', `/api/agent/bookings/${id}${after ? `?after=${encodeURIComponent(after)}` : ''}`, undefined, { signal, silent: true }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
