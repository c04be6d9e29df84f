import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/common/button';
import { ColumnHeads } from '../../ui/common/column-heads';
import { cx } from '../../ui/common/cx';
import { dubaiDateTime } from '../../ui/format/day-format';
import { firstLine, parkedActionFor, restOfError } from './platform.logic';
import type { ListedParkedEvent, ParkedEvent, Runner } from './projections.api';

const COLUMNS = ['stream', 'event', 'status', 'error', 'parkedAt', 'actions'] as const;

export interface ParkedEventsTableProps {
  kind: Runner['kind'];
  events: readonly ListedParkedEvent[];
  /** The event whose retry or skip is running (its button spins, the others wait). */
  busy: { eventId: string; action: 'retry' | 'skip' } | null;
  onRetry: (e: ParkedEvent) => void;
  onSkip: (e: ParkedEvent) => void;
  /** The id of the heading that names the table's scrolling region. */
  labelledBy: string;
  regionRef: Ref<HTMLDivElement>;
}

/**
 * A projection's parked events, oldest first: stream (and supplier), event type and position, failed or held, the
 * error's message (the stack behind a disclosure), when it was parked and last tried, and Retry and Skip on the
 * failed event of each stream.
 */
export function ParkedEventsTable({ kind, events, busy, onRetry, onSkip, labelledBy, regionRef }: ParkedEventsTableProps) {
  const { t } = useTranslation('platform');
  return (
    // Focusable: a narrow window scrolls the table sideways, by keyboard too.
    <div ref={regionRef} className="platform__scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="platform__table platform__table--parked" data-testid="parked-table">
        <ColumnHeads labels={COLUMNS.map((c) => t(`parked.columns.${c}`))} />
        <tbody>
          {events.map((e) => {
            const action = parkedActionFor(kind, e.reason);
            const stack = restOfError(e.error);
            const named = { type: e.eventType, position: e.position };
            return (
              <tr key={e.eventId} className={cx(e.reason === 'held' && 'platform__row--held')} data-testid="parked-row" data-stream={e.streamId} data-event-id={e.eventId}>
                <th scope="row">
                  <code data-testid="parked-stream">{e.streamId}</code>
                  {e.supplierId !== null && <div className="platform__note platform__nowrap" data-testid="parked-supplier">{e.supplierName ?? t('parked.supplier', { id: e.supplierId })}</div>}
                </th>
                <td>
                  <div data-testid="parked-type">{e.eventType}</div>
                  <div className="platform__note platform__nowrap" data-testid="parked-position">
                    {t('parked.position', { position: e.position })}
                  </div>
                </td>
                <td>
                  <span className={cx('badge', e.reason === 'failed' ? 'badge--danger' : 'badge--muted')}>{t(`parked.reasons.${e.reason}`)}</span>
                  <div className="platform__note">{e.reason === 'held' ? t('parked.heldHint') : t('parked.attempts', { count: e.attempts })}</div>
                </td>
                <td className="platform__error" data-testid="parked-error">
                  {e.error ? firstLine(e.error) : <span className="platform__muted">{t('parked.notTried')}</span>}
                  {stack && (
                    <details className="platform__stack">
                      <summary>{t('parked.fullError')}</summary>
                      <pre tabIndex={0}>{stack}</pre>
                    </details>
                  )}
                </td>
                <td className="platform__nowrap">
                  <div data-testid="parked-at">{dubaiDateTime(e.parkedAt)}</div>
                  {e.triedAt && <div className="platform__note">{t('parked.triedAt', { at: dubaiDateTime(e.triedAt) })}</div>}
                </td>
                <td>
                  {action === 'retry-or-skip' && (
                    <div className="platform__actions">
                      <Button
                        size="sm"
                        variant="primary"
                        icon="refresh"
                        label={t('parked.retry')}
                        aria-label={t('parked.retryLabel', named)}
                        busy={busy?.eventId === e.eventId && busy.action === 'retry'}
                        disabled={busy !== null}
                        onClick={() => onRetry(e)}
                        data-testid="parked-retry"
                      />
                      <Button
                        size="sm"
                        variant="danger"
                        label={t('parked.skip')}
                        aria-label={t('parked.skipLabel', named)}
                        busy={busy?.eventId === e.eventId && busy.action === 'skip'}
                        disabled={busy !== null}
                        onClick={() => onSkip(e)}
                        data-testid="parked-skip"
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
