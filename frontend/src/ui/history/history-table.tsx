import { useTranslation } from 'react-i18next';
import { formatHistoryDate, isSystemAuthor, type HistoryRow } from './history-model';
import './history.css';

export interface HistoryTableProps {
  /** The rows to show, newest first (historyRows). */
  rows: HistoryRow[];
  /** A field's label: the same one the form shows. */
  fieldLabel: (field: string) => string;
  /** An event's name ('Tour created', 'Prices saved'). */
  eventLabel: (event: string) => string;
}

/**
 * The history of one item, the same on every edit page: per entry what happened, when (DD.MM.YYYY HH:MM) and who,
 * then each changed field before → after. Values arrive as text already (historyRows with the page's formatter).
 */
export function HistoryTable({ rows, fieldLabel, eventLabel }: HistoryTableProps) {
  const { t } = useTranslation('history');
  const value = (text: string) => (text === '' ? <span className="history-muted">{t('empty')}</span> : text);
  if (rows.length === 0) return <p className="history-muted">{t('none')}</p>;
  return (
    <ol className="history-list" data-testid="history-list">
      {rows.map((e) => (
        <li key={e.position} className="inset-box history-entry" data-testid="history-entry" data-event={e.event}>
          <div className="history-entry__meta">
            <strong className="history-entry__event" data-testid="history-event">
              {eventLabel(e.event)}
            </strong>
            <span data-testid="history-at">{formatHistoryDate(e.at)}</span>
            <span data-testid="history-by">{isSystemAuthor(e.by) ? t('system') : e.by}</span>
          </div>
          {e.changes.length > 0 && (
            <table className="history-changes">
              <thead>
                <tr>
                  <th scope="col">{t('field')}</th>
                  <th scope="col">{t('before')}</th>
                  <th scope="col" aria-hidden="true" />
                  <th scope="col">{t('after')}</th>
                </tr>
              </thead>
              <tbody>
                {e.changes.map((c) => (
                  <tr key={c.field} data-testid="history-change" data-field={c.field}>
                    {/* A plain cell (not a row header): the ticket editor's tests read the label as the row's first td. */}
                    <td className="history-changes__field" data-testid="history-field">
                      {fieldLabel(c.field)}
                    </td>
                    <td data-testid="history-before">{value(c.before)}</td>
                    <td aria-hidden="true">→</td>
                    <td data-testid="history-after">{value(c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </li>
      ))}
    </ol>
  );
}
