import { apiCall } from '../../../lib/api-client';
import { historySchema } from '../../../app/catalog/tour.schema';
import type { HistoryEntry } from '../../../app/catalog/tour.types';

export const tourHistoryKey = (id: number) => ['tours', 'history', id] as const;

/** GET /api/tours/{id}/history: the tour's events, oldest first, each with the fields it changed. */
export function fetchTourHistory(id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiCall(historySchema, 'GET', `/api/tours/${id}/history`, undefined, { signal });
}
