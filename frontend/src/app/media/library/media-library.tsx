import '../../../ui/data-table/data-table.css';
import '../../../ui/data-table/data-table-head.css';
import '../media.css';
import '../media-panels.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notifications/notifications';
import { cx } from '../../../ui/common/cx';
import { useDebouncedValue } from '../../../ui/common/use-debounced';
import { Pager } from '../../../ui/data-table/pager';
import type { Photo, PhotoListFilter } from '../api/photo.schema';
import { useRefusalText } from '../refusal-text';
import { splitBatch } from '../upload.logic';
import { useUploads } from '../use-uploads';
import { MediaFilter } from './media-filter';
import { PhotoGrid, type LibrarySelection } from './photo-grid';
import { DeletePhotoDialog, EditPhotoDialog } from './photo-dialogs';
import { PhotoPreview } from './photo-preview';
import { UploadArea } from './upload-area';
import { pageToShow } from './library-rows.logic';
import { useLibraryRows } from './use-library-rows';

export type { LibrarySelection } from './photo-grid';

export const SEARCH_DEBOUNCE_MS = 400;

export interface MediaLibraryProps {
  /** 'browse' (/mediamanager: nothing selectable) or 'select' (the photo selector). */
  mode: 'browse' | 'select';
  selection?: LibrarySelection;
  /** Every photo the library shows (the selector keeps them to draw its chosen strip). */
  onPhotosSeen?: (photos: Photo[]) => void;
  /** Smaller tiles and no preview column (for an editor tab). */
  compact?: boolean;
}

/**
 * The photo library (spec 01 §2 media manager): upload area, filter (search text, tours), paged grid, preview of
 * the chosen photo with usage stats, edit popup and delete. /mediamanager uses it to browse; the photo selector
 * uses it to pick photos and the hero image.
 */
export function MediaLibrary({ mode, selection, onPhotosSeen, compact }: MediaLibraryProps) {
  const { t } = useTranslation('media');
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [toursIds, setToursIds] = useState<number[]>([]);
  const filter: PhotoListFilter = useMemo(() => ({ page, search, toursIds }), [page, search, toursIds]);
  const filtered = search !== '' || toursIds.length > 0;
  const { list, photos, paging, onUploaded, onSaved, onDeleted } = useLibraryRows(filter, filtered);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [previewSnapshot, setPreviewSnapshot] = useState<Photo | null>(null);
  const [editing, setEditing] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);

  // A new filter starts at page 1.
  useEffect(() => setPage(1), [search, toursIds]);

  // The server answers the last page for one past it (after a delete): follow it, as useTableData does. A placeholder
  // (the previous page's answer kept while this one loads) says nothing about this page.
  const answered = list.isPlaceholderData ? null : (list.data?.pagingInfo ?? null);
  const shownCount = photos.length;
  useEffect(() => {
    const next = pageToShow(page, answered, shownCount);
    if (next !== page) setPage(next);
  }, [page, answered, shownCount]);

  const { uploadDetail } = useRefusalText();
  const uploads = useUploads(onUploaded, (err, name) => {
    // A 401 signed the user out (the sign-in page says 'Unauthorized'), as apiCall does: no notification repeats it.
    if (err.status === 401) return;
    const detail = uploadDetail(err.status, err.detail);
    notify({ title: err.message, message: detail ? `${name}: ${detail}` : name, kind: 'error' });
  });

  useEffect(() => {
    if (onPhotosSeen && photos.length) onPhotosSeen(photos);
  }, [photos, onPhotosSeen]);

  const previewPhoto = useMemo(() => photos.find((p) => p.id === previewId) ?? (previewSnapshot?.id === previewId ? previewSnapshot : null), [photos, previewId, previewSnapshot]);
  const openPreview = (p: Photo) => {
    setPreviewId(p.id);
    setPreviewSnapshot(p);
  };
  const saved = (p: Photo) => {
    onSaved(p);
    if (previewId === p.id) setPreviewSnapshot(p);
  };
  const deleted = (id: number) => {
    onDeleted(id);
    if (previewId === id) setPreviewId(null);
  };

  const addFiles = (files: File[]) => {
    const split = splitBatch(files);
    if (split.duplicates.length) notify({ title: t('upload.duplicatesTitle'), message: t('upload.duplicates', { names: [...new Set(split.duplicates)].join(', ') }), kind: 'warning' });
    if (split.notImages.length) notify({ title: t('upload.notImagesTitle'), message: t('upload.notImages', { names: split.notImages.join(', ') }), kind: 'warning' });
    // Start them so the first file of the batch ends up first in the uploading list.
    uploads.addFiles([...split.accepted].reverse());
  };

  const showPreview = !compact;

  return (
    <div className={cx('media-lib', compact && 'media-lib--compact', !showPreview && 'media-lib--no-preview')} data-testid="media-library" data-mode={mode}>
      <div className="media-lib__main">
        <UploadArea onFiles={addFiles} />
        <MediaFilter
          searchText={searchText}
          onSearchText={setSearchText}
          toursIds={toursIds}
          onToursIds={setToursIds}
          filtered={filtered}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching && !list.isPending}
        />
        <PhotoGrid
          list={list}
          photos={photos}
          uploads={uploads.items}
          onDismissUpload={uploads.dismiss}
          filtered={filtered}
          mode={mode}
          selection={selection}
          previewId={previewId}
          onPreview={openPreview}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
        <Pager paging={paging} onPage={setPage} disabled={list.isFetching} />
      </div>
      {showPreview && (
        <aside className="media-lib__preview card" aria-label={t('preview.title')} data-testid="media-preview">
          <PhotoPreview photo={previewPhoto} onEdit={setEditing} onDelete={setDeleting} />
        </aside>
      )}
      {editing && <EditPhotoDialog photo={editing} onClose={() => setEditing(null)} onSaved={saved} />}
      {deleting && <DeletePhotoDialog photo={deleting} onClose={() => setDeleting(null)} onDeleted={deleted} />}
    </div>
  );
}
