import { formatMoney, PDF_FONT, renderPdf } from '@tbo/documents';
import type { CommissionStatementView } from '@tbo/read-models';
import { CHANGE_LABELS, dayText, dubaiDayText, monthText } from './statement-format';

type Cell = string | { text: string; bold?: boolean; alignment?: string; colSpan?: number; fillColor?: string; color?: string };
const th = (text: string, alignment = 'left'): Cell => ({ text, bold: true, alignment, fillColor: '#eeeeee' });
const right = (text: string, bold = false): Cell => ({ text, alignment: 'right', bold });
const usd = (amount: number) => `USD ${formatMoney(amount)}`;

/**
 * A commission statement (A4 landscape, English), rendered on request from its fixed lines: the same statement
 * gives the same bytes (the PDF's dates are the issue's), so there is nothing to store.
 */
export function statementPdf(s: CommissionStatementView): Promise<Buffer> {
  const when = s.issuedAt ? new Date(s.issuedAt) : new Date(0);
  const heading = s.issued ? `Statement No. ${s.number} · issued ${dubaiDayText(s.issuedAt!)} by ${s.issuedBy}` : 'Preview: not issued yet';
  const body: Cell[][] = [
    [th('Date'), th('Booking'), th('Change'), th('Tour / ticket'), th('Tour date'), th('Guest'), th('Commission', 'right'), th('Running total', 'right')],
    ...s.lines.map((l): Cell[] => [
      dubaiDayText(l.at),
      `BK-${l.bookingId}`,
      CHANGE_LABELS[l.kind],
      `${l.tourName} / ${l.offerName}`,
      dayText(l.date),
      l.guestName,
      { text: usd(l.amount), alignment: 'right', color: l.amount < 0 ? '#b00020' : '#000000' },
      right(usd(l.runningTotal)),
    ]),
    [{ text: 'Total', bold: true, colSpan: 6 }, '', '', '', '', '', right(usd(s.total), true), ''],
  ];
  return renderPdf({
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 36, 36, 40],
    info: { title: `Commission statement ${s.month}`, author: s.supplierName || 'Supplier', creationDate: when, modDate: when },
    defaultStyle: { font: PDF_FONT, fontSize: 9 },
    content: [
      { text: 'Commission statement', fontSize: 16, bold: true },
      { text: monthText(s.month), fontSize: 12, margin: [0, 2, 0, 8] },
      {
        columns: [
          [{ text: 'Supplier', bold: true }, s.supplierName],
          [{ text: 'Agency', bold: true }, s.agencyName],
        ],
      },
      { text: heading, margin: [0, 8, 0, 8], color: s.issued ? '#000000' : '#b00020' },
      s.lines.length
        ? { table: { headerRows: 1, widths: [58, 52, 56, '*', 58, 90, 82, 82], body }, layout: 'lightHorizontalLines' }
        : { text: 'No commission changed in this statement.', italics: true },
      { text: 'Amounts are the agency’s commission in USD; a cancelled or declined booking takes back what it had earned.', margin: [0, 10, 0, 0], fontSize: 8, color: '#555555' },
    ],
  });
}
