import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../forms/field';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import type { usePhotoList } from '../api/list-photos';
import type { Photo } from '../api/photo.schema';
import { MediaIcon } from '../media-icons';
import type { UploadingFile } from '../use-uploads';
import { PhotoTile, UploadTile } from './photo-tiles';

/** In select mode: which photos are chosen and which is the hero (see app/media/photo-selector). */
export interface LibrarySelection {
  photoIds: number[];
  heroImageId: number | null;
  onToggle: (id: number) => void;
  onHero: (id: number) => void;
}

export interface PhotoGridProps {
  list: ReturnType<typeof usePhotoList>;
  photos: Photo[];
  uploads: UploadingFile[];
  onDismissUpload: (guid: string) => void;
  filtered: boolean;
  mode: 'browse' | 'select';
  selection?: LibrarySelection;
  previewId: number | null;
  onPreview: (p: Photo) => void;
  onEdit: (p: Photo) => void;
  onDelete: (p: Photo) => void;
}

/** The grid and its states: a load failure with Retry, skeleton tiles, empty, or the uploading and stored photos. */
export function PhotoGrid({ list, photos, uploads, onDismissUpload, filtered, mode, selection, previewId, onPreview, onEdit, onDelete }: PhotoGridProps) {
  const { t } = useTranslation('media');
  if (list.isError && !list.data)
    return (
      <div className="card media-state" data-testid="media-load-error">
        <FormMessage kind="error">{t('grid.loadFailed', { message: list.error instanceof Error ? list.error.message : '' })}</FormMessage>
        <Button label={t('grid.retry')} onClick={() => void list.refetch()} />
      </div>
    );
  if (list.isPending)
    return (
      <div className="media-grid" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="media-tile media-tile--skeleton" />
        ))}
      </div>
    );
  if (photos.length === 0 && uploads.length === 0)
    return (
      <div className="card media-state media-state--empty" data-testid="media-empty">
        <MediaIcon name="image" size={40} />
        <p>{filtered ? t('grid.noMatch') : t('grid.empty')}</p>
      </div>
    );
  return (
    <ul className={cx('media-grid', list.isFetching && list.isPlaceholderData && 'media-grid--loading')} aria-label={t('grid.label')} data-testid="media-grid">
      {uploads.map((u) => (
        <UploadTile key={u.guid} item={u} onDismiss={() => onDismissUpload(u.guid)} />
      ))}
      {photos.map((p) => (
        <PhotoTile
          key={p.id}
          photo={p}
          active={p.id === previewId}
          mode={mode}
          selected={selection?.photoIds.includes(p.id) ?? false}
          hero={selection?.heroImageId === p.id}
          onPreview={() => {
            onPreview(p);
            // In the selector a click on the picture ticks it, as the checkbox does.
            if (mode === 'select') selection?.onToggle(p.id);
          }}
          onToggle={() => selection?.onToggle(p.id)}
          onHero={() => selection?.onHero(p.id)}
          onEdit={() => onEdit(p)}
          onDelete={() => onDelete(p)}
        />
      ))}
    </ul>
  );
}
