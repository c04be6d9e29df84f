import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeCell, type CellValue } from './excel-cells';

export interface ExcelColumn {
  header: string;
  width?: number;
  /** Excel's number format for the column's numbers (MONEY_FORMAT for amounts); none: Excel's General. */
  numFmt?: string;
}

/** Amounts as the screens show them: thousands grouped, two decimals (Excel says them in the reader's locale). */
export const MONEY_FORMAT = '#,##0.00';

/** Rows written between two looks at the streams below: about a millisecond of work. */
const ROWS_PER_TURN = 64;
/** Uncompressed sheet bytes the zip's compressor may hold before the writer waits for it. */
const COMPRESSOR_BACKLOG_MAX = 4 * 1024 * 1024;

/**
 * A style object per kind of cell, shared by every plain cell of the sheet. exceljs gives each new cell a style
 * object of its own and, with styles on, resolves each one to a style id again (rendering it to XML to look it
 * up); a style object it has met before it looks up by identity. Numbers and dates take a number format from the
 * cell's type, every other kind none: three objects give each cell the id its own empty style would get.
 */
function plainStyles(): (value: CellValue) => Partial<ExcelJS.Style> {
  const number: Partial<ExcelJS.Style> = {};
  const date: Partial<ExcelJS.Style> = {};
  const other: Partial<ExcelJS.Style> = {};
  return (value) => (typeof value === 'number' ? number : value instanceof Date ? date : other);
}

/** Resolves when the stream can take more, or will never (closed or failed). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams one worksheet to `out` row by row (exceljs WorkbookWriter): memory stays flat however long the list is,
 * which the in-memory Workbook does not (see TOOLCHAIN.md). Each row's array is the writer's: its text is escaped
 * in place (escapeCell).
 *
 * exceljs takes every committed row at once and never says when to wait (exceljs#734): the row's XML goes into the
 * zip's compressor whatever it holds, and what the compressor makes goes to `out` whatever `out` holds. So the
 * writer paces itself: every few rows it gives the event loop a turn (the compressor works in the thread pool and
 * needs the loop to hand it the next piece, `out` needs it to write to its socket), waits while `out` is full or the
 * compressor is far behind, and stops when `out` has closed (the client went away: the rows left are not read).
 * A slow client then holds a few megabytes, not the whole file.
 */
export async function writeXlsx(out: Writable, sheet: { title: string; columns: ExcelColumn[]; rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]> }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(sheetName(sheet.title));
  ws.columns = sheet.columns.map((c) => ({ header: String(escapeCell(c.header) ?? ''), width: c.width ?? Math.min(60, Math.max(12, c.header.length + 2)) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const plain = plainStyles();
  // One style object per formatted column, shared by its cells (see plainStyles: exceljs looks a known one up by identity).
  const formatted = sheet.columns.map((c): Partial<ExcelJS.Style> | null => (c.numFmt ? { numFmt: c.numFmt } : null));
  const styleOf = (value: CellValue, i: number) => (typeof value === 'number' && formatted[i]) || plain(value);
  let n = 0;
  for await (const values of sheet.rows) {
    // The caller's array is made for this row alone: escaped in place, no copy per row.
    for (let i = 0; i < values.length; i++) values[i] = escapeCell(values[i] ?? null);
    const row = ws.addRow(values);
    for (let i = 0; i < values.length; i++) row.getCell(i + 1).style = styleOf(values[i], i);
    row.commit();
    if (++n % ROWS_PER_TURN === 0) {
      await nextTurn();
      for (;;) {
        if (closed(out)) return;
        const compressor = compressorOf(ws);
        if (out.writableNeedDrain) await drained(out);
        else if (compressor && compressor.writableLength > COMPRESSOR_BACKLOG_MAX) await drained(compressor);
        else break;
      }
    }
  }
  ws.commit();
  await workbook.commit();
}

const closed = (out: Writable) => out.destroyed || out.writableEnded;

/**
 * The zip's compressor, into which exceljs pipes the sheet without a public handle (the sheet stream's first pipe,
 * as exceljs#464 reaches it); without one the writer paces itself on `out` alone.
 */
function compressorOf(ws: ExcelJS.Worksheet): Writable | undefined {
  return (ws as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
function sheetName(title: string): string {
  return (title.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet1').slice(0, 31);
}
