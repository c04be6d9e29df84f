import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MessageCard } from './message-card';

/** Any address the router does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const code = (
    <div className="message-card__code" aria-hidden="true">
      404
    </div>
  );
  return (
    <MessageCard testId="not-found" mark={code} title={t('notFound.title')}>
      <p className="message-card__text">{t('notFound.message', { path: pathname })}</p>
      <div className="message-card__actions">
        <Link to="/" className="btn btn--primary">
          {t('notFound.home')}
        </Link>
      </div>
    </MessageCard>
  );
}
