import { Writable } from 'node:stream';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { sendXlsx } from './downloads';

/** An Express response as far as sendXlsx uses one: a stream with a status and headers. */
function response() {
  const chunks: Buffer[] = [];
  const headers: Record<string, string> = {};
  const res = new Writable({
    write(chunk: Buffer, _e, done) {
      chunks.push(chunk);
      done();
    },
  });
  const answer = Object.assign(res, { statusCode: 0, status: (code: number) => Object.assign(answer, { statusCode: code }), setHeader: (k: string, v: string) => void (headers[k] = v) });
  return { res: answer as unknown as Response, headers, code: () => answer.statusCode, file: () => Buffer.concat(chunks) };
}

describe('sendXlsx', () => {
  it('fails before any header when the rows fail at once, so the caller can still answer with the error', async () => {
    const out = response();
    // A query refused at its first read, as Postgres refuses a date out of its range.
    const failing: AsyncIterable<[string]> = { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('date/time field value out of range')) }) };
    await expect(sendXlsx(out.res, 'bookings.xlsx', { title: 'Bookings', columns: [{ header: 'Guest' }], rows: failing })).rejects.toThrow('out of range');
    expect(out.code()).toBe(0);
    expect(out.headers).toEqual({});
  });

  it('writes every row, the first included, under the file name', async () => {
    const out = response();
    async function* rows(): AsyncIterable<[string]> {
      yield ['Anna'];
      yield ['Boris'];
    }
    await sendXlsx(out.res, 'bookings.xlsx', { title: 'Bookings', columns: [{ header: 'Guest' }], rows: rows() });
    expect(out.code()).toBe(200);
    expect(out.headers['Content-Disposition']).toContain('filename="bookings.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out.file() as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getColumn(1).values.filter(Boolean)).toEqual(['Guest', 'Anna', 'Boris']);
  });
});
