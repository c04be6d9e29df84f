import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hotelSchema, listOf } from './new-booking.schema';

/** The hotels a guest may be picked up from (GET /api/agent/hotels/fornewbooking): loaded once, searched in the browser. */
export const hotelsForNewBookingQuery = {
  queryKey: ['agent', 'new-booking', 'hotels'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiCall(listOf(hotelSchema), 'GET', '/api/agent/hotels/fornewbooking', undefined, { signal }),
  staleTime: 5 * 60_000,
};

export const useHotelsForNewBooking = () => useQuery(hotelsForNewBookingQuery);
