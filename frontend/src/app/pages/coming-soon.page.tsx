import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../use-document-title';
import { PageHeader } from '../../ui/common/page-header';

/** A product area that is guarded and reachable from the menus but not built yet. */
export function ComingSoonPage({ titleKey, detail }: { titleKey: string; detail?: string }) {
  const { t } = useTranslation('shell');
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeader title={title} subtitle={detail} titleTestId="page-title" />
      <div className="card empty-state" data-testid="coming-soon">
        <svg className="empty-state__art" viewBox="0 0 120 80" aria-hidden="true">
          <rect x="8" y="14" width="104" height="58" rx="8" fill="var(--c-surface-2)" stroke="var(--c-border)" />
          <rect x="20" y="28" width="48" height="8" rx="4" fill="var(--c-border)" />
          <rect x="20" y="44" width="80" height="6" rx="3" fill="var(--c-border)" />
          <rect x="20" y="56" width="64" height="6" rx="3" fill="var(--c-border)" />
          <circle cx="96" cy="16" r="12" fill="var(--c-accent)" />
          <path d="M96 10v6l4 3" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
        <h2 className="empty-state__title">{t('comingSoon.title')}</h2>
        <p className="empty-state__text">{t('comingSoon.message')}</p>
        <Link to="/" className="btn btn--secondary">
          {t('comingSoon.home')}
        </Link>
      </div>
    </div>
  );
}
