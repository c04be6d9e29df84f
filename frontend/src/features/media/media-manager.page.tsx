import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/use-document-title';
import { MediaLibrary } from './media-library';

/** /mediamanager (spec 01 §2): the photo library to browse, upload, edit and delete; nothing is selectable here. */
export function MediaManagerPage() {
  const { t } = useTranslation('media');
  const { t: tShell } = useTranslation('shell');
  useDocumentTitle(tShell('menu.mediamanager'));
  return (
    <div className="page media-page" data-testid="media-manager">
      <div className="page-header">
        <h1 className="page-title" data-testid="page-title">
          {tShell('menu.mediamanager')}
        </h1>
        <p className="page-subtitle">{t('subtitle')}</p>
      </div>
      <MediaLibrary mode="browse" />
    </div>
  );
}
