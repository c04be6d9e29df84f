import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../../lib/api-client';

/** GET /api/hotels/supplier: the hotels a pick-up may move to, by name. */
const hotelSchema = z.object({ id: z.number(), name: z.string(), regionName: z.string().nullable().optional() });
export type HotelOption = z.infer<typeof hotelSchema>;
const hotelsSchema = z.array(hotelSchema).nullable().transform((rows) => rows ?? []);

export function useHotelOptions(enabled: boolean) {
  return useQuery({ queryKey: ['hotels', 'supplier', 'booking-details'], queryFn: ({ signal }) => apiCall(hotelsSchema, 'GET', '/api/hotels/supplier', undefined, { signal, silent: true }), staleTime: 5 * 60_000, enabled });
}
