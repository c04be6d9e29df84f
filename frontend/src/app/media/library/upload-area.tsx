import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { MediaIcon } from '../media-icons';
import { UPLOAD_ACCEPT } from '../upload.logic';

/** The drop zone and the Choose button; the picker offers only the formats the server takes. */
export function UploadArea({ onFiles }: { onFiles: (files: File[]) => void }) {
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
        accept={UPLOAD_ACCEPT}
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
