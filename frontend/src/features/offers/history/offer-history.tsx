import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { Button } from '../../../ui/common/button';
import { useOfferHistory } from '../api/offers.api';
import { describeField, describeValue, newestFirst, type FieldName } from './history.logic';

/** The offer's history (GET /api/offers/{id}/history): who changed what and when, prices before → after, newest first. */
export function OfferHistory({ offerId }: { offerId: number }) {
  const { t, i18n } = useTranslation('offer-edit');
  const history = useOfferHistory(offerId, true);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const kindLabel = (k: string) => t(`periods.${k}`);
  const label = (f: FieldName): string => {
    if (f.price) return t('periods.cellLabel', { kind: kindLabel(f.price.kind), side: t(f.price.side === 'rec' ? 'periods.recommended' : 'periods.net'), variant: t(`periods.${f.price.variant}`) });
    if (f.commission) return t('periods.commissionLabel', { kind: kindLabel(f.commission) });
    const known: Record<string, string> = { periodStart: 'periods.start', periodEnd: 'periods.end', minimumAdvancedPayment: 'fields.minimumAdvancedPayment' };
    return t(known[f.name] ?? `fields.${f.name}`, { defaultValue: t(`history.fields.${f.name}`, { defaultValue: f.name }) });
  };
  return (
    <section className="offer-section" aria-labelledby="offer-history-title" data-testid="offer-history">
      <div className="offer-section__head">
        <h2 className="offer-section__title" id="offer-history-title">
          {t('history.title')}
        </h2>
        <Button icon="refresh" label={t('actions.reload')} onClick={() => void history.refetch()} busy={history.isFetching} data-testid="history-reload" />
      </div>
      {history.isPending ? (
        <p className="offer-loading" role="status">
          <span className="tbo-spinner" aria-hidden="true" /> {t('history.loading')}
        </p>
      ) : history.isError ? (
        <FormMessage kind="error">{history.error instanceof Error ? history.error.message : String(history.error)}</FormMessage>
      ) : history.data.length === 0 ? (
        <p className="offer-muted">{t('history.empty')}</p>
      ) : (
        <ol className="offer-history">
          {newestFirst(history.data).map((e) => (
            <li key={e.position} className="offer-history__entry" data-testid="history-entry" data-event={e.event}>
              <div className="offer-history__head">
                <strong>{t(`history.events.${e.event}`, { defaultValue: e.event })}</strong>
                <span className="offer-muted">
                  {when.format(new Date(e.at))}
                  {e.by ? ` · ${e.by}` : ''}
                </span>
              </div>
              {e.changes.length > 0 && (
                <table className="offer-table offer-table--compact">
                  <thead>
                    <tr>
                      <th scope="col">{t('history.field')}</th>
                      <th scope="col">{t('history.before')}</th>
                      <th scope="col">{t('history.after')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.changes.map((c) => {
                      const f = describeField(c.field);
                      return (
                        <tr key={c.field} data-testid="history-change" data-field={c.field}>
                          <td>{f.periodId ? t('history.period', { id: f.periodId, field: label(f) }) : label(f)}</td>
                          <td data-testid="history-before">{describeValue(c.before) || t('history.empty_value')}</td>
                          <td data-testid="history-after">{describeValue(c.after) || t('history.empty_value')}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
