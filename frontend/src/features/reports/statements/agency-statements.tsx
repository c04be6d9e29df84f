import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../../lib/auth-session';
import { dubaiDateTime, usdAmount } from '../../../ui/format/day-format';
import { StatementDownloads } from './statement-downloads';
import { monthLabel, useAgencyStatements } from './statements.api';
import '../reports.css';
import { ColumnHeads } from '../../../ui/common/column-heads';
import { Button } from '../../../ui/common/button';

/** /agent/commissions: the agency's issued commission statements with their downloads, for agency admins only. */
export function AgencyStatements() {
  const { t, i18n } = useTranslation('reports');
  const user = useAuthUser();
  const admin = !!user?.IsAgencyAdmin && user.roles.includes('agent');
  const list = useAgencyStatements(admin);
  if (!admin) return null;
  return (
    <section className="statements statements--agency" data-testid="agency-statements">
      <h2 className="reports__heading">{t('statements.title')}</h2>
      {list.isError && (
        <div role="alert" className="reports__error" data-testid="agency-statements-error">
          <p>{t('statements.listFailed')}</p>
          <Button size="sm" onClick={() => void list.refetch()} disabled={list.isFetching} data-testid="agency-statements-retry">
            {t('statements.retry')}
          </Button>
        </div>
      )}
      {list.data?.length === 0 && <p>{t('statements.noneIssued')}</p>}
      {!!list.data?.length && (
        <div className="reports__scroll">
          <table className="reports__table">
            <ColumnHeads labels={[t('statements.month'), t('statements.supplier'), t('statements.state'), t('statements.changes'), t('statements.col.amount'), '']} classNames={{ 3: 'num', 4: 'num' }} />
            <tbody>
              {list.data.map((s) => (
                <tr key={`${s.supplierId}-${s.month}`} data-testid={`agency-statement-${s.month}`}>
                  <td>{monthLabel(s.month, i18n.language)}</td>
                  <td>{s.supplierName}</td>
                  <td>{t('statements.issuedOn', { number: s.number, at: dubaiDateTime(s.issuedAt) })}</td>
                  <td className="num">{s.lineCount}</td>
                  <td className="num">{usdAmount(s.total)}</td>
                  <td>
                    <StatementDownloads base={`/api/agent/commissions/statements/${s.supplierId}/${s.month}`} month={s.month} testId={`agency-statement-${s.month}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
