import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../use-document-title';

/** Any address the router does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page page--narrow">
      <div className="card message-card" data-testid="not-found">
        <div className="message-card__code" aria-hidden="true">
          404
        </div>
        <h1 className="page-title">{t('notFound.title')}</h1>
        <p className="message-card__text">{t('notFound.message', { path: pathname })}</p>
        <div className="message-card__actions">
          <Link to="/" className="btn btn--primary">
            {t('notFound.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
