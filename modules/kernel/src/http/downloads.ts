import type { Response } from 'express';
import type { CellValue } from '../excel/excel-cells';
import { writeXlsx, type ExcelColumn } from '../excel/excel-writer';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers 200 with the sheet as an .xlsx attachment, written as its rows come (a long list is never held whole).
 * The name is exposed to the browser's script, which saves the file under it.
 */
export async function sendXlsx(res: Response, fileName: string, sheet: { title: string; columns: ExcelColumn[]; rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]> }): Promise<void> {
  const rows = await firstRowRead(sheet.rows);
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  await writeXlsx(res, { ...sheet, rows });
}

/**
 * The rows with the first one already read: a query that fails at once (a bad filter) then fails before the 200 and
 * its headers are sent, and is answered with the error envelope instead of a cut-off file.
 */
async function firstRowRead(rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>): Promise<AsyncIterable<CellValue[]>> {
  const it = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const first = await it.next();
  return (async function* () {
    for (let next = first; !next.done; next = await it.next()) yield next.value;
  })();
}

/** Starts a 200 answer of a PDF attachment of `bytes` bytes: private to the caller, never cached, never sniffed. The caller writes the body. */
export function startPdfAttachment(res: Response, fileName: string, bytes: number): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Content-Length', String(bytes));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
