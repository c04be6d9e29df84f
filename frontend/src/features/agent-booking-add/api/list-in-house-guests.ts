import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { inHouseGuestSchema, listOf } from './new-booking.schema';

/** The guests staying at the hotel on the date, from the arrival lists (GET /api/agent/customers/inHouse). */
export function useInHouseGuests(hotelId: number | null, date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['agent', 'new-booking', 'in-house', hotelId, date],
    queryFn: ({ signal }) => apiCall(listOf(inHouseGuestSchema), 'GET', `/api/agent/customers/inHouse?hotelId=${hotelId}&date=${date}`, undefined, { signal }),
    enabled: enabled && hotelId !== null && date !== '',
  });
}
