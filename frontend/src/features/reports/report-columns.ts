import { slotLabel } from '@tbo/reports/src/pure/slot-label.pure';
import { businessDate } from '../../ui/format/day-format';
import { formatMoney } from '../../ui/format/number';
import type { ReportKind, ReportLine } from './reports.api';

type Figures = Omit<ReportLine, 'tourId' | 'tourName' | 'offerId' | 'offerName' | 'agencyId' | 'agencyName' | 'agentId' | 'agentName' | 'day' | 'month' | 'timeSlotName' | 'startTime'>;
export type FigureKey = keyof Figures;

/** A label column: its i18n key (reports:columns.*) and its text for a line (`t` for the words it needs). */
export interface LabelColumn {
  key: string;
  text(line: ReportLine, t: (k: string) => string): string;
}
export interface FigureColumn {
  key: FigureKey;
  money: boolean;
}
export interface ReportLayout {
  labels: LabelColumn[];
  figures: FigureColumn[];
  /** The figures the chart draws (a bar per line; a line for time series). */
  chart: { keys: FigureKey[]; kind: 'bar' | 'line' };
}

const fig = (key: FigureKey, money = false): FigureColumn => ({ key, money });
const SALES = [fig('bookings'), fig('adults'), fig('children'), fig('totalUsd', true), fig('totalAed', true), fig('netUsd', true), fig('netAed', true), fig('commission', true)];
const agency: LabelColumn = { key: 'agency', text: (l, t) => (l.agencyId === null || l.agencyId === undefined ? t('direct') : l.agencyName || `#${l.agencyId}`) };
const tour: LabelColumn = { key: 'tour', text: (l) => l.tourName ?? '' };
const ticket: LabelColumn = { key: 'ticket', text: (l) => l.offerName ?? '' };
const monthText = (m: string) => `${m.slice(5, 7)}.${m.slice(0, 4)}`;

export const REPORT_LAYOUTS: Record<ReportKind, ReportLayout> = {
  'sales-by-tour': { labels: [tour, ticket], figures: SALES, chart: { keys: ['totalUsd', 'netUsd'], kind: 'bar' } },
  'sales-by-agency': { labels: [agency], figures: SALES, chart: { keys: ['totalUsd', 'commission'], kind: 'bar' } },
  'sales-by-agent': { labels: [agency, { key: 'agent', text: (l, t) => l.agentName || (l.agentId ? `#${l.agentId}` : t('resellerApi')) }], figures: SALES, chart: { keys: ['totalUsd'], kind: 'bar' } },
  'sales-by-day': { labels: [{ key: 'day', text: (l) => businessDate(l.day ?? '') }], figures: SALES, chart: { keys: ['totalUsd', 'netUsd'], kind: 'line' } },
  'sales-by-month': { labels: [{ key: 'month', text: (l) => monthText(l.month ?? '') }], figures: SALES, chart: { keys: ['totalUsd', 'netUsd'], kind: 'bar' } },
  'commissions-by-agency': { labels: [agency], figures: [fig('bookings'), fig('grossSales', true), fig('commission', true), fig('netUsd', true), fig('netAed', true)], chart: { keys: ['commission'], kind: 'bar' } },
  'pax-by-date-slot': {
    labels: [
      { key: 'date', text: (l) => businessDate(l.day ?? '') },
      { key: 'slot', text: (l) => slotLabel(l.startTime, l.timeSlotName) },
    ],
    figures: [fig('bookings'), fig('adults'), fig('children'), fig('infants'), fig('foc')],
    chart: { keys: ['adults', 'children'], kind: 'bar' },
  },
  cancellations: {
    labels: [tour, ticket],
    figures: [fig('cancelled'), fig('declined'), fig('totalUsd', true), fig('refundUsd', true), fig('refundAed', true), fig('penaltyUsd', true), fig('penaltyAed', true)],
    chart: { keys: ['refundUsd', 'penaltyUsd'], kind: 'bar' },
  },
};

export const figureText = (c: FigureColumn, value: number): string => (c.money ? formatMoney(value) : String(value));
