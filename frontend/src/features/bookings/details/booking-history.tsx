import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { useBookingHistory } from './api/get-booking-history';
import { historyItems, type HistoryItem, type HistoryWords } from './booking-history.logic';

function useWords(): HistoryWords {
  const { t, i18n } = useTranslation('booking-details');
  return useMemo(() => {
    const has = (key: string) => i18n.exists(`booking-details:${key}`);
    return {
      label: (path) => (has(`history.fields.${path}`) && typeof t(`history.fields.${path}`, { returnObjects: true }) === 'string' ? t(`history.fields.${path}`) : undefined),
      status: (code) => (has(`status.${code}`) ? t(`status.${code}`) : String(code)),
      declined: t('statusDeclined'),
      word: (_field, value) => (has(`history.words.${value}`) ? t(`history.words.${value}`) : undefined),
      yes: t('history.yes'),
      no: t('history.no'),
      tier: (hours, percents) => t('history.tier', { hours, percents }),
      hours: (count) => t('history.hours', { count }),
      afterStart: t('cancellation.hoursAfter'),
      resellerApi: t('history.resellerApi'),
    };
  }, [t, i18n]);
}

function Change({ label, before, after, initial }: { label: string; before: string; after: string; initial: boolean }) {
  const { t } = useTranslation('booking-details');
  if (initial)
    return (
      <li className="booking-history__change">
        <span className="booking-history__field">{label}:</span> {after || <span className="booking-history__empty">{t('empty')}</span>}
      </li>
    );
  return (
    <li className="booking-history__change">
      <span className="booking-history__field">{label}:</span> {before ? <span className="booking-history__before">{before}</span> : <span className="booking-history__empty">{t('empty')}</span>}
      {' → '}
      {after ? <span className="booking-history__after">{after}</span> : <span className="booking-history__empty">{t('empty')}</span>}
    </li>
  );
}

function Entry({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('booking-details');
  const what = t(`history.events.${item.eventKey}`, { defaultValue: item.type, ...item.document });
  const changes = (
    <ul className="booking-history__changes">
      {item.changes.map((c) => (
        <Change key={c.field} label={c.label} before={c.before} after={c.after} initial={item.eventKey === 'created'} />
      ))}
    </ul>
  );
  return (
    <li className="booking-history__entry" data-testid="booking-history-entry" data-event={item.eventKey}>
      <div className="booking-history__head">
        <strong className="booking-history__what" data-testid="booking-history-what">
          {what}
        </strong>
        <span className="booking-history__when">{item.at}</span>
        <span className="booking-history__who" data-testid="booking-history-who">
          {item.by ?? t('history.system')}
        </span>
      </div>
      {item.reason && <p className="booking-history__reason">{t('history.reason', { reason: item.reason })}</p>}
      {item.document?.asOf && (
        <ul className="booking-history__changes">
          <li className="booking-history__change" data-testid="booking-history-document-as-of">
            <span className="booking-history__field">{t('history.documentAsOf')}:</span> {item.document.asOf.at} ({t(`history.events.${item.document.asOf.eventKey}`, { defaultValue: item.document.asOf.eventKey })})
          </li>
        </ul>
      )}
      {item.changes.length > 0 &&
        (item.eventKey === 'created' ? (
          <details className="booking-history__initial">
            <summary>{t('history.initialValues', { count: item.changes.length })}</summary>
            {changes}
          </details>
        ) : (
          changes
        ))}
    </li>
  );
}

/** Every change of the booking, newest first: when (Dubai), who, what, and each field's before and after. */
export function BookingHistory({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation('booking-details');
  const history = useBookingHistory(bookingId, true);
  const words = useWords();
  const items = useMemo(() => (history.data ? historyItems(history.data, words) : []), [history.data, words]);
  if (history.isPending) return <p className="booking-panel__note" role="status">{t('history.loading')}</p>;
  if (history.isError)
    return (
      <div className="booking-panel__problem" role="alert">
        <p>{t('history.loadFailed')} {history.error.message}</p>
        <Button label={t('retry')} onClick={() => void history.refetch()} />
      </div>
    );
  if (items.length === 0) return <p className="booking-panel__note">{t('history.empty')}</p>;
  return (
    <ol className="booking-history" data-testid="booking-history" aria-busy={history.isFetching || undefined}>
      {items.map((item) => (
        <Entry key={item.key} item={item} />
      ))}
    </ol>
  );
}
