import type { Response } from 'express';
import type { CommissionStatementView } from '@tbo/read-models';
import { MONEY_FORMAT, safeXlsxFileName, sendXlsx, type CellValue, type ExcelColumn } from '@tbo/kernel';
import { CHANGE_LABELS, dayText, dubaiDayText, statementFileName, statementSheetTitle } from './statement-format';

/** The statement is an issued document: its sheet, like its PDF, is in English whatever the screen's language. */
const COLUMNS: ExcelColumn[] = [
  { header: 'Date', width: 12 },
  { header: 'Booking', width: 12 },
  { header: 'Change', width: 12 },
  { header: 'Tour', width: 28 },
  { header: 'Ticket', width: 24 },
  { header: 'Tour date', width: 12 },
  { header: 'Guest', width: 24 },
  { header: 'Commission USD', width: 16, numFmt: MONEY_FORMAT },
  { header: 'Running total USD', width: 18, numFmt: MONEY_FORMAT },
];

/** The statement as an .xlsx: its lines (texts escaped by the kernel's writer), then a Total line. */
export async function sendStatementSheet(res: Response, s: CommissionStatementView): Promise<void> {
  const rows: CellValue[][] = s.lines.map((l) => [dubaiDayText(l.at), `BK-${l.bookingId}`, CHANGE_LABELS[l.kind], l.tourName, l.offerName, dayText(l.date), l.guestName, l.amount, l.runningTotal]);
  rows.push(['Total', null, null, null, null, null, null, s.total, null]);
  await sendXlsx(res, safeXlsxFileName(statementFileName(s.month, 'xlsx')), { title: statementSheetTitle(s.agencyName, s.month), columns: COLUMNS, rows });
}
