import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AgCharts } from 'ag-charts-react';
import { BarSeriesModule, CategoryAxisModule, LegendModule, LineSeriesModule, LocaleModule, ModuleRegistry, NumberAxisModule, type AgCartesianChartOptions } from 'ag-charts-community';
import { formatNumber } from '../../ui/format/number';
import type { ReportKind, ReportLine } from './reports.api';
import type { ReportLayout } from './report-columns';
import { axisLabel, chartRows, type ChartRow, SLANT_DEGREES, SLANT_FROM, slantedLeftPadding } from './report-chart.logic';

// Only what the reports draw: bars and lines on a category axis, with a legend, in the interface language.
ModuleRegistry.registerModules([BarSeriesModule, LineSeriesModule, CategoryAxisModule, NumberAxisModule, LegendModule, LocaleModule]);

/** AG Charts' axis label font (its theme's 12px), to measure a label with. */
const LABEL_FONT = '12px "IBM Plex Sans", -apple-system, "system-ui", "Segoe UI", Roboto, Oxygen-Sans, Ubuntu, Cantarell, "Helvetica Neue", sans-serif';
let measure: CanvasRenderingContext2D | null | undefined;
function labelWidth(text: string): number {
  if (measure === undefined) measure = document.createElement('canvas').getContext('2d');
  if (!measure) return text.length * 7;
  measure.font = LABEL_FONT;
  return measure.measureText(text).width;
}

/**
 * The report drawn: one category per line (its labels), the layout's figures as series. A bar chart of many lines
 * shows the largest only, and its subtitle says so. Long labels are cut on the axis (the bar's tooltip says them
 * whole) and, when there are many, slanted, with room on the chart's left so the first one is not clipped.
 */
export function ReportChart({ kind, lines, layout }: { kind: ReportKind; lines: ReportLine[]; layout: ReportLayout }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const rows = useMemo(() => chartRows(lines, layout, (k) => t(k)), [lines, layout, t]);
  const options = useMemo<AgCartesianChartOptions>(() => {
    // Many categories: the labels are slanted at a fixed angle, with room on the left for the first one.
    const slant = rows.data.length >= SLANT_FROM;
    const first = rows.data[0] ? axisLabel(rows.data[0].label) : '';
    return {
      data: rows.data,
      height: 300,
      background: { visible: false },
      padding: { left: slant ? slantedLeftPadding(labelWidth(first)) : 20 },
      series: layout.chart.keys.map((key) => {
        // The tooltip's heading is the line's whole label, however the axis cut it.
        const common = { xKey: 'label', yKey: key, yName: t(`columns.${key}`), tooltip: { renderer: ({ datum }: { datum: ChartRow }) => ({ heading: datum.label }) } };
        return layout.chart.kind === 'line' ? { type: 'line' as const, ...common } : { type: 'bar' as const, ...common };
      }),
      axes: {
        // Few categories: AG Charts wraps their labels under the bars, on spaces.
        x: { type: 'category', position: 'bottom', label: slant ? { rotation: SLANT_DEGREES, formatter: ({ value }) => axisLabel(String(value)) } : {} },
        // The value axis groups thousands as the table beside it does, in the interface language (20,000 / 20 000).
        y: { type: 'number', position: 'left', label: { formatter: ({ value }) => formatNumber(Number(value), 2, lang) } },
      },
      legend: { position: 'bottom' },
      // The chart's own words (what a screen reader hears of the legend, its empty and loading notes) in the
      // interface language: AG Charts' locale pack has no Russian, so reports.json carries the few the reports use.
      locale: { localeText: t('chartText', { returnObjects: true }) as Record<string, string> },
    };
  }, [rows, layout, t, lang]);
  const figure = t(`columns.${layout.chart.keys[0]}`);
  return (
    <figure className="reports__chart" data-testid="report-chart" aria-label={t('chartLabel')}>
      {rows.limited && (
        <figcaption className="reports__chart-note" data-testid="report-chart-note">
          {t(kind === 'pax-by-date-slot' ? 'chartTop.departures' : 'chartTop.lines', { shown: rows.data.length, total: rows.total, figure })}
        </figcaption>
      )}
      <AgCharts options={options} />
    </figure>
  );
}
