import type { ReportLine } from './reports.api';
import type { ReportLayout } from './report-columns';

/** Bars past this many make unreadable slivers: the chart shows the largest, the table shows every line. */
export const MAX_BARS = 20;

/** The longest slanted axis label drawn; a longer one is cut with '…' (the bar's tooltip says it whole). */
export const AXIS_LABEL_CHARS = 30;

export type ChartRow = ReportLine & { label: string };

export interface ChartRows {
  data: ChartRow[];
  /** How many lines the report has: more than data.length when the chart shows only the largest. */
  total: number;
  /** The chart shows only the MAX_BARS largest lines by the first figure, largest first. */
  limited: boolean;
}

/**
 * The chart's rows: one per line, labelled by the layout's label columns. A bar chart of more than MAX_BARS lines
 * shows the largest by its first figure, largest first (ties in the report's order): a ranking, which the chart's
 * subtitle says, not a timeline with days missing. A line chart (a time series) always shows every line in order.
 */
export function chartRows(lines: readonly ReportLine[], layout: ReportLayout, t: (k: string) => string, max = MAX_BARS): ChartRows {
  const data = lines.map((l) => ({ ...l, label: layout.labels.map((c) => c.text(l, t)).filter(Boolean).join(' · ') }));
  if (layout.chart.kind !== 'bar' || data.length <= max) return { data, total: data.length, limited: false };
  const first = layout.chart.keys[0]!;
  // Array.prototype.sort is stable: equal bars keep the report's (date and time) order.
  return { data: [...data].sort((a, b) => b[first] - a[first]).slice(0, max), total: data.length, limited: true };
}

/** An axis label no longer than `max` characters: cut at a word where it can, with '…'. */
export function axisLabel(text: string, max = AXIS_LABEL_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).replace(/[\s·]+$/, '')}…`;
}

/** From this many categories on the axis labels are slanted (a fixed angle, so the room they need is known). */
export const SLANT_FROM = 9;
/** The slant: 335° is AG Charts' own, text rising to the right and ending under its bar. */
export const SLANT_DEGREES = 335;
const CHART_PADDING = 20;
/** The least distance from the chart's left padding to the first bar's centre: the value axis and half a band. */
const FIRST_TICK_OFFSET = 40;

/**
 * The chart's left padding that keeps the first slanted axis label whole: the label runs down-left from under the
 * first bar, further than the value axis reaches when it is long. `labelWidth` is its drawn width in pixels;
 * `labelHeight` its line height.
 */
export function slantedLeftPadding(labelWidth: number, labelHeight = 14): number {
  const a = ((360 - SLANT_DEGREES) * Math.PI) / 180;
  const reach = labelWidth * Math.cos(a) + labelHeight * Math.sin(a);
  return Math.max(CHART_PADDING, Math.ceil(reach - FIRST_TICK_OFFSET));
}
