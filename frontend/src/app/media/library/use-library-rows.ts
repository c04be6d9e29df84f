import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { usePhotoList } from '../api/list-photos';
import { invalidatePhotoLists, patchCachedLists } from '../api/photo-cache';
import { isProcessing, type Photo, type PhotoListFilter } from '../api/photo.schema';
import { shownPaging, shownRows } from './library-rows.logic';

/**
 * The library's rows: the list answer for `filter` with this visit's uploads, edits and deletes laid over it (see
 * shownRows), the pager counter that matches them, and the callbacks that record those changes.
 */
export function useLibraryRows(filter: PhotoListFilter, filtered: boolean) {
  const qc = useQueryClient();
  const [onTop, setOnTop] = useState<Photo[]>([]);
  const [edited, setEdited] = useState<ReadonlyMap<number, Photo>>(new Map());
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const list = usePhotoList(filter, onTop.some(isProcessing));
  const entities = list.data?.entities;
  const withTop = filter.page === 1 && !filtered;

  const photos = useMemo(() => shownRows(entities ?? [], { onTop, edited, removed }, withTop), [entities, onTop, edited, removed, withTop]);
  const paging = useMemo(() => shownPaging(list.data?.pagingInfo ?? null, photos.length), [list.data?.pagingInfo, photos.length]);

  // Keep the uploaded ones up to date with what the list answers (their variants get ready).
  useEffect(() => {
    if (!entities) return;
    setOnTop((top) => {
      const fresh = new Map(entities.map((p) => [p.id, p]));
      let changed = false;
      const next = top.map((p) => {
        const f = fresh.get(p.id);
        if (f && f !== p) changed = true;
        return f ?? p;
      });
      return changed ? next : top;
    });
  }, [entities]);

  const onUploaded = (photo: Photo) => {
    setOnTop((top) => [photo, ...top.filter((p) => p.id !== photo.id)]);
    patchCachedLists(qc, photo, true);
    void invalidatePhotoLists(qc);
  };
  const onSaved = (p: Photo) => {
    setEdited((m) => new Map(m).set(p.id, p));
    setOnTop((top) => top.map((x) => (x.id === p.id ? p : x)));
  };
  const onDeleted = (id: number) => {
    setRemoved((r) => new Set(r).add(id));
    setOnTop((top) => top.filter((x) => x.id !== id));
  };

  return { list, photos, paging, onUploaded, onSaved, onDeleted };
}
