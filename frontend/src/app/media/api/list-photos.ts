import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { photoListKey } from './photo-cache';
import { isProcessing, photoPageSchema, type PhotoListFilter, type PhotoPage } from './photo.schema';

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
