import type { Response } from 'express';
import type { ReportAnswer, ReportKind, ReportLine } from '@tbo/read-models';
import { slotLabel } from './pure/slot-label.pure';
import { MONEY_FORMAT, safeXlsxFileName, sendXlsx, type CellValue, type ExcelColumn, type SheetLanguage } from '@tbo/kernel';

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

/** The sheet's words; the Russian ones are the report page's on a Russian screen. */
export const REPORT_SHEET_WORDS = {
  en: {
    kinds: {
      'sales-by-tour': 'Sales by tour and ticket', 'sales-by-agency': 'Sales by agency', 'sales-by-agent': 'Sales by agent', 'sales-by-day': 'Sales by day', 'sales-by-month': 'Sales by month',
      'commissions-by-agency': 'Commissions by agency', 'pax-by-date-slot': 'Guests by date and slot', cancellations: 'Cancellations and refunds',
    },
    total: 'Total', direct: 'Direct (supplier staff)', resellerApi: 'Reseller API (OCTO)',
    tour: 'Tour', ticket: 'Ticket', agency: 'Agency', agent: 'Agent', day: 'Day', month: 'Month', date: 'Date', slot: 'Time slot', bookings: 'Bookings', adults: 'Adults', children: 'Children',
    infants: 'Infants', foc: 'FOC', totalUsd: 'Total USD', totalAed: 'Total AED', netUsd: 'Net USD', netAed: 'Net AED', grossSales: 'Gross sales USD', commission: 'Commission USD',
    cancelled: 'Cancelled', declined: 'Declined', refundUsd: 'Refund USD', refundAed: 'Refund AED', penaltyUsd: 'Penalty USD', penaltyAed: 'Penalty AED',
  },
  ru: {
    kinds: {
      'sales-by-tour': 'Продажи по турам и билетам', 'sales-by-agency': 'Продажи по агентствам', 'sales-by-agent': 'Продажи по агентам', 'sales-by-day': 'Продажи по дням', 'sales-by-month': 'Продажи по месяцам',
      'commissions-by-agency': 'Комиссии по агентствам', 'pax-by-date-slot': 'Гости по датам и слотам', cancellations: 'Отмены и возвраты',
    },
    total: 'Итого', direct: 'Напрямую (сотрудники поставщика)', resellerApi: 'API реселлера (OCTO)',
    tour: 'Тур', ticket: 'Билет', agency: 'Агентство', agent: 'Агент', day: 'День', month: 'Месяц', date: 'Дата', slot: 'Слот', bookings: 'Бронирования', adults: 'Взрослые', children: 'Дети',
    infants: 'Младенцы', foc: 'Бесплатные', totalUsd: 'Сумма USD', totalAed: 'Сумма AED', netUsd: 'Нетто USD', netAed: 'Нетто AED', grossSales: 'Валовые продажи USD', commission: 'Комиссия USD',
    cancelled: 'Отменено', declined: 'Отклонено', refundUsd: 'Возврат USD', refundAed: 'Возврат AED', penaltyUsd: 'Штраф USD', penaltyAed: 'Штраф AED',
  },
} satisfies Record<SheetLanguage, Record<string, unknown>>;

type Words = (typeof REPORT_SHEET_WORDS)['en'];

const label = (header: string, value: (l: ReportLine) => CellValue, width = 28): SheetColumn => ({ header, width, cell: (l, total) => (total ? null : value(l)) });
const figure = (header: string, key: keyof ReportLine, width = 14): SheetColumn => ({ header, width, cell: (l) => l[key] as number });
/** A figure in money: USD or AED, two decimals. */
const money = (header: string, key: keyof ReportLine, width = 14): SheetColumn => ({ ...figure(header, key, width), numFmt: MONEY_FORMAT });

function columnsOf(kind: ReportKind, w: Words): SheetColumn[] {
  const agency = label(w.agency, (l) => (l.agencyId === null ? w.direct : l.agencyName || `#${l.agencyId}`));
  const sales = [figure(w.bookings, 'bookings', 10), figure(w.adults, 'adults', 8), figure(w.children, 'children', 8), money(w.totalUsd, 'totalUsd'), money(w.totalAed, 'totalAed'), money(w.netUsd, 'netUsd'), money(w.netAed, 'netAed'), money(w.commission, 'commission')];
  const tourAndTicket = [label(w.tour, (l) => l.tourName), label(w.ticket, (l) => l.offerName)];
  switch (kind) {
    case 'sales-by-tour':
      return [...tourAndTicket, ...sales];
    case 'sales-by-agency':
      return [agency, ...sales];
    case 'sales-by-agent':
      return [agency, label(w.agent, (l) => l.agentName || (l.agentId ? `#${l.agentId}` : w.resellerApi)), ...sales];
    case 'sales-by-day':
      return [label(w.day, (l) => dateText(l.day), 12), ...sales];
    case 'sales-by-month':
      return [label(w.month, (l) => dateText(l.month), 10), ...sales];
    case 'commissions-by-agency':
      return [agency, figure(w.bookings, 'bookings', 10), money(w.grossSales, 'grossSales'), money(w.commission, 'commission'), money(w.netUsd, 'netUsd'), money(w.netAed, 'netAed')];
    case 'pax-by-date-slot':
      return [
        label(w.date, (l) => dateText(l.day), 12),
        label(w.slot, (l) => slotLabel(l.startTime, l.timeSlotName), 24),
        figure(w.bookings, 'bookings', 10),
        figure(w.adults, 'adults', 8),
        figure(w.children, 'children', 8),
        figure(w.infants, 'infants', 8),
        figure(w.foc, 'foc', 8),
      ];
    case 'cancellations':
      return [
        ...tourAndTicket,
        figure(w.cancelled, 'cancelled', 10),
        figure(w.declined, 'declined', 10),
        money(w.totalUsd, 'totalUsd'),
        money(w.refundUsd, 'refundUsd'),
        money(w.refundAed, 'refundAed'),
        money(w.penaltyUsd, 'penaltyUsd'),
        money(w.penaltyAed, 'penaltyAed'),
      ];
  }
}

/** The report as <kind>.xlsx in the caller's language: its lines, then a Total line (text cells escaped by the kernel's writer). */
export async function sendReportSheet(res: Response, answer: ReportAnswer, lang: SheetLanguage): Promise<void> {
  const w = REPORT_SHEET_WORDS[lang];
  const columns = columnsOf(answer.kind, w);
  const rows: CellValue[][] = answer.lines.map((l) => columns.map((c) => c.cell(l, false)));
  const total = columns.map((c) => c.cell(answer.totals, true));
  total[0] = w.total;
  rows.push(total);
  await sendXlsx(res, safeXlsxFileName(`${answer.kind}.xlsx`), { title: w.kinds[answer.kind], columns, rows });
}
