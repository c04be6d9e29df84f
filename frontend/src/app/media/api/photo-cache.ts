import type { QueryClient } from '@tanstack/react-query';
import { replaceById } from '../upload.logic';
import type { Photo, PhotoListFilter, PhotoPage } from './photo.schema';

/** Every cached page of the photo list sits under this key; the filter is the third part. */
export const PHOTO_LIST_KEY = ['photos', 'list'] as const;
export const photoListKey = (f: PhotoListFilter) => [...PHOTO_LIST_KEY, f] as const;
/** The photo selector's look-ups of chosen photos by id (not list pages: an upload never goes on top of them). */
export const SELECTED_PHOTOS_KEY = ['photos', 'selected'] as const;

/** Puts a photo into every cached list page that holds it (or, with `onTop`, at the top of the first pages). */
export function patchCachedLists(qc: QueryClient, photo: Photo, onTop = false): void {
  for (const [key, data] of qc.getQueriesData<PhotoPage>({ queryKey: PHOTO_LIST_KEY })) {
    if (!data) continue;
    const filter = (key as readonly unknown[])[2] as PhotoListFilter | undefined;
    const has = data.entities.some((p) => p.id === photo.id);
    if (has) qc.setQueryData<PhotoPage>(key, { ...data, entities: replaceById(data.entities, photo) });
    else if (onTop && filter?.page === 1) qc.setQueryData<PhotoPage>(key, { ...data, entities: [photo, ...data.entities] });
  }
}

export function invalidatePhotoLists(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: PHOTO_LIST_KEY }), qc.invalidateQueries({ queryKey: SELECTED_PHOTOS_KEY })]);
}
