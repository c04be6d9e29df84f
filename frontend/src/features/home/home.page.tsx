import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/use-document-title';
import { useAuthUser } from '../../lib/auth-session';
import { buildMenu, type MenuEntry } from '../../lib/menu';
import { PageHeader } from '../../ui/common/page-header';

/** / : a welcome and the sections this user may open (the header's menus, as cards). */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: ts } = useTranslation('shell');
  const user = useAuthUser();
  useDocumentTitle(t('title'));
  if (!user) return null;
  const sections: MenuEntry[] = [
    ...buildMenu(user.roles),
    { kind: 'group', id: 'account', labelKey: 'menu.account', items: [{ kind: 'link', id: 'profile', labelKey: 'menu.profile', to: '/account' }] },
  ];
  return (
    <div className="page">
      <PageHeader title={t('welcome', { name: user.FullName || user.email })} subtitle={user.AgencyName ? t('subtitleAgency', { agency: user.AgencyName }) : t('subtitle')} titleTestId="home-title" />
      <div className="tiles" data-testid="home-sections">
        {sections.map((entry) =>
          entry.kind === 'link' ? (
            <Link key={entry.id} to={entry.to} className="tile tile--link">
              <span className="tile__title">{ts(entry.labelKey)}</span>
              <span className="tile__action">{t('open', { name: ts(entry.labelKey) })}</span>
            </Link>
          ) : (
            <section key={entry.id} className="tile">
              <h2 className="tile__title">{ts(entry.labelKey)}</h2>
              <ul className="tile__links">
                {entry.items.map((i) => (
                  <li key={i.id}>
                    <Link to={i.to} className="link">
                      {ts(i.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
      </div>
    </div>
  );
}
