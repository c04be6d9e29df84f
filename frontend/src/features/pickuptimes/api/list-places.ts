import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** GET /api/regions/supplier: regions with their city, by city then name. */
const regionSchema = z.object({ id: z.number(), name: z.string(), cityId: z.number(), cityName: z.string(), isActive: z.boolean() });
export type Region = z.infer<typeof regionSchema>;

/** GET /api/hotels/supplier: hotels with their region and city, by name. */
const hotelSchema = z.object({ id: z.number(), name: z.string(), regionId: z.number(), regionName: z.string(), cityId: z.number(), cityName: z.string() });
export type Hotel = z.infer<typeof hotelSchema>;

const list = <S extends z.ZodType>(item: S) =>
  z
    .array(item)
    .nullable()
    .transform((rows) => (rows ?? []) as z.output<S>[]);

const STALE_MS = 5 * 60_000;

/** The regions a new pick-up time starts from (a saved one answers its own region lines). */
export function useSupplierRegions(enabled: boolean) {
  return useQuery({ queryKey: ['regions', 'supplier'], queryFn: ({ signal }) => apiCall(list(regionSchema), 'GET', '/api/regions/supplier', undefined, { signal }), staleTime: STALE_MS, enabled });
}

/** The hotels the override table lists. */
export function useSupplierHotels() {
  return useQuery({ queryKey: ['hotels', 'supplier'], queryFn: ({ signal }) => apiCall(list(hotelSchema), 'GET', '/api/hotels/supplier', undefined, { signal }), staleTime: STALE_MS });
}
