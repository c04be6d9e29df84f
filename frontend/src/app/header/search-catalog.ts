import { z } from 'zod';
import type { CatalogSearchResult } from '@tbo/catalog/src/search/pure/catalog-search.pure';
import { apiCall } from '../../lib/api-client';
import { useSearchQuery } from './use-search-query';

/** GET /api/search?q= (modules/catalog/src/search): the supplier's tours and tickets by code or name. */
export const catalogSearchAnswer = z.object({
  tours: z.array(z.object({ id: z.number(), nameInternal: z.string(), nameDisplay: z.string() })),
  offers: z.array(z.object({ id: z.number(), tourId: z.number(), nameInternal: z.string(), nameDisplay: z.string(), tourNameInternal: z.string() })),
}) satisfies z.ZodType<CatalogSearchResult>;

/** Silent and in the background: a failed or slow search leaves the pages found and nothing on screen blocked. */
export function searchCatalog(q: string, signal?: AbortSignal): Promise<CatalogSearchResult> {
  return apiCall(catalogSearchAnswer, 'GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, { silent: true, background: true, signal });
}

export const catalogSearchKey = (q: string) => ['catalog-search', q] as const;

/** The catalog's answer for `q` (already debounced by the caller); off while `enabled` is false or q is empty. */
export const useCatalogSearch = (q: string, enabled: boolean) => useSearchQuery(catalogSearchKey(q), searchCatalog, q, enabled);
