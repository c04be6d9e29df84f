import type { Response } from 'express';
import type { ReportAnswer, ReportKind, ReportLine } from '@tbo/read-models';
import { minutesToTime, safeXlsxFileName, sendXlsx, type CellValue, type ExcelColumn } from '@tbo/kernel';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' and 'YYYY-MM' → 'MM.YYYY', as every screen shows dates. */
const dateText = (iso: string | undefined): string => {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  if (/^\d{4}-\d{2}$/.test(iso)) return `${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  return iso;
};

interface SheetColumn extends ExcelColumn {
  cell(line: ReportLine, total: boolean): CellValue;
}

const label = (header: string, value: (l: ReportLine) => CellValue, width = 28): SheetColumn => ({ header, width, cell: (l, total) => (total ? null : value(l)) });
const figure = (header: string, key: keyof ReportLine, width = 14): SheetColumn => ({ header, width, cell: (l) => l[key] as number });

const agency = (l: ReportLine) => (l.agencyId === null ? 'Direct (supplier staff)' : l.agencyName || `#${l.agencyId}`);
const SALES = [figure('Bookings', 'bookings', 10), figure('Adults', 'adults', 8), figure('Children', 'children', 8), figure('Total USD', 'totalUsd'), figure('Total AED', 'totalAed'), figure('Net USD', 'netUsd'), figure('Net AED', 'netAed'), figure('Commission USD', 'commission')];

const COLUMNS: Record<ReportKind, SheetColumn[]> = {
  'sales-by-tour': [label('Tour', (l) => l.tourName), label('Ticket', (l) => l.offerName), ...SALES],
  'sales-by-agency': [label('Agency', agency), ...SALES],
  'sales-by-agent': [label('Agency', agency), label('Agent', (l) => l.agentName || (l.agentId ? `#${l.agentId}` : '')), ...SALES],
  'sales-by-day': [label('Day', (l) => dateText(l.day), 12), ...SALES],
  'sales-by-month': [label('Month', (l) => dateText(l.month), 10), ...SALES],
  'commissions-by-agency': [label('Agency', agency), figure('Bookings', 'bookings', 10), figure('Gross sales USD', 'grossSales'), figure('Commission USD', 'commission'), figure('Net USD', 'netUsd'), figure('Net AED', 'netAed')],
  'pax-by-date-slot': [
    label('Date', (l) => dateText(l.day), 12),
    label('Slot', (l) => [l.startTime === null || l.startTime === undefined ? '' : minutesToTime(l.startTime), l.timeSlotName ?? ''].filter(Boolean).join(' '), 24),
    figure('Bookings', 'bookings', 10),
    figure('Adults', 'adults', 8),
    figure('Children', 'children', 8),
    figure('Infants', 'infants', 8),
    figure('FOC', 'foc', 8),
  ],
  cancellations: [
    label('Tour', (l) => l.tourName),
    label('Ticket', (l) => l.offerName),
    figure('Cancelled', 'cancelled', 10),
    figure('Declined', 'declined', 10),
    figure('Value USD', 'totalUsd'),
    figure('Refund USD', 'refundUsd'),
    figure('Refund AED', 'refundAed'),
    figure('Penalty USD', 'penaltyUsd'),
    figure('Penalty AED', 'penaltyAed'),
  ],
};

/** The report as <kind>.xlsx: its lines, then a Total line (text cells escaped by the kernel's writer). */
export async function sendReportSheet(res: Response, answer: ReportAnswer, title: string): Promise<void> {
  const columns = COLUMNS[answer.kind];
  const rows: CellValue[][] = answer.lines.map((l) => columns.map((c) => c.cell(l, false)));
  const total = columns.map((c) => c.cell(answer.totals, true));
  total[0] = 'Total';
  rows.push(total);
  await sendXlsx(res, safeXlsxFileName(`${answer.kind}.xlsx`), { title, columns, rows });
}
