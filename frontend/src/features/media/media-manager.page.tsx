import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/use-document-title';
import { MediaLibrary } from '../../app/media/library/media-library';
import { PageHeader } from '../../ui/common/page-header';

/** /mediamanager (spec 01 §2): the photo library to browse, upload, edit and delete; nothing is selectable here. */
export function MediaManagerPage() {
  const { t } = useTranslation('media');
  const { t: tShell } = useTranslation('shell');
  useDocumentTitle(tShell('menu.mediamanager'));
  return (
    <div className="page media-page" data-testid="media-manager">
      <PageHeader title={tShell('menu.mediamanager')} subtitle={t('subtitle')} titleTestId="page-title" />
      <MediaLibrary mode="browse" />
    </div>
  );
}
