import { useQuery } from '@tanstack/react-query';
import { fetchTour, tourKey } from '../../../app/catalog/tour-read';

/**
 * The ticket's tour, read as the tour editor reads it (same cache entry, ?after= the last change this tab made),
 * so a period saved here shows in the tour's Tickets tab. A tour that is not found is notified and the page then
 * leaves (spec 01 §8).
 */
export function useTour(id: number | null) {
  return useQuery({ queryKey: tourKey(id ?? 0), queryFn: ({ signal }) => fetchTour(id as number, signal), enabled: !!id, retry: false, refetchOnWindowFocus: false, staleTime: 30_000 });
}
