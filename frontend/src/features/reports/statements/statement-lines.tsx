import { useTranslation } from 'react-i18next';
import { businessDate, dubaiDateTime, usdAmount } from '../../../ui/format/day-format';
import type { CommissionStatement } from './statements.api';
import { ColumnHeads } from '../../../ui/common/column-heads';

/** A statement's lines with the running total, and its Total line. */
export function StatementLines({ statement }: { statement: CommissionStatement }) {
  const { t } = useTranslation('reports');
  if (!statement.lines.length) return <p data-testid="statement-empty">{t('statements.noLines')}</p>;
  return (
    <div className="reports__scroll">
      <table className="reports__table" data-testid="statement-lines">
        <ColumnHeads
          labels={[t('statements.col.at'), t('statements.col.booking'), t('statements.col.change'), t('statements.col.tour'), t('statements.col.date'), t('statements.col.guest'), t('statements.col.amount'), t('statements.col.running')]}
          classNames={{ 6: 'num', 7: 'num' }}
        />
        <tbody>
          {statement.lines.map((l) => (
            <tr key={`${l.bookingId}-${l.revision}`}>
              <td>{dubaiDateTime(l.at)}</td>
              <td>BK-{l.bookingId}</td>
              <td>{t(`statements.kind.${l.kind}`)}</td>
              <td>
                {l.tourName} / {l.offerName}
              </td>
              <td>{businessDate(l.date)}</td>
              <td>{l.guestName}</td>
              <td className={`num${l.amount < 0 ? ' reports__negative' : ''}`}>{usdAmount(l.amount)}</td>
              <td className="num">{usdAmount(l.runningTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={6}>{t('total')}</th>
            <td className="num" data-testid="statement-total">
              {usdAmount(statement.total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
