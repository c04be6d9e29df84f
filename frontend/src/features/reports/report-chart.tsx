import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AgCharts } from 'ag-charts-react';
import { BarSeriesModule, CategoryAxisModule, LegendModule, LineSeriesModule, LocaleModule, ModuleRegistry, NumberAxisModule, type AgCartesianChartOptions } from 'ag-charts-community';
import { formatNumber } from '../../ui/format/number';
import type { ReportLine } from './reports.api';
import type { ReportLayout } from './report-columns';

// Only what the reports draw: bars and lines on a category axis, with a legend, in the interface language.
ModuleRegistry.registerModules([BarSeriesModule, LineSeriesModule, CategoryAxisModule, NumberAxisModule, LegendModule, LocaleModule]);

/** Bars past this many make unreadable slivers: the chart shows the largest, the table shows every line. */
const MAX_BARS = 20;

/** The report drawn: one category per line (its labels), the layout's figures as series. */
export function ReportChart({ lines, layout }: { lines: ReportLine[]; layout: ReportLayout }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const options = useMemo<AgCartesianChartOptions>(() => {
    const tx = (k: string) => t(k);
    let data = lines.map((l) => ({ label: layout.labels.map((c) => c.text(l, tx)).filter(Boolean).join(' · '), ...l }));
    if (layout.chart.kind === 'bar' && data.length > MAX_BARS) {
      const first = layout.chart.keys[0]!;
      data = [...data].sort((a, b) => b[first] - a[first]).slice(0, MAX_BARS);
    }
    return {
      data,
      height: 280,
      background: { visible: false },
      series: layout.chart.keys.map((key) =>
        layout.chart.kind === 'line' ? { type: 'line', xKey: 'label', yKey: key, yName: t(`columns.${key}`) } : { type: 'bar', xKey: 'label', yKey: key, yName: t(`columns.${key}`) },
      ),
      // The value axis groups thousands as the table beside it does, in the interface language (20,000 / 20 000).
      axes: { x: { type: 'category', position: 'bottom' }, y: { type: 'number', position: 'left', label: { formatter: ({ value }) => formatNumber(Number(value), 2, lang) } } },
      legend: { position: 'bottom' },
      // The chart's own words (what a screen reader hears of the legend, its empty and loading notes) in the
      // interface language: AG Charts' locale pack has no Russian, so reports.json carries the few the reports use.
      locale: { localeText: t('chartText', { returnObjects: true }) as Record<string, string> },
    };
  }, [lines, layout, t, lang]);
  return (
    <figure className="reports__chart" data-testid="report-chart" aria-label={t('chartLabel')}>
      <AgCharts options={options} />
    </figure>
  );
}
