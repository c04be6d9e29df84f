import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaIcon } from '../media-icons';

/** What a tile shows while the photo's variants are being made. */
export function ProcessingFace() {
  const { t } = useTranslation('media');
  return (
    <span className="media-tile__processing" data-testid="media-processing">
      <span className="tbo-spinner" aria-hidden="true" />
      {t('grid.processing')}
    </span>
  );
}

/** What a tile shows for a photo whose variants could not be made (it will not become ready by itself). */
export function FailedFace({ title }: { title: string }) {
  const { t } = useTranslation('media');
  return (
    <span className="media-tile__error media-tile__failed" data-testid="media-failed">
      <MediaIcon name="alert" size={18} />
      <span className="media-tile__failed-title">{title}</span>
      {t('grid.failed')}
    </span>
  );
}

/** An image that never shows as broken: while it loads a calm background, on failure a placeholder. */
export function SafeImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
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
