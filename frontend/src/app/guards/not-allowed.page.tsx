import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../lib/auth-session';
import { Icon } from '../icons';
import { MessageCard } from '../pages/message-card';
import { loginPathFor } from './login-path';

/** A signed-in user whose roles do not match the route (spec 01 §2, §8). */
export function NotAllowedPage() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const switchUser = () => {
    const to = loginPathFor(location.pathname, location.search);
    signOut();
    navigate(to, { replace: true });
  };
  return (
    <MessageCard testId="not-allowed" mark={<Icon name="lock" className="message-card__icon message-card__icon--warning" />} title={t('notAllowed.title')}>
      <p className="message-card__text">{t('notAllowed.message')}</p>
      <div className="message-card__actions">
        <Link to="/" className="btn btn--primary">
          {t('notAllowed.home')}
        </Link>
        <button type="button" className="btn btn--secondary" onClick={switchUser}>
          {t('notAllowed.switchUser')}
        </button>
      </div>
    </MessageCard>
  );
}
