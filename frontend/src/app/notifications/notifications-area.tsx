import './notification-stack.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon as UiIcon } from '../../ui/common/icons';
import { removeNotification, useNotifications, type AppNotification, type NotificationKind } from './notifications';
import { useNotificationsReserve } from './notifications-reserve';
import { withShortReference } from './support-reference';
import { Icon, type IconName } from '../icons';

const ICON: Record<NotificationKind, IconName> = {
  information: 'info',
  warning: 'warning',
  error: 'error',
  success: 'success',
};

/**
 * The notification pop-up area (bottom left, clear of the pages' action buttons: see notification-stack.css); while
 * it shows notes, a grid screen makes room for it (notifications-reserve.ts). It is one live region that is always
 * on the page, so a note added to it is read out (politely): a role=status element inserted with its text already
 * in it often is not. An error is an alert inside it, read out at once.
 */
export function NotificationsArea() {
  const list = useNotifications();
  const { t } = useTranslation('shell');
  const ref = useRef<HTMLElement>(null);
  useNotificationsReserve(ref);
  return (
    <section ref={ref} className="notification-stack" data-testid="notifications" aria-label={t('notifications.area')} aria-live="polite" aria-relevant="additions">
      {list.map((n) => (
        <div key={n.guid} className={`notification notification--${n.kind}`} role={n.kind === 'error' ? 'alert' : undefined} data-testid="notification" data-type={n.kind}>
          <Icon name={ICON[n.kind]} className="notification__icon" />
          <div className="notification__body">
            <div className="notification__title">{n.title}</div>
            {n.reference ? <ReferenceMessage message={n.message} reference={n.reference} /> : n.message && <div className="notification__message">{n.message}</div>}
          </div>
          <button type="button" className="notification__close" aria-label={t('notifications.close')} title={t('notifications.close')} onClick={() => removeNotification(n.guid)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </section>
  );
}

/** Copies through the clipboard API where the page may (HTTPS, localhost), else through a selected text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand?.('copy') ?? false;
    area.remove();
    return done;
  }
}

/** A server failure's message: its support reference short (the first 8 characters), and a button copying it whole. */
function ReferenceMessage({ message, reference }: Required<Pick<AppNotification, 'message' | 'reference'>>) {
  const { t } = useTranslation('shell');
  const [copied, setCopied] = useState(false);
  const { text } = withShortReference(message, reference);
  return (
    <>
      <div className="notification__message" title={reference}>
        {text}
      </div>
      <button
        type="button"
        className="notification__copy"
        data-testid="notification-copy-reference"
        data-reference={reference}
        onClick={() => void copyText(reference).then(setCopied)}
      >
        <UiIcon name={copied ? 'check' : 'copy'} size={14} />
        <span role={copied ? 'status' : undefined}>{copied ? t('notifications.referenceCopied') : t('notifications.copyReference')}</span>
      </button>
    </>
  );
}
