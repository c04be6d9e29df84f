import { useQuery } from '@tanstack/react-query';
import { listPhotos } from '../media/api/list-photos';

/**
 * Photo titles for the histories of tours and tickets, which hold photo ids: the library is read page by page
 * (app/media's list, newest first) until every wanted id is found, or a few pages in.
 */

const MAX_PAGES = 10;

export interface PhotoTitle {
  value: number;
  label: string;
}

async function fetchPhotoTitles(ids: readonly number[], signal?: AbortSignal): Promise<PhotoTitle[]> {
  const wanted = new Set(ids);
  const found: PhotoTitle[] = [];
  for (let page = 1; page <= MAX_PAGES && wanted.size > 0; page++) {
    const answer = await listPhotos({ page, search: '', toursIds: [] }, signal);
    for (const p of answer.entities) {
      if (!wanted.delete(p.id)) continue;
      found.push({ value: p.id, label: p.title?.trim() || `#${p.id}` });
    }
    if (answer.pagingInfo.nextPage === null) break;
  }
  return found;
}

/** The titles of these photos (in any order); photos the library no longer has are simply not in the list. */
export function usePhotoTitles(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['photos', 'titles', sorted],
    queryFn: ({ signal }) => fetchPhotoTitles(sorted, signal),
    enabled: sorted.length > 0,
    staleTime: 60_000,
  });
}

/** Every photo id a history names (its photo lists and hero images). */
export function photoIdsOfHistory(entries: readonly { changes: { field: string; before: unknown; after: unknown }[] }[] | undefined): number[] {
  const ids: number[] = [];
  const take = (v: unknown) => {
    if (typeof v === 'number') ids.push(v);
    else if (Array.isArray(v)) v.forEach(take);
  };
  for (const e of entries ?? []) for (const c of e.changes) if (c.field === 'photos' || c.field === 'heroImageId') [c.before, c.after].forEach(take);
  return ids;
}
