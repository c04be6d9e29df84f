import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { dubaiDateTime, usdAmount } from '../../../ui/format/day-format';
import { StatementDownloads } from './statement-downloads';
import { StatementLines } from './statement-lines';
import { currentMonth, monthLabel, monthsUpTo, useIssueStatement, useStatement, useStatementRows } from './statements.api';
import { canIssue } from './statements.logic';
import { ColumnHeads } from '../../../ui/common/column-heads';
import { Button } from '../../../ui/common/button';
import { ConfirmDialog } from '../../../ui/common/confirm-dialog';

/**
 * The reports page's "Commission statements" view (accounts, admin): each agency's statement for a month, issued
 * or not; the chosen agency's statement (as issued, or the preview of what issuing would fix), Issue with a
 * confirmation, and the PDF and Excel downloads.
 */
export function StatementsPanel() {
  const { t, i18n } = useTranslation('reports');
  const [month, setMonth] = useState(currentMonth());
  const [agencyId, setAgencyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = useStatementRows(month);
  const statement = useStatement(agencyId, month);
  const issue = useIssueStatement();
  const chosen = rows.data?.find((r) => r.agencyId === agencyId) ?? null;
  const doIssue = async () => {
    setConfirming(false);
    setError(null);
    try {
      await issue.mutateAsync({ agencyId: agencyId!, month });
    } catch (e) {
      // The call is silent: this line is the one place the refusal is said. The list and the statement are read
      // again meanwhile, so a statement a colleague issued shows as issued and Issue goes away.
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  // Another month or agency: the last refusal was about a statement no longer on screen.
  const open = (id: number | null) => {
    setAgencyId(id);
    setError(null);
  };

  return (
    <section className="statements" data-testid="statements">
      <div className="reports__filters">
        <label>
          {t('statements.month')}
          <select className="tbo-select" value={month} onChange={(e) => (setMonth(e.target.value), open(null))} data-testid="statements-month">
            {monthsUpTo(currentMonth(), 24).map((m) => (
              <option key={m} value={m}>
                {monthLabel(m, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="statements__note">{t('statements.note')}</p>
      {rows.isError && (
        <div role="alert" className="reports__error" data-testid="statements-error">
          <p>{t('statements.listFailed')}</p>
          <Button size="sm" onClick={() => void rows.refetch()} disabled={rows.isFetching} data-testid="statements-retry">
            {t('statements.retry')}
          </Button>
        </div>
      )}
      <div className="reports__scroll">
        <table className="reports__table" data-testid="statements-table">
          <ColumnHeads labels={[t('filters.agency'), t('statements.state'), t('statements.changes'), t('statements.col.amount'), '']} classNames={{ 2: 'num', 3: 'num' }} />
          <tbody>
            {rows.data?.map((r) => (
              <tr key={r.agencyId} className={r.agencyId === agencyId ? 'is-selected' : undefined} data-testid={`statement-row-${r.agencyId}`}>
                <td>{r.agencyName}</td>
                <td>{r.issued ? t('statements.issuedOn', { number: r.number, at: dubaiDateTime(r.issuedAt) }) : t('statements.notIssued')}</td>
                <td className="num">{r.lineCount}</td>
                <td className="num">{usdAmount(r.total)}</td>
                <td>
                  <Button size="sm" onClick={() => open(r.agencyId)} data-testid={`statement-open-${r.agencyId}`}>
                    {r.issued ? t('statements.view') : t('statements.preview')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.data?.length === 0 && <p>{t('statements.noAgencies')}</p>}
      </div>
      {chosen && statement.data && (
        <div className="statements__detail" data-testid="statement-detail">
          <h2 className="reports__heading">
            {t('statements.heading', { agency: chosen.agencyName, month: monthLabel(month, i18n.language) })}
            {' · '}
            <span data-testid="statement-state">
              {statement.data.issued ? t('statements.issuedBy', { number: statement.data.number, at: dubaiDateTime(statement.data.issuedAt), by: statement.data.issuedBy }) : t('statements.previewNote')}
            </span>
          </h2>
          <div className="statements__actions">
            {canIssue(chosen, month) && (
              <Button variant="primary" onClick={() => setConfirming(true)} disabled={issue.isPending} data-testid="statement-issue">
                {t('statements.issue')}
              </Button>
            )}
            {!statement.data.issued && chosen.lastIssuedMonth !== null && chosen.lastIssuedMonth >= month && <span>{t('statements.laterIssued')}</span>}
            <StatementDownloads base={`/api/reports/statements/${chosen.agencyId}/${month}`} month={month} testId="statement" />
          </div>
          {error && (
            <p role="alert" className="reports__error" data-testid="statement-issue-error">
              {error}
            </p>
          )}
          <StatementLines statement={statement.data} />
        </div>
      )}
      {chosen && statement.isError && !statement.data && (
        <div role="alert" className="reports__error" data-testid="statement-error">
          <p>{t('statements.detailFailed')}</p>
          <Button size="sm" onClick={() => void statement.refetch()} disabled={statement.isFetching} data-testid="statement-retry">
            {t('statements.retry')}
          </Button>
        </div>
      )}
      {confirming && chosen && (
        <ConfirmDialog
          testId="statement-confirm"
          confirmTestId="statement-confirm-yes"
          cancelTestId="statement-confirm-no"
          title={t('statements.confirmTitle')}
          message={t('statements.confirmText', { agency: chosen.agencyName, month: monthLabel(month, i18n.language), total: usdAmount(chosen.total) })}
          confirmLabel={t('statements.issue')}
          cancelLabel={t('statements.cancel')}
          onConfirm={() => void doIssue()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
