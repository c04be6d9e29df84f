import type { Response } from 'express';
import type { CellValue } from '../excel/excel-cells';
import { writeXlsx, type ExcelColumn } from '../excel/excel-writer';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers 200 with the sheet as an .xlsx attachment, written as its rows come (a long list is never held whole).
 * The name is exposed to the browser's script, which saves the file under it.
 */
export async function sendXlsx(res: Response, fileName: string, sheet: { title: string; columns: ExcelColumn[]; rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]> }): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  await writeXlsx(res, sheet);
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
