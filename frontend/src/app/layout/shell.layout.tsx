import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BackToTop } from '../back-to-top/back-to-top';
import { Header } from '../header/header';
import { Spinner } from '../loading/spinner';
import { NotificationsArea } from '../notifications/notifications-area';

/** Every page: header, the page, notifications, spinner and back-to-top. */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <NotificationsArea />
      <BackToTop />
      <Spinner />
      <ScrollRestoration />
    </>
  );
}
