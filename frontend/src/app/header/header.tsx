import { useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../lib/auth-session';
import { buildMenu } from '../../lib/menu';
import { AccountMenu } from './account-menu';
import { Dropdown } from './dropdown';
import { useHeaderHeightVariable } from './header-height';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';

export const APP_VERSION = '1.2.30';

/**
 * The header: product, role-dependent menus (spec 01 §2), search, version, language and the account menu. It puts
 * its real height on the page (header-height.ts): below 1280 px it wraps to two rows, and the grids follow.
 */
export function Header() {
  const user = useAuthUser();
  const { t } = useTranslation('shell');
  const menu = user ? buildMenu(user.roles) : [];
  const ref = useRef<HTMLElement>(null);
  useHeaderHeightVariable(ref);

  return (
    <header className="app-header" ref={ref}>
      <div className="app-header__inner">
        <NavLink to="/" className="brand" aria-label={t('brand.home')}>
          <Logo />
          <span className="brand__name">{t('brand.name')}</span>
        </NavLink>
        <span className="version" title={t('version')} data-testid="version">
          {APP_VERSION}
        </span>

        {user && (
          <nav className="main-nav" aria-label={t('menu.main')}>
            <ul className="main-nav__list">
              {menu.map((entry) => (
                <li key={entry.id} className="main-nav__item" data-menu={entry.id}>
                  {entry.kind === 'link' ? (
                    <NavLink to={entry.to} end className="nav-link">
                      {t(entry.labelKey)}
                    </NavLink>
                  ) : (
                    <Dropdown id={entry.id} label={t(entry.labelKey)} items={entry.items.map((i) => ({ id: i.id, label: t(i.labelKey), to: i.to }))} />
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="app-header__tools">
          {user && <SearchBox />}
          <LanguageSwitch />
          {user && <AccountMenu user={user} />}
        </div>
      </div>
    </header>
  );
}

function Logo() {
  return (
    <svg className="brand__logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M6 22c3-1 5-6 10-6s7 5 10 6" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="22" cy="10" r="3" fill="#ffd166" />
      <path d="M16 16V9l-4 2" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
