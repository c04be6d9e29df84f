import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../use-document-title';
import { PageHeader } from '../../ui/common/page-header';

/**
 * /verify-modulbank (spec 02 §2): a public static page confirming to Modulbank that this domain is ours. The bank
 * reads it in Russian whatever language the visitor chose, so its texts come from the ru locale.
 */
export function VerifyModulbankPage() {
  const { t } = useTranslation('shell', { lng: 'ru' });
  useDocumentTitle(t('verifyModulbank.title'));
  return (
    <div className="page" lang="ru" data-testid="verify-modulbank">
      <PageHeader title={t('verifyModulbank.title')} titleTestId="page-title" />
      <div className="card">
        <p>{t('verifyModulbank.text')}</p>
      </div>
    </div>
  );
}
