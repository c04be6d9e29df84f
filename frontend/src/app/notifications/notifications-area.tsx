import { useTranslation } from 'react-i18next';
import { removeNotification, useNotifications, type NotificationType } from './notifications';
import { Icon, type IconName } from '../icons';

const KIND: Record<NotificationType, { name: string; icon: IconName }> = {
  0: { name: 'information', icon: 'info' },
  1: { name: 'warning', icon: 'warning' },
  2: { name: 'error', icon: 'error' },
  3: { name: 'success', icon: 'success' },
};

/** The notification pop-up area (top right, under the header). */
export function NotificationsArea() {
  const list = useNotifications();
  const { t } = useTranslation('shell');
  return (
    <section className="notifications" aria-label={t('notifications.area')}>
      {list.map((n) => {
        const kind = KIND[n.type] ?? KIND[0];
        return (
          <div
            key={n.guid}
            className={`notification notification--${kind.name}`}
            role={n.type === 2 ? 'alert' : 'status'}
            data-testid="notification"
            data-type={kind.name}
          >
            <Icon name={kind.icon} className="notification__icon" />
            <div className="notification__body">
              <div className="notification__title">{n.title}</div>
              {n.message && <div className="notification__message">{n.message}</div>}
            </div>
            <button type="button" className="notification__close" aria-label={t('notifications.close')} title={t('notifications.close')} onClick={() => removeNotification(n.guid)}>
              <Icon name="close" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
