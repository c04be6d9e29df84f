import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeCell, type CellValue } from './excel-cells';

export interface ExcelColumn {
  header: string;
  width?: number;
}

/**
 * Streams one worksheet to `out` row by row (exceljs WorkbookWriter): memory stays flat
 * however long the list is, which the in-memory Workbook does not (see TOOLCHAIN.md).
 */
export async function writeXlsx(out: Writable, sheet: { title: string; columns: ExcelColumn[]; rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]> }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(sheetName(sheet.title));
  ws.columns = sheet.columns.map((c) => ({ header: String(escapeCell(c.header) ?? ''), width: c.width ?? Math.min(60, Math.max(12, c.header.length + 2)) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for await (const row of sheet.rows) {
    ws.addRow(row.map((v) => escapeCell(v ?? null))).commit();
  }
  ws.commit();
  await workbook.commit();
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
function sheetName(title: string): string {
  return (title.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet1').slice(0, 31);
}
