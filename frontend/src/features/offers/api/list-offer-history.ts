import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** GET /api/offers/{id}/history: who changed what and when, oldest first. */
export const offerHistorySchema = z.array(
  z.object({
    position: z.string(),
    at: z.string(),
    by: z.string().nullable(),
    event: z.string(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  }),
);
export type OfferHistoryEntry = z.infer<typeof offerHistorySchema>[number];

export const offerHistoryKey = (id: number) => ['offers', 'history', id] as const;

export const listOfferHistory = (id: number): Promise<OfferHistoryEntry[]> => apiCall(offerHistorySchema, 'GET', `/api/offers/${id}/history`);

export function useOfferHistory(id: number, enabled: boolean) {
  return useQuery({ queryKey: offerHistoryKey(id), queryFn: () => listOfferHistory(id), enabled: enabled && id > 0, retry: false, refetchOnWindowFocus: false });
}
