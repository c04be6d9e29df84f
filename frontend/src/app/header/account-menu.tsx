import './account-menu.css';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { tokenStillAccepted } from '../../features/auth/api/own-session';
import { networkFailureText } from '../../lib/api-client';
import { rememberPath, returnToOwnSession, useActingAs } from '../../lib/auth-session-return';
import type { AuthUser } from '../../lib/jwt';
import { loginPathFor } from '../guards/login-path';
import { Icon } from '../icons';
import { notify } from '../notifications/notifications';
import { Dropdown, type DropdownItem } from './dropdown';

/**
 * The account menu (spec 01 §2): who is signed in, My Profile and Sign Out. While an admin acts as another user
 * (log-me-in) the button says so and the menu offers the way back to the admin's own session (lib/auth-session-return).
 * It also remembers the page shown, so that log-me-in knows where the admin came from.
 */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation('shell');
  const acting = useActingAs();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => rememberPath(`${location.pathname}${location.search}`, user), [location.pathname, location.search, user]);

  const goBack = async () => {
    try {
      const outcome = await returnToOwnSession(tokenStillAccepted);
      if (outcome.kind === 'back') void navigate(outcome.to, { replace: true });
      else if (outcome.kind === 'ended') void navigate(loginPathFor(outcome.from), { replace: true });
    } catch (err) {
      notify({ title: t('errors.network'), message: networkFailureText(err), kind: 'error' });
    }
  };

  const items: DropdownItem[] = [
    ...(acting?.canReturn ? [{ id: 'back-to-own', label: t('acting.backTo', { email: acting.by }), onSelect: () => void goBack(), icon: <BackIcon /> }] : []),
    { id: 'profile', label: t('menu.profile'), to: '/account', icon: <Icon name="user" /> },
    { id: 'signout', label: t('menu.signOut'), to: '/account/logout', icon: <Icon name="logout" /> },
  ];

  return (
    <Dropdown
      id="account"
      className={`account-menu${acting ? ' account-menu--acting' : ''}`}
      align="end"
      title={acting ? t('acting.title', { email: user.email, by: acting.by }) : user.email}
      label={
        <>
          {acting ? <ActingIcon /> : <Icon name="user" className="account-menu__icon" />}
          {acting && (
            <span className="account-menu__acting" data-testid="acting-badge">
              {t('acting.badge')}
            </span>
          )}
          <span className="account-menu__email" data-testid="account-email">
            {user.email}
          </span>
        </>
      }
      header={
        <div className="account-menu__who">
          <strong>{user.FullName || user.email}</strong>
          {user.FullName && <span>{user.email}</span>}
          {acting && (
            <p className="account-menu__acting-note" data-testid="acting-note">
              {t('acting.note', { email: user.email, by: acting.by })}
            </p>
          )}
        </div>
      }
      items={items}
    />
  );
}

/** Two people: acting as someone else. */
function ActingIcon() {
  return (
    <svg className="icon account-menu__icon" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    </svg>
  );
}

/** An arrow turning back. */
function BackIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9 14 4 9l5-5M20 20v-7a4 4 0 0 0-4-4H4" />
    </svg>
  );
}
