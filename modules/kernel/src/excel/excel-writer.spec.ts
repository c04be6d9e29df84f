import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue } from './excel-cells';
import { MONEY_FORMAT, writeXlsx } from './excel-writer';

const COLUMNS = ['Id', 'Guest', 'Note', 'Paid', 'When', 'Flag', 'Empty'].map((header) => ({ header }));

/** A stream that keeps what it is given. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _e, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { out, file: async () => (out.writableFinished ? Buffer.concat(chunks) : (await once(out, 'finish'), Buffer.concat(chunks))) };
}

async function sheetOf(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('writeXlsx', () => {
  const when = new Date(Date.UTC(2026, 0, 2, 10, 30));
  const rows = (): CellValue[][] => [
    [1, 'Anna', '=1+2', 12.5, when, true, null],
    [2, '@SUM(A1)', '-3+A1', 0, when, false, undefined],
    [3, '', 'plain', -1.25, null, null, ''],
  ];

  it('writes the header in bold and every cell, text that Excel would take for a formula escaped', async () => {
    const { out, file } = collector();
    await writeXlsx(out, { title: 'Bookings: [all]', columns: COLUMNS, rows: rows() });
    const ws = await sheetOf(await file());
    expect(ws.name).toBe('Bookings   all');
    expect(ws.getRow(1).values).toEqual([undefined, ...COLUMNS.map((c) => c.header)]);
    expect(ws.getRow(1).font).toMatchObject({ bold: true });
    expect(ws.getRow(2).values).toEqual([undefined, 1, 'Anna', "'=1+2", 12.5, when, true]);
    expect(ws.getRow(3).values).toEqual([undefined, 2, "'@SUM(A1)", "'-3+A1", 0, when, false]);
    // Empty text and null both leave the cell empty.
    expect(ws.getRow(4).values).toEqual([undefined, 3, undefined, 'plain', -1.25]);
  });

  it('styles each cell as exceljs used row by row does (numbers, dates and text each their own number format)', async () => {
    const ours = collector();
    await writeXlsx(ours.out, { title: 'S', columns: COLUMNS, rows: rows() });
    const plain = collector();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: plain.out, useStyles: true, useSharedStrings: false });
    const ws = workbook.addWorksheet('S');
    ws.columns = COLUMNS.map((c) => ({ header: c.header, width: Math.min(60, Math.max(12, c.header.length + 2)) }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for (const row of rows()) ws.addRow(row.map((v) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : (v ?? null)))).commit();
    ws.commit();
    await workbook.commit();
    const [a, b] = [await sheetOf(await ours.file()), await sheetOf(await plain.file())];
    for (let r = 1; r <= 4; r++) {
      for (let c = 1; c <= COLUMNS.length; c++) {
        expect({ at: [r, c], value: a.getCell(r, c).value, numFmt: a.getCell(r, c).numFmt, style: a.getCell(r, c).style }).toEqual({ at: [r, c], value: b.getCell(r, c).value, numFmt: b.getCell(r, c).numFmt, style: b.getCell(r, c).style });
      }
    }
  });

  it("gives a column's numbers its number format, and leaves its text and empty cells alone", async () => {
    const { out, file } = collector();
    const columns = COLUMNS.map((c) => (c.header === 'Paid' ? { ...c, numFmt: MONEY_FORMAT } : c));
    await writeXlsx(out, { title: 'S', columns, rows: [...rows(), [4, 'Boris', 'x', 'n/a', null, null, null]] });
    const ws = await sheetOf(await file());
    expect([2, 3, 4].map((r) => [ws.getCell(r, 4).value, ws.getCell(r, 4).numFmt])).toEqual([
      [12.5, MONEY_FORMAT],
      [0, MONEY_FORMAT],
      [-1.25, MONEY_FORMAT],
    ]);
    expect(ws.getCell(5, 4).numFmt).toBeUndefined();
    // Other columns' numbers keep Excel's General.
    expect(ws.getCell(2, 1).numFmt).toBeUndefined();
  });

  it('waits while the output cannot take more, instead of holding the whole sheet in memory', async () => {
    const total = 50_000;
    let made = 0;
    function* many(): Iterable<CellValue[]> {
      for (let i = 0; i < total; i++) {
        made++;
        yield [i, randomUUID(), randomUUID()];
      }
    }
    // A client that reads nothing until told to.
    const held: (() => void)[] = [];
    const out = new Writable({
      write(_chunk: Buffer, _e, done) {
        held.push(done);
      },
    });
    const writing = writeXlsx(out, { title: 'S', columns: COLUMNS.slice(0, 3), rows: many() });
    await until(() => held.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    const madeWhileStuck = made;
    expect(madeWhileStuck).toBeLessThan(total / 5);
    // Reading again, the writer goes on to the end.
    const reader = setInterval(() => held.splice(0).forEach((done) => done()), 1);
    try {
      await writing;
    } finally {
      clearInterval(reader);
    }
    expect(made).toBe(total);
  });

  it('stops asking for rows once the output is gone (the client went away)', async () => {
    let made = 0;
    let closed = false;
    async function* many(): AsyncIterable<CellValue[]> {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          made++;
          yield [i, randomUUID()];
        }
      } finally {
        closed = true;
      }
    }
    const out = new Writable({
      write(_chunk: Buffer, _e, done) {
        setTimeout(done, 1);
      },
    });
    const writing = writeXlsx(out, { title: 'S', columns: COLUMNS.slice(0, 2), rows: many() });
    await until(() => made > 2000);
    out.destroy();
    await writing;
    expect(closed).toBe(true);
    expect(made).toBeLessThan(1_000_000);
  });
});
