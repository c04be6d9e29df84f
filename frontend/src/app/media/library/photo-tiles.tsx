import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { isFailed, isProcessing, isUsed, type Photo } from '../api/photo.schema';
import { MediaIcon } from '../media-icons';
import { useRefusalText } from '../refusal-text';
import type { UploadingFile } from '../use-uploads';
import { FailedFace, ProcessingFace, SafeImage } from './safe-image';

/** A file being sent: progress, then Processing; a failure keeps the spec 01 §8 message until dismissed. */
export function UploadTile({ item, onDismiss }: { item: UploadingFile; onDismiss: () => void }) {
  const { t } = useTranslation('media');
  const { uploadDetail } = useRefusalText();
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
            <span className="media-tile__error" role="alert" data-testid="media-upload-error" title={uploadDetail(item.status, item.detail) ?? undefined}>
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

/** A photo of the grid; in select mode with its tick box and hero star. */
export function PhotoTile({
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
  const failed = isFailed(photo);
  const title = photo.title || t('grid.untitled');
  const src = photo.urlSmall ?? photo.urlMedium;
  return (
    <li
      className={cx('media-tile', active && 'media-tile--active', selected && 'media-tile--selected', processing && 'media-tile--processing', failed && 'media-tile--error')}
      data-testid="media-tile"
      data-photo-id={photo.id}
      data-status={failed ? 'failed' : processing ? 'processing' : 'ready'}
    >
      {/* Named by its content, not an aria-label: the name then holds every word shown on it (Processing, In use). */}
      <button type="button" className="media-tile__frame media-tile__open" onClick={onPreview} aria-pressed={active}>
        <span className="tbo-sr-only">{t('actions.preview', { title })}</span>
        {failed ? <FailedFace title={title} /> : processing || !src ? <ProcessingFace /> : <SafeImage className="media-tile__img" src={src} alt="" />}
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
          <Button variant="ghost" size="sm" iconOnly icon="pencil" label={t('actions.editPhoto', { title })} onClick={onEdit} data-testid="media-edit" />
          <Button variant="ghost" size="sm" iconOnly icon={<MediaIcon name="trash" size={14} />} label={t('actions.deletePhoto', { title })} onClick={onDelete} data-testid="media-delete" className="media-tile__delete" />
        </span>
      </div>
    </li>
  );
}
