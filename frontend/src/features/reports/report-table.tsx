import { useTranslation } from 'react-i18next';
import type { ReportAnswer } from './reports.api';
import { figureText, type ReportLayout } from './report-columns';

/** The report's lines and its Total line. */
export function ReportTable({ answer, layout }: { answer: ReportAnswer; layout: ReportLayout }) {
  const { t } = useTranslation('reports');
  const tx = (k: string) => t(k);
  if (!answer.lines.length) return <p data-testid="report-empty">{t('empty')}</p>;
  return (
    <div className="reports__scroll">
      <table className="reports__table" data-testid="report-table">
        <thead>
          <tr>
            {layout.labels.map((c) => (
              <th key={c.key} scope="col">
                {t(`columns.${c.key}`)}
              </th>
            ))}
            {layout.figures.map((c) => (
              <th key={c.key} scope="col" className="num">
                {t(`columns.${c.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.lines.map((l, i) => (
            <tr key={i}>
              {layout.labels.map((c) => (
                <td key={c.key}>{c.text(l, tx)}</td>
              ))}
              {layout.figures.map((c) => (
                <td key={c.key} className="num">
                  {figureText(c, l[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="report-totals">
            <th scope="row" colSpan={layout.labels.length}>
              {t('total')}
            </th>
            {layout.figures.map((c) => (
              <td key={c.key} className="num">
                {figureText(c, answer.totals[c.key])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
