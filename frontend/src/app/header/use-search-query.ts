import { useQuery } from '@tanstack/react-query';

/**
 * A header search's answer for `q` (already debounced by the caller); off while `enabled` is false or q is empty.
 * Answers stay fresh for half a minute; a failed search is not tried again (the next keystroke asks anew).
 */
export function useSearchQuery<T>(queryKey: readonly unknown[], search: (q: string, signal?: AbortSignal) => Promise<T>, q: string, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => search(q, signal),
    enabled: enabled && q.length > 0,
    staleTime: 30_000,
    retry: false,
  });
}
