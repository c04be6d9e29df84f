import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { downloadBookingDocument } from '../../app/documents/download-booking-document';
import { ApiError } from '../../lib/api-client';
import { PageHeaderBar } from '../../ui/common/page-header';
import { dubaiDateTime } from '../../ui/format/day-format';
import { REPORT_KINDS, reportQueryString, useAsOfBuild, useReport, useReportOptions, type ReportKind, type ReportParams } from './reports.api';
import { REPORT_LAYOUTS } from './report-columns';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import { AsOfPanel } from './asof-panel';
import { DateFilter } from './date-filter';
import { StatementsPanel } from './statements/statements-panel';
import './reports.css';
import { Button } from '../../ui/common/button';

const isKind = (v: string | null): v is ReportKind => (REPORT_KINDS as readonly string[]).includes(v ?? '');
const isDate = (v: string | null) => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * /reports (accounts, admin): sales by tour and ticket, agency, agent, day and month; commissions by agency; pax by
 * date and slot; cancellations and refunds. Filters, a chart, the lines with their total, xlsx, and "as of" any
 * past moment. Everything the page shows is in its address, so a report can be shared and reloaded.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const kind: ReportKind = isKind(params.get('kind')) ? (params.get('kind') as ReportKind) : 'sales-by-tour';
  const asOf = Number(params.get('asOf')) || null;
  const p: ReportParams = {
    dateBasis: params.get('basis') === 'booking' ? 'booking' : 'tour',
    from: isDate(params.get('from')) ? params.get('from')! : '',
    to: isDate(params.get('to')) ? params.get('to')! : '',
    tourId: params.get('tourId') ?? '',
    agencyId: params.get('agencyId') ?? '',
    asOf,
  };
  const build = useAsOfBuild(asOf);
  // A window that runs backwards is said as such, not asked for (the server would refuse it).
  const backwards = p.from !== '' && p.to !== '' && p.from > p.to;
  const ready = (asOf === null || build.data?.status === 'done') && !backwards;
  const report = useReport(kind, p, ready && params.get('view') !== 'statements');
  const options = useReportOptions();
  const layout = REPORT_LAYOUTS[kind];
  const [error, setError] = useState<string | null>(null);
  const set = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  // The commission statements are a view of their own (?view=statements); a report kind leaves it.
  const statements = params.get('view') === 'statements';
  const showKind = (k: ReportKind) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('kind', k);
      next.delete('view');
      return next;
    });
  const exportXlsx = async () => {
    setError(null);
    try {
      await downloadBookingDocument(`/api/reports/${kind}/xlsx?${reportQueryString(p)}`, `${kind}.xlsx`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  return (
    <div className="page reports-page" data-testid="reports-page">
      <PageHeaderBar className="list-page__header" title={t('title')} subtitle={t('subtitle')} titleTestId="page-title" />
      <nav className="reports__kinds" aria-label={t('kindsLabel')}>
        {REPORT_KINDS.map((k) => (
          <button key={k} type="button" className={`reports__kind${k === kind && !statements ? ' is-active' : ''}`} aria-pressed={k === kind && !statements} onClick={() => showKind(k)} data-testid={`report-kind-${k}`}>
            {t(`kinds.${k}`)}
          </button>
        ))}
        <button type="button" className={`reports__kind${statements ? ' is-active' : ''}`} aria-pressed={statements} onClick={() => set('view', 'statements')} data-testid="report-kind-statements">
          {t('statements.tab')}
        </button>
      </nav>
      {statements ? (
        <StatementsPanel />
      ) : (
        <>
          <div className="reports__filters">
            <label>
              {t('filters.basis')}
              <select className="tbo-select" value={p.dateBasis} onChange={(e) => set('basis', e.target.value === 'booking' ? 'booking' : null)} data-testid="report-basis">
                <option value="tour">{t('filters.tourDate')}</option>
                <option value="booking">{t('filters.bookingDate')}</option>
              </select>
            </label>
            <DateFilter label={t('filters.from')} iso={p.from} onIso={(v) => set('from', v)} testId="report-from" />
            <DateFilter label={t('filters.to')} iso={p.to} onIso={(v) => set('to', v)} testId="report-to" />
            <label>
              {t('filters.tour')}
              <select className="tbo-select" value={p.tourId} onChange={(e) => set('tourId', e.target.value)} data-testid="report-tour">
                <option value="">{t('filters.all')}</option>
                {options.data?.tours.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('filters.agency')}
              <select className="tbo-select" value={p.agencyId} onChange={(e) => set('agencyId', e.target.value)} data-testid="report-agency">
                <option value="">{t('filters.all')}</option>
                {options.data?.agencies.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <Button onClick={() => void exportXlsx()} disabled={!ready} data-testid="report-xlsx">
              {t('excel')}
            </Button>
          </div>
          <AsOfPanel buildId={asOf} onBuild={(id) => set('asOf', id === null ? null : String(id))} />
          {error && (
            <p role="alert" className="reports__error">
              {error}
            </p>
          )}
          {backwards && (
            <p role="alert" className="reports__error" data-testid="report-backwards">
              {t('filters.backwards')}
            </p>
          )}
          {report.isError && <p role="alert">{t('loadFailed')}</p>}
          {ready && report.data && (
            <>
              <h2 className="reports__heading" data-testid="report-heading">
                {t(`kinds.${kind}`)}
                {asOf !== null && build.data ? ` · ${t('asOf.short', { at: dubaiDateTime(build.data.until) })}` : ''}
              </h2>
              {report.data.lines.length > 0 && <ReportChart kind={kind} lines={report.data.lines} layout={layout} />}
              <ReportTable answer={report.data} layout={layout} />
            </>
          )}
        </>
      )}
    </div>
  );
}
