import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { useSelectedPhotos } from '../api/list-photos';
import type { Photo } from '../api/photo.schema';
import { MediaLibrary } from '../library/media-library';
import { MediaIcon } from '../media-icons';
import './photo-selector.css';
import { chosenFace, mediaWarnings, setHero, togglePhoto, unknownIds, type ChosenFace, type PhotoSelection } from './selection.logic';

export interface PhotoSelectorProps {
  selectedIds: number[];
  heroImageId: number | null;
  onChange: (value: PhotoSelection) => void;
  /** Smaller library without the preview column (default true: it sits inside an editor tab). */
  compact?: boolean;
}

/**
 * The media library embedded as a photo selector (spec 01 §2: tour and offer Media tabs): tick photos, pick the
 * hero among them. The media warnings of spec 01 §5 show above (they do not block saving).
 */
export function PhotoSelector({ selectedIds, heroImageId, onChange, compact = true }: PhotoSelectorProps) {
  const { t } = useTranslation('media');
  const known = useRef(new Map<number, Photo>());
  const [, setSeen] = useState(0);
  const onPhotosSeen = useCallback((photos: Photo[]) => {
    let added = false;
    for (const p of photos) {
      if (known.current.get(p.id) !== p) added = true;
      known.current.set(p.id, p);
    }
    if (added) setSeen((n) => n + 1);
  }, []);
  // Chosen photos on no library page loaded yet (say, the 30th newest) are looked up by id, so the strip shows them.
  const lookup = useSelectedPhotos(unknownIds(selectedIds, known.current));
  const fetched = new Map((lookup.data ?? []).map((p) => [p.id, p]));
  const lookingUp = lookup.isFetching || (lookup.isPending && lookup.fetchStatus !== 'idle');
  const sel: PhotoSelection = { photoIds: selectedIds, heroImageId };
  const warnings = mediaWarnings(sel);
  return (
    <div className="photo-selector" data-testid="photo-selector">
      {/* The live region wraps the list: role=status on the items themselves would break the list (axe 'list'). */}
      <div role="status">
        {warnings.length > 0 && (
          <ul className="photo-selector__warnings" data-testid="media-warnings">
            {warnings.map((w) => (
              <li key={w} className="photo-selector__warning">
                <MediaIcon name="alert" size={16} />
                {t(`selector.${w}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <section className="photo-selector__chosen card" aria-label={t('selector.chosen', { count: selectedIds.length })}>
        <h3 className="photo-selector__title">{t('selector.chosen', { count: selectedIds.length })}</h3>
        {selectedIds.length === 0 ? (
          <p className="media-muted">{t('selector.chooseHint')}</p>
        ) : (
          <ul className="photo-selector__strip">
            {selectedIds.map((id) => {
              const p = known.current.get(id) ?? fetched.get(id);
              const hero = id === heroImageId;
              const src = p?.urlSmall ?? p?.urlMedium;
              const face = chosenFace(p, lookingUp);
              const title = p ? p.title || t('grid.untitled') : '';
              return (
                <li key={id} className={cx('photo-selector__item', hero && 'photo-selector__item--hero')} data-testid="photo-selector-item" data-photo-id={id} data-face={face}>
                  {face === 'image' && src ? <img src={src} alt={p?.title ?? ''} /> : <ChosenPlaceholder face={face} title={title} />}
                  <Button variant="ghost" size="sm" iconOnly icon={<MediaIcon name="star" size={14} filled={hero} className={hero ? 'photo-selector__hero-icon' : undefined} />} label={hero ? t('selector.hero') : t('selector.makeHero')} onClick={() => onChange(setHero(sel, id))} className="photo-selector__star" />
                  <Button variant="ghost" size="sm" iconOnly icon="x" label={t('selector.deselect')} onClick={() => onChange(togglePhoto(sel, id))} className="photo-selector__remove" />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <MediaLibrary
        mode="select"
        compact={compact}
        onPhotosSeen={onPhotosSeen}
        selection={{ photoIds: selectedIds, heroImageId, onToggle: (id) => onChange(togglePhoto(sel, id)), onHero: (id) => onChange(setHero(sel, id)) }}
      />
    </div>
  );
}

/** A chosen photo without a picture to show: processing, failed, being looked up or gone; never its raw id. */
function ChosenPlaceholder({ face, title }: { face: ChosenFace; title: string }) {
  const { t } = useTranslation('media');
  const text = face === 'failed' ? t('grid.failed') : face === 'processing' ? t('grid.processing') : face === 'loading' ? t('selector.loadingPhoto') : t('selector.missingPhoto');
  const name = title ? `${title}: ${text}` : text;
  return (
    <span className={cx('photo-selector__placeholder', face === 'failed' && 'photo-selector__placeholder--failed')} role="img" aria-label={name} title={name} aria-busy={face === 'loading' || undefined}>
      {face === 'loading' || face === 'processing' ? <span className="tbo-spinner" aria-hidden="true" /> : <MediaIcon name={face === 'failed' ? 'alert' : 'image'} size={20} />}
    </span>
  );
}
