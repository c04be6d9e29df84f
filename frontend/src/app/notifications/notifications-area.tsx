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

/** The notification pop-up area (bottom left, clear of the pages' action buttons: see notification-stack.css). */
export function NotificationsArea() {
  const list = useNotifications();
  const { t } = useTranslation('shell');
  return (
    <section className="notification-stack" data-testid="notifications" aria-label={t('notifications.area')}>
      {list.map((n) => (
        <div
          key={n.guid}
          className={`notification notification--${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-testid="notification"
          data-type={n.kind}
        >
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
