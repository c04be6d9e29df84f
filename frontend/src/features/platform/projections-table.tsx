import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/common/button';
import { ColumnHeads } from '../../ui/common/column-heads';
import { cx } from '../../ui/common/cx';
import { dubaiDateTime } from '../../ui/format/day-format';
import { formatNumber } from '../../ui/format/number';
import { lagOf, type Lag } from './platform.logic';
import type { Runner } from './projections.api';

const COLUMNS = ['name', 'kind', 'checkpoint', 'lag', 'parked', 'updated'] as const;

/**
 * Every projection and process manager, in the server's order: kind, checkpoint, lag, parked events and when it last
 * applied one. A row with parked events is marked, and its Show button puts them below the table.
 */
export function ProjectionsTable(props: { runners: readonly Runner[]; shown: string | null; onShow: (name: string) => void; labelledBy: string; regionRef: Ref<HTMLDivElement> }) {
  const { runners, shown, onShow, labelledBy, regionRef } = props;
  const { t } = useTranslation('platform');
  const lagText = (lag: Lag) => {
    if (lag.kind !== 'behind') return t(`projections.lag.${lag.kind}`);
    const n = formatNumber(lag.events, 0);
    return lag.capped ? t('projections.lag.behindCapped', { n }) : t('projections.lag.behind', { count: lag.events, n });
  };
  return (
    // Focusable: a narrow window scrolls the table sideways, by keyboard too.
    <div ref={regionRef} className="platform__scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="platform__table" data-testid="projections-table">
        <ColumnHeads labels={COLUMNS.map((c) => t(`projections.columns.${c}`))} classNames={{ 4: 'platform__parked-head' }} />
        <tbody>
          {runners.map((r) => {
            const lag = lagOf(r);
            const parked = r.parked.count > 0;
            return (
              <tr key={r.name} className={cx(parked && 'platform__row--parked')} data-testid="projection-row" data-name={r.name} data-parked={r.parked.count}>
                <th scope="row">
                  <code className="platform__nowrap">{r.name}</code>
                  {r.stale && <div className="platform__note">{t('projections.stale', { version: r.version, live: r.liveVersion ?? '—' })}</div>}
                </th>
                <td>{t(`projections.kinds.${r.kind}`)}</td>
                <td className="platform__nowrap">
                  <code>{r.checkpoint ?? '—'}</code>
                </td>
                <td className={cx(lag.kind === 'behind' && 'platform__lag--behind')} data-testid="projection-lag">
                  {lagText(lag)}
                </td>
                <td data-testid="projection-parked">
                  {parked ? (
                    <div className="platform__parked">
                      <span className="platform__flag">
                        <span aria-hidden="true">⚠</span> {formatNumber(r.parked.count, 0)} {t('projections.inStreams', { count: r.parked.streams })}
                      </span>
                      <Button
                        size="sm"
                        label={t('projections.show')}
                        aria-label={t('projections.showLabel', { name: r.name })}
                        aria-pressed={shown === r.name}
                        onClick={() => onShow(r.name)}
                        data-testid="projection-show-parked"
                      />
                    </div>
                  ) : (
                    <span className="platform__muted">{t('projections.noParked')}</span>
                  )}
                </td>
                <td className="platform__nowrap">{dubaiDateTime(r.updatedAt) || '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
