import './notification-stack.css';
import { useTranslation } from 'react-i18next';
import { removeNotification, useNotifications, type NotificationKind } from './notifications';
import { Icon, type IconName } from '../icons';

const ICON: Record<NotificationKind, IconName> = {
  information: 'info',
  warning: 'warning',
  error: 'error',
  success: 'success',
};

/**
 * The notification pop-up area (bottom left, clear of the pages' action buttons: see notification-stack.css). It is
 * one live region that is always on the page, so a note added to it is read out (politely): a role=status element
 * inserted with its text already in it often is not. An error is an alert inside it, read out at once.
 */
export function NotificationsArea() {
  const list = useNotifications();
  const { t } = useTranslation('shell');
  return (
    <section className="notification-stack" data-testid="notifications" aria-label={t('notifications.area')} aria-live="polite" aria-relevant="additions">
      {list.map((n) => (
        <div key={n.guid} className={`notification notification--${n.kind}`} role={n.kind === 'error' ? 'alert' : undefined} data-testid="notification" data-type={n.kind}>
          <Icon name={ICON[n.kind]} className="notification__icon" />
          <div className="notification__body">
            <div className="notification__title">{n.title}</div>
            {n.message && <div className="notification__message">{n.message}</div>}
          </div>
          <button type="button" className="notification__close" aria-label={t('notifications.close')} title={t('notifications.close')} onClick={() => removeNotification(n.guid)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </section>
  );
}
