import { useTranslation } from 'react-i18next';
import { useIsLoading } from './loading';

/** The page-wide spinner: shown while the loading counter is above 0 (it fades in, so quick calls do not flash). */
export function Spinner() {
  const loading = useIsLoading();
  const { t } = useTranslation('shell');
  if (!loading) return null;
  return (
    <div className="spinner-overlay" role="status" aria-live="polite" data-testid="spinner">
      <div className="spinner" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
