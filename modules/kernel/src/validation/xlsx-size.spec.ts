import ExcelJS from 'exceljs';
import { AppError } from '../errors/app-error';
import { checkXlsxUnpackedSize, XLSX_PARTS_MAX, XLSX_SIZE_MESSAGES } from './xlsx-size';
import { xlsxBomb, zipOfParts } from './xlsx-size.testing';

const MB = 1024 * 1024;
const notXlsx = 'The file is not an Excel workbook (.xlsx)';

/** The refusal checkXlsxUnpackedSize throws, or null when it lets the file through. */
async function refusal(file: Buffer, limits: { maxBytes?: number; maxParts?: number; field?: string } = {}): Promise<AppError | null> {
  try {
    await checkXlsxUnpackedSize(file, { notXlsx, ...limits });
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe('checkXlsxUnpackedSize: an uploaded .xlsx is refused before exceljs unpacks it', () => {
  it('lets a real workbook through', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Codes');
    for (let i = 0; i < 500; i++) ws.addRow([`C-${i}`, '2099-12-31']);
    expect(await refusal(Buffer.from(await wb.xlsx.writeBuffer()))).toBeNull();
  });

  it('refuses a file whose directory says it unpacks past the cap, with a 400 naming the field', async () => {
    const bomb = await xlsxBomb(3 * MB);
    expect(bomb.length).toBeLessThan(MB / 10);
    const err = await refusal(bomb, { maxBytes: 2 * MB, field: 'xlsx' });
    expect(err).toMatchObject({ code: 400, message: XLSX_SIZE_MESSAGES.tooLarge(2 * MB), details: { xlsx: [XLSX_SIZE_MESSAGES.tooLarge(2 * MB)] } });
    expect(err!.message).toBe('The file is too large once unpacked: an Excel workbook may unpack to at most 2 MB');
    // Under the cap, the same kind of file passes.
    expect(await refusal(bomb, { maxBytes: 4 * MB })).toBeNull();
  });

  it('refuses a file whose directory understates a part, as soon as the part unpacks past what it said', async () => {
    const liar = await xlsxBomb(3 * MB, { understate: true });
    // Its directory adds up to a few KB: only unpacking finds it out, and exceljs would have unpacked it whole.
    expect(await refusal(liar, { maxBytes: 2 * MB })).toMatchObject({ code: 400, message: notXlsx });
    expect(await refusal(liar, { maxBytes: 100 * MB })).toMatchObject({ code: 400, message: notXlsx });
  });

  it('refuses a zip of more parts than a workbook holds, and a file that is not a zip', async () => {
    expect((await refusal(await zipOfParts(XLSX_PARTS_MAX + 1)))?.message).toBe(XLSX_SIZE_MESSAGES.tooManyParts(XLSX_PARTS_MAX));
    expect(await refusal(await zipOfParts(10))).toBeNull();
    expect(await refusal(Buffer.from('Pax Id,Tourist Name\n1,Anna\n'))).toMatchObject({ code: 400, message: notXlsx });
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ code: 400, message: notXlsx });
  });
});
