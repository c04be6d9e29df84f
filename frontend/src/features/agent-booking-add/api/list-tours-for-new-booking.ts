import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { listOf, tourSchema } from './new-booking.schema';

/**
 * The tours the agent may book for a guest of this hotel on this date (GET /api/agent/tours/fornewbooking): the
 * server filters by days offered, a valid period, the hotel's city and the contract, and tells the seats left.
 */
export function useToursForNewBooking(hotelId: number | null, date: string) {
  return useQuery({
    queryKey: ['agent', 'new-booking', 'tours', hotelId, date],
    queryFn: ({ signal }) => apiCall(listOf(tourSchema), 'GET', `/api/agent/tours/fornewbooking?hotelId=${hotelId}&date=${date}`, undefined, { signal }),
    enabled: hotelId !== null && date !== '',
    // Seats change as others book: a fresh list each time the choice changes.
    staleTime: 0,
  });
}
