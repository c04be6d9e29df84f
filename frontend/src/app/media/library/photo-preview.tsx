import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { isFailed, isProcessing, isUsed, type Photo } from '../api/photo.schema';
import { MediaIcon } from '../media-icons';
import { FailedFace, ProcessingFace, SafeImage } from './safe-image';

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

/** The chosen photo, large, with where it is used (spec 01 §2) and its actions. */
export function PhotoPreview({ photo, onEdit, onDelete }: { photo: Photo | null; onEdit: (p: Photo) => void; onDelete: (p: Photo) => void }) {
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
      <div className="media-preview__frame">{isFailed(photo) ? <FailedFace title={photo.title || t('grid.untitled')} /> : processing || !src ? <ProcessingFace /> : <SafeImage className="media-preview__img" src={src} alt={photo.title || t('grid.untitled')} />}</div>
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
              <UsageList label={t('preview.offers')} items={photo.usedInOffers ?? null} testId="media-usage-offers" />
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
