import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { photoListKey, SELECTED_PHOTOS_KEY } from './photo-cache';
import { isProcessing, photoPageSchema, type Photo, type PhotoListFilter, type PhotoPage } from './photo.schema';

/** While any shown photo is still being processed, the list is asked again this often. */
export const PROCESSING_POLL_MS = 1500;

/** POST /api/photos/list (spec 01 §7): one page of the caller's photos, newest first. */
export function listPhotos(filter: PhotoListFilter, signal?: AbortSignal): Promise<PhotoPage> {
  return apiCall(photoPageSchema, 'POST', '/api/photos/list', filter, { signal });
}

/** `pollAnyway`: something outside the answer (a just-uploaded photo) is still being processed. */
export function usePhotoList(filter: PhotoListFilter, pollAnyway = false) {
  return useQuery({
    queryKey: photoListKey(filter),
    queryFn: ({ signal }) => listPhotos(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (pollAnyway || q.state.data?.entities.some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}

/** Every one of these photos the caller still has (POST /api/photos/list with `ids`, page by page), newest first. */
export async function photosByIds(ids: readonly number[], signal?: AbortSignal): Promise<Photo[]> {
  const found: Photo[] = [];
  for (let page = 1; ; page++) {
    const answer = await listPhotos({ page, search: '', toursIds: [], ids: [...ids] }, signal);
    found.push(...answer.entities);
    if (answer.pagingInfo.nextPage === null || answer.pagingInfo.nextPage <= page) return found;
  }
}

/**
 * The photo selector's chosen photos that the library pages it loaded do not hold (ids sorted, so the same set is
 * one query); asked again while one of them is still being processed. Photos the caller no longer has are absent.
 */
export function useSelectedPhotos(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...SELECTED_PHOTOS_KEY, sorted],
    queryFn: ({ signal }) => photosByIds(sorted, signal),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}
