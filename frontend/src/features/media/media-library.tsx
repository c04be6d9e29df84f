import '../../ui/data-table/data-table.css';
import './media.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { notify } from '../../app/notifications/notifications';
import { Button } from '../../ui/common/button';
import { cx } from '../../ui/common/cx';
import { Icon } from '../../ui/common/icons';
import { useDebouncedValue } from '../../ui/common/use-debounced';
import { Pager } from '../../ui/data-table/pager';
import { MultiSelect } from '../../ui/fields/multi-select';
import { invalidatePhotoLists, isProcessing, isUsed, patchCachedLists, usePhotoList, usePhotoTours, type Photo, type PhotoListFilter } from './api/photos';
import { MediaIcon } from './media-icons';
import { DeletePhotoDialog, EditPhotoDialog } from './photo-dialogs';
import { splitBatch } from './upload.logic';
import { useUploads, type UploadingFile } from './use-uploads';

export const SEARCH_DEBOUNCE_MS = 400;

/** In select mode: which photos are chosen and which is the hero (see ui/photo-selector). */
export interface LibrarySelection {
  photoIds: number[];
  heroImageId: number | null;
  onToggle: (id: number) => void;
  onHero: (id: number) => void;
}

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
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [toursIds, setToursIds] = useState<number[]>([]);
  const filter: PhotoListFilter = useMemo(() => ({ page, search, toursIds }), [page, search, toursIds]);
  /** Photos uploaded on this visit: kept at the top of the first page (spec 01 §4). */
  const [uploadedTop, setUploadedTop] = useState<Photo[]>([]);
  const list = usePhotoList(filter, uploadedTop.some(isProcessing));
  const tours = usePhotoTours();
  const tourOptions = useMemo(() => (tours.data ?? []).map((x) => ({ value: x.id, label: x.name })), [tours.data]);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [previewSnapshot, setPreviewSnapshot] = useState<Photo | null>(null);
  const [editing, setEditing] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const filtered = search !== '' || toursIds.length > 0;

  // A new filter starts at page 1.
  useEffect(() => setPage(1), [search, toursIds]);

  const uploads = useUploads(
    (photo) => {
      setUploadedTop((top) => [photo, ...top.filter((p) => p.id !== photo.id)]);
      patchCachedLists(qc, photo, true);
      void invalidatePhotoLists(qc);
    },
    (err, name) => notify({ title: err.message, message: err.detail ? `${name}: ${err.detail}` : name, type: 2 }),
  );

  /**
   * What this visit changed. The list is read from a projection that may lag a moment behind a command, so a
   * refetch right after a save or delete could still show the old row: edits are laid over and deleted photos
   * left out for the rest of the visit.
   */
  const [edited, setEdited] = useState<ReadonlyMap<number, Photo>>(new Map());
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const entities = list.data?.entities;
  const photos = useMemo(() => {
    let rows = entities ?? [];
    if (page === 1 && !filtered && uploadedTop.length > 0) {
      const fresh = new Map(rows.map((p) => [p.id, p]));
      const top = uploadedTop.map((p) => fresh.get(p.id) ?? p);
      const topIds = new Set(top.map((p) => p.id));
      rows = [...top, ...rows.filter((p) => !topIds.has(p.id))];
    }
    return rows
      .filter((p) => !removed.has(p.id))
      .map((p) => {
        const e = edited.get(p.id);
        return e && (e.title !== p.title || e.description !== p.description) ? { ...p, title: e.title, description: e.description } : p;
      });
  }, [entities, page, filtered, uploadedTop, edited, removed]);

  // Keep the uploaded ones up to date with what the list answers (their variants get ready).
  useEffect(() => {
    if (!entities) return;
    setUploadedTop((top) => {
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

  useEffect(() => {
    if (onPhotosSeen && photos.length) onPhotosSeen(photos);
  }, [photos, onPhotosSeen]);

  const previewPhoto = useMemo(() => photos.find((p) => p.id === previewId) ?? (previewSnapshot?.id === previewId ? previewSnapshot : null), [photos, previewId, previewSnapshot]);
  const openPreview = (p: Photo) => {
    setPreviewId(p.id);
    setPreviewSnapshot(p);
  };

  const onSaved = (p: Photo) => {
    setEdited((m) => new Map(m).set(p.id, p));
    setUploadedTop((top) => top.map((x) => (x.id === p.id ? p : x)));
    if (previewId === p.id) setPreviewSnapshot(p);
  };
  const onDeleted = (id: number) => {
    setRemoved((r) => new Set(r).add(id));
    setUploadedTop((top) => top.filter((x) => x.id !== id));
    if (previewId === id) setPreviewId(null);
  };

  const addFiles = (files: File[]) => {
    const split = splitBatch(files);
    if (split.duplicates.length) notify({ title: t('upload.duplicatesTitle'), message: t('upload.duplicates', { names: [...new Set(split.duplicates)].join(', ') }), type: 1 });
    if (split.notImages.length) notify({ title: t('upload.notImagesTitle'), message: t('upload.notImages', { names: split.notImages.join(', ') }), type: 1 });
    // Start them so the first file of the batch ends up first in the uploading list.
    uploads.addFiles([...split.accepted].reverse());
  };

  const noRows = !list.isPending && photos.length === 0 && uploads.items.length === 0;
  const showPreview = !compact;

  return (
    <div className={cx('media-lib', compact && 'media-lib--compact', !showPreview && 'media-lib--no-preview')} data-testid="media-library" data-mode={mode}>
      <div className="media-lib__main">
        <UploadArea onFiles={addFiles} />
        <div className="media-filter card" role="search" data-testid="media-filter">
          <label className="media-filter__search">
            <span className="tbo-sr-only">{t('filter.search')}</span>
            <Icon name="search" size={16} className="media-filter__search-icon" />
            <input className="tbo-input" type="search" maxLength={200} value={searchText} placeholder={t('filter.searchPlaceholder')} onChange={(e) => setSearchText(e.target.value)} data-testid="media-search" />
          </label>
          <div className="media-filter__tours">
            <span className="media-filter__label" id="media-tours-label">
              {t('filter.tours')}
            </span>
            <MultiSelect<number> options={tourOptions} value={toursIds} onChange={setToursIds} placeholder={t('filter.allTours')} ariaLabelledBy="media-tours-label" className="media-filter__tours-select" />
          </div>
          {filtered && (
            <Button
              variant="ghost"
              icon="filterOff"
              label={t('filter.clear')}
              onClick={() => {
                setSearchText('');
                setToursIds([]);
              }}
              data-testid="media-filter-clear"
            />
          )}
          <div className="media-filter__spacer" />
          <Button variant="ghost" icon="refresh" iconOnly label={t('grid.refresh')} onClick={() => void list.refetch()} busy={list.isFetching && !list.isPending} />
        </div>

        {list.isError && !list.data ? (
          <div className="card media-state" data-testid="media-load-error">
            <FormMessage kind="error">{t('grid.loadFailed', { message: list.error instanceof Error ? list.error.message : '' })}</FormMessage>
            <Button label={t('grid.retry')} onClick={() => void list.refetch()} />
          </div>
        ) : list.isPending ? (
          <div className="media-grid" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="media-tile media-tile--skeleton" />
            ))}
          </div>
        ) : noRows ? (
          <div className="card media-state media-state--empty" data-testid="media-empty">
            <MediaIcon name="image" size={40} />
            <p>{filtered ? t('grid.noMatch') : t('grid.empty')}</p>
          </div>
        ) : (
          <ul className={cx('media-grid', list.isFetching && list.isPlaceholderData && 'media-grid--loading')} aria-label={t('grid.label')} data-testid="media-grid">
            {uploads.items.map((u) => (
              <UploadTile key={u.guid} item={u} onDismiss={() => uploads.dismiss(u.guid)} />
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
                  openPreview(p);
                  // In the selector a click on the picture ticks it, as the checkbox does.
                  if (mode === 'select') selection?.onToggle(p.id);
                }}
                onToggle={() => selection?.onToggle(p.id)}
                onHero={() => selection?.onHero(p.id)}
                onEdit={() => setEditing(p)}
                onDelete={() => setDeleting(p)}
              />
            ))}
          </ul>
        )}
        <Pager paging={list.data?.pagingInfo ?? null} onPage={setPage} disabled={list.isFetching} />
      </div>
      {showPreview && (
        <aside className="media-lib__preview card" aria-label={t('preview.title')} data-testid="media-preview">
          <Preview photo={previewPhoto} onEdit={setEditing} onDelete={setDeleting} />
        </aside>
      )}
      {editing && <EditPhotoDialog photo={editing} onClose={() => setEditing(null)} onSaved={onSaved} />}
      {deleting && <DeletePhotoDialog photo={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </div>
  );
}

function UploadArea({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('media');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = Array.from(e.dataTransfer.files ?? []);
    if (files.length) onFiles(files);
  };
  return (
    <div
      className={cx('media-upload', over && 'media-upload--over')}
      data-testid="media-upload"
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <span className="media-upload__icon">
        <MediaIcon name="upload" size={22} />
      </span>
      <div className="media-upload__text">
        <strong>{over ? t('upload.dropNow') : t('upload.title')}</strong>
        <span className="media-muted">{t('upload.hint')}</span>
      </div>
      <Button variant="primary" icon={<MediaIcon name="upload" />} label={t('upload.choose')} onClick={() => input.current?.click()} data-testid="media-upload-button" />
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="media-upload-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}

function ProcessingFace() {
  const { t } = useTranslation('media');
  return (
    <span className="media-tile__processing" data-testid="media-processing">
      <span className="tbo-spinner" aria-hidden="true" />
      {t('grid.processing')}
    </span>
  );
}

/** An image that never shows as broken: while it loads a calm background, on failure a placeholder. */
function SafeImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const { t } = useTranslation('media');
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src)
    return (
      <span className="media-tile__unavailable">
        <MediaIcon name="image" size={24} />
        {t('grid.unavailable')}
      </span>
    );
  return <img className={className} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}

function UploadTile({ item, onDismiss }: { item: UploadingFile; onDismiss: () => void }) {
  const { t } = useTranslation('media');
  return (
    <li className={cx('media-tile', 'media-tile--upload', item.phase === 'error' && 'media-tile--error')} data-testid="media-upload-tile" data-phase={item.phase}>
      <div className="media-tile__frame">
        {item.previewUrl && <img className="media-tile__img media-tile__img--dim" src={item.previewUrl} alt="" />}
        <div className="media-tile__overlay">
          {item.phase === 'uploading' && (
            <>
              <span className="media-tile__progress-text">{t('upload.uploading', { progress: item.progress })}</span>
              <span className="media-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress} aria-label={item.name}>
                <span className="media-progress__bar" style={{ width: `${item.progress}%` }} />
              </span>
            </>
          )}
          {item.phase === 'processing' && <ProcessingFace />}
          {item.phase === 'error' && (
            <span className="media-tile__error" role="alert" data-testid="media-upload-error" title={item.detail ?? undefined}>
              <MediaIcon name="alert" size={18} />
              {item.error}
            </span>
          )}
        </div>
      </div>
      <div className="media-tile__caption">
        <span className="media-tile__title" title={item.name}>
          {item.name}
        </span>
        {item.phase === 'error' && <Button variant="ghost" size="sm" iconOnly icon="x" label={t('upload.dismiss')} onClick={onDismiss} />}
      </div>
    </li>
  );
}

function PhotoTile({
  photo,
  active,
  mode,
  selected,
  hero,
  onPreview,
  onToggle,
  onHero,
  onEdit,
  onDelete,
}: {
  photo: Photo;
  active: boolean;
  mode: 'browse' | 'select';
  selected: boolean;
  hero: boolean;
  onPreview: () => void;
  onToggle: () => void;
  onHero: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('media');
  const processing = isProcessing(photo);
  const title = photo.title || t('grid.untitled');
  const src = photo.urlSmall ?? photo.urlMedium;
  return (
    <li
      className={cx('media-tile', active && 'media-tile--active', selected && 'media-tile--selected', processing && 'media-tile--processing')}
      data-testid="media-tile"
      data-photo-id={photo.id}
      data-status={processing ? 'processing' : 'ready'}
    >
      <button type="button" className="media-tile__frame media-tile__open" onClick={onPreview} aria-label={t('actions.preview', { title })} aria-pressed={active}>
        {processing || !src ? <ProcessingFace /> : <SafeImage className="media-tile__img" src={src} alt={title} />}
        {isUsed(photo) && <span className="media-tile__badge">{t('grid.inUse')}</span>}
      </button>
      {mode === 'select' && (
        <>
          <label className="media-tile__check" title={selected ? t('selector.deselect') : t('selector.select')}>
            <input type="checkbox" checked={selected} onChange={onToggle} aria-label={t('selector.selectPhoto', { title })} data-testid="media-select" />
          </label>
          <button type="button" className={cx('media-tile__hero', hero && 'media-tile__hero--on')} onClick={onHero} aria-pressed={hero} title={hero ? t('selector.hero') : t('selector.makeHero')} aria-label={t('selector.makeHeroOf', { title })} data-testid="media-hero">
            <MediaIcon name="star" size={16} filled={hero} />
          </button>
        </>
      )}
      <div className="media-tile__caption">
        <span className={cx('media-tile__title', !photo.title && 'media-muted')} title={title} data-testid="media-tile-title">
          {title}
        </span>
        <span className="media-tile__actions">
          <Button variant="ghost" size="sm" iconOnly icon="pencil" label={t('actions.edit')} onClick={onEdit} data-testid="media-edit" />
          <Button variant="ghost" size="sm" iconOnly icon={<MediaIcon name="trash" size={14} />} label={t('actions.delete')} onClick={onDelete} data-testid="media-delete" className="media-tile__delete" />
        </span>
      </div>
    </li>
  );
}

function UsageList({ label, items, testId }: { label: string; items: { id: number; name: string }[] | null; testId: string }) {
  if (!items?.length) return null;
  return (
    <div className="media-usage__group" data-testid={testId}>
      <div className="media-usage__label">
        {label} <span className="media-usage__count">{items.length}</span>
      </div>
      <ul className="media-usage__chips">
        {items.map((x) => (
          <li key={x.id} className="media-chip">
            {x.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Preview({ photo, onEdit, onDelete }: { photo: Photo | null; onEdit: (p: Photo) => void; onDelete: (p: Photo) => void }) {
  const { t } = useTranslation('media');
  if (!photo)
    return (
      <div className="media-preview media-preview--empty">
        <MediaIcon name="image" size={40} />
        <p>{t('preview.empty')}</p>
      </div>
    );
  const processing = isProcessing(photo);
  const src = photo.urlMedium ?? photo.urlSmall;
  return (
    <div className="media-preview" data-testid="media-preview-photo" data-photo-id={photo.id}>
      <div className="media-preview__frame">{processing || !src ? <ProcessingFace /> : <SafeImage className="media-preview__img" src={src} alt={photo.title || t('grid.untitled')} />}</div>
      <div className="media-preview__body">
        <h2 className={cx('media-preview__title', !photo.title && 'media-muted')} data-testid="media-preview-title">
          {photo.title || t('grid.untitled')}
        </h2>
        <p className="media-muted media-preview__id">{t('preview.id', { id: photo.id })}</p>
        <p className={cx('media-preview__description', !photo.description && 'media-muted')}>{photo.description || t('preview.noDescription')}</p>
        <div className="media-usage" data-testid="media-usage">
          <h3 className="media-usage__title">{t('preview.usage')}</h3>
          {isUsed(photo) ? (
            <>
              <UsageList label={t('preview.tours')} items={photo.usedInTours} testId="media-usage-tours" />
              <UsageList label={t('preview.countries')} items={photo.usedInCountries} testId="media-usage-countries" />
              <UsageList label={t('preview.widgets')} items={photo.usedInWidgets} testId="media-usage-widgets" />
            </>
          ) : (
            <p className="media-muted">{t('preview.notUsed')}</p>
          )}
        </div>
        <div className="media-preview__actions">
          <Button icon="pencil" label={t('actions.edit')} onClick={() => onEdit(photo)} data-testid="media-preview-edit" />
          {photo.urlBig && !processing && (
            <a className="tbo-btn tbo-btn--ghost tbo-btn--md" href={photo.urlBig} target="_blank" rel="noreferrer">
              <MediaIcon name="external" />
              <span className="tbo-btn__label">{t('actions.openOriginal')}</span>
            </a>
          )}
          <Button variant="danger" icon={<MediaIcon name="trash" />} label={t('actions.delete')} onClick={() => onDelete(photo)} data-testid="media-preview-delete" />
        </div>
      </div>
    </div>
  );
}
