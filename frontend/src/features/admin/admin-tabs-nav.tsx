import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { cx } from '../../ui/common/cx';
import { ADMIN_TABS, type AdminTab } from './business-profile.form';

/** The vertical tab links of /admin/{tab}, with a dot on each tab that holds an error. */
export function AdminTabsNav({ tabErrors }: { tabErrors: ReadonlySet<AdminTab> }) {
  const { t } = useTranslation('admin');
  return (
    <nav className="side-tabs admin-tabs" aria-label={t('tabsLabel')}>
      <ul className="card side-tabs__list">
        {ADMIN_TABS.map((key) => (
          <li key={key}>
            <NavLink to={`/admin/${key}`} className={({ isActive }) => cx('side-tabs__tab', isActive && 'side-tabs__tab--active')} data-testid={`admin-tab-${key}`}>
              <span>{t(`tabs.${key}`)}</span>
              {tabErrors.has(key) && (
                <span className="admin-tabs__error" title={t('tabHasErrors')}>
                  <span className="tbo-sr-only">({t('tabHasErrors')})</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
