import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../app/icons';
import { MessageCard } from '../../app/pages/message-card';

/**
 * /account/resetpassword, the target of the sign-in form's 'Reset password' link (spec 02 §2). The API has no
 * self-service reset (no mail), so the page says who can help: an administrator sets a new password, and the user
 * changes it in My Profile after signing in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <MessageCard testId="reset-password" pageClassName="auth-page" cardClassName="auth-card" mark={<Icon name="lock" className="message-card__icon" />} title={t('reset.title')}>
      <p className="message-card__text">{t('reset.message')}</p>
      <p className="message-card__text muted">{t('reset.after')}</p>
      <Link to="/account/login" className="btn btn--primary btn--block">
        {t('reset.back')}
      </Link>
    </MessageCard>
  );
}
