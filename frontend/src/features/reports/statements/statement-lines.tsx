import { useTranslation } from 'react-i18next';
import { businessDate, dubaiDateTime, usdAmount } from '../../../ui/format/day-format';
import type { CommissionStatement } from './statements.api';

/** A statement's lines with the running total, and its Total line. */
export function StatementLines({ statement }: { statement: CommissionStatement }) {
  const { t } = useTranslation('reports');
  if (!statement.lines.length) return <p data-testid="statement-empty">{t('statements.noLines')}</p>;
  return (
    <div className="reports__scroll">
      <table className="reports__table" data-testid="statement-lines">
        <thead>
          <tr>
            <th>{t('statements.col.at')}</th>
            <th>{t('statements.col.booking')}</th>
            <th>{t('statements.col.change')}</th>
            <th>{t('statements.col.tour')}</th>
            <th>{t('statements.col.date')}</th>
            <th>{t('statements.col.guest')}</th>
            <th className="num">{t('statements.col.amount')}</th>
            <th className="num">{t('statements.col.running')}</th>
          </tr>
        </thead>
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
