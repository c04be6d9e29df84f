import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { listOf, offerPriceSchema } from './new-booking.schema';

/** The unit prices of the tour's offers on the date (GET /api/agent/offers/price); the totals are computed in the form. */
export function useOfferPrices(tourId: number | null, date: string) {
  return useQuery({
    queryKey: ['agent', 'new-booking', 'price', tourId, date],
    queryFn: ({ signal }) => apiCall(listOf(offerPriceSchema), 'GET', `/api/agent/offers/price?tourId=${tourId}&date=${date}`, undefined, { signal }),
    enabled: tourId !== null && date !== '',
  });
}
