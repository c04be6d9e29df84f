import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PagingInfo } from '../../../ui/data-table/types';
import { replaceById } from '../upload.logic';

/** Spec 01 §3 photo, as /api/photos answers it. The URLs are null while the variants are being made. */
export interface UsageRef {
  id: number;
  name: string;
}
export interface Photo {
  id: number;
  title: string | null;
  description: string | null;
  urlBig: string | null;
  urlMedium: string | null;
  urlSmall: string | null;
  usedInTours: UsageRef[] | null;
  usedInCountries: UsageRef[] | null;
  usedInWidgets: UsageRef[] | null;
  status?: 'processing' | 'ready';
}

/** Spec 01 §3 photo list filter. */
export interface PhotoListFilter {
  page: number;
  search: string;
  toursIds: number[];
}

export interface PhotoPage {
  entities: Photo[];
  pagingInfo: PagingInfo;
}

/** While any shown photo is still being processed, the list is asked again this often. */
export const PROCESSING_POLL_MS = 1500;

export function isProcessing(p: Photo): boolean {
  return p.status === 'processing' || (p.status !== 'ready' && !p.urlSmall && !p.urlMedium);
}

export function isUsed(p: Photo): boolean {
  return !!(p.usedInTours?.length || p.usedInCountries?.length || p.usedInWidgets?.length);
}

const LIST_KEY = ['photos', 'list'] as const;
export const photoListKey = (f: PhotoListFilter) => [...LIST_KEY, f] as const;

/** `pollAnyway`: something outside the answer (a just-uploaded photo) is still being processed. */
export function usePhotoList(filter: PhotoListFilter, pollAnyway = false) {
  return useQuery({
    queryKey: photoListKey(filter),
    queryFn: ({ signal }) => apiRequest<PhotoPage>('POST', '/api/photos/list', filter, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (pollAnyway || q.state.data?.entities.some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}

export function usePhotoTours() {
  return useQuery({
    queryKey: ['photos', 'tours'],
    queryFn: ({ signal }) => apiRequest<UsageRef[]>('GET', '/api/photos/tours', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** Puts a photo into every cached list page that holds it (or, with `onTop`, at the top of the first pages). */
export function patchCachedLists(qc: QueryClient, photo: Photo, onTop = false): void {
  for (const [key, data] of qc.getQueriesData<PhotoPage>({ queryKey: LIST_KEY })) {
    if (!data) continue;
    const filter = (key as readonly unknown[])[2] as PhotoListFilter | undefined;
    const has = data.entities.some((p) => p.id === photo.id);
    if (has) qc.setQueryData<PhotoPage>(key, { ...data, entities: replaceById(data.entities, photo) });
    else if (onTop && filter?.page === 1) qc.setQueryData<PhotoPage>(key, { ...data, entities: [photo, ...data.entities] });
  }
}

export function useSavePhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; title: string; description: string }) => apiRequest<Photo>('POST', '/api/photos', p, { silent: true }),
    onSuccess: (photo) => patchCachedLists(qc, photo),
  });
}

export function useDeletePhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/photos/${id}`, undefined, { silent: true }),
    // Spec 01 §4: after a delete the list is requested again.
    onSuccess: () => qc.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function invalidatePhotoLists(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: LIST_KEY });
}
