import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { photoListKey, SELECTED_PHOTOS_KEY } from './photo-cache';
import { isProcessing, photoPageSchema, type Photo, type PhotoListFilter, type PhotoPage } from './photo.schema';

/** While any shown photo is still being processed, the list is asked again this often. */
export const PROCESSING_POLL_MS = 1500;

/**
 * POST /api/photos/list (spec 01 §7): one page of the caller's photos, newest first. `background`: no page-wide
 * spinner (the polls while photos are processed must not cover the page every 1.5 s).
 */
export function listPhotos(filter: PhotoListFilter, signal?: AbortSignal, background = false): Promise<PhotoPage> {
  return apiCall(photoPageSchema, 'POST', '/api/photos/list', filter, { signal, background });
}

/**
 * The list is being polled: a photo it shows (or, with `pollAnyway`, one outside it) is still processed. Only a
 * refetch of shown photos counts (`photos` defined): the first read of a list keeps the spinner.
 */
export function isPolling(photos: readonly Photo[] | undefined, pollAnyway = false): boolean {
  return photos !== undefined && (pollAnyway || photos.some(isProcessing));
}

/** `pollAnyway`: something outside the answer (a just-uploaded photo) is still being processed. */
export function usePhotoList(filter: PhotoListFilter, pollAnyway = false) {
  const queryKey = photoListKey(filter);
  return useQuery({
    queryKey,
    queryFn: ({ signal, client }) => listPhotos(filter, signal, isPolling(client.getQueryData<PhotoPage>(queryKey)?.entities, pollAnyway)),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (pollAnyway || q.state.data?.entities.some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}

/** Every one of these photos the caller still has (POST /api/photos/list with `ids`, page by page), newest first. */
export async function photosByIds(ids: readonly number[], signal?: AbortSignal, background = false): Promise<Photo[]> {
  const found: Photo[] = [];
  for (let page = 1; ; page++) {
    const answer = await listPhotos({ page, search: '', toursIds: [], ids: [...ids] }, signal, background);
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
  const queryKey = [...SELECTED_PHOTOS_KEY, sorted];
  return useQuery({
    queryKey,
    queryFn: ({ signal, client }) => photosByIds(sorted, signal, isPolling(client.getQueryData<Photo[]>(queryKey))),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}
