import ExcelJS from 'exceljs';
import { XLSX_SIZE_MESSAGES, XLSX_UNPACKED_MAX_BYTES } from '@tbo/kernel';
import { xlsxBomb } from '@tbo/kernel/src/validation/xlsx-size.testing';
import { apiSuite, bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;
const NOT_XLSX = 'The file is not an Excel workbook (.xlsx)';
/** The arrivals import's cap (arrival-sheet.ts): a 50,000-row list with every column filled fits under it. */
const ARRIVALS_CAP = 100 * MB;

/**
 * Uploaded workbooks that would unpack to far more than they weigh (a zip bomb: a few hundred KB sent, 100 MB
 * unpacked) are refused with a 400 envelope before exceljs unpacks them in memory: the arrivals import preview
 * (the file as the body) and the ticket codes preview (the file as base64).
 */
describe('uploaded .xlsx files are refused when they would unpack past the cap, before exceljs loads them', () => {
  const api = apiSuite();
  let arrivals: Record<string, string>;
  let stock: Record<string, string>;
  let ticketTypeId: number;

  beforeAll(async () => {
    await seedDemo(api.app);
    const { supplierId } = await registerTenants(api.app);
    arrivals = bearer(await tokenFor(['arrivalsmanager'], { supplierId }));
    stock = bearer(await tokenFor(['admin'], { supplierId }));
    ticketTypeId = (await api.db('ticket_types').select('id').orderBy('id').first<{ id: number }>()).id;
  });

  it('arrivals import preview: a file unpacking past 100 MB is refused, one under it is read', async () => {
    const bomb = await xlsxBomb(ARRIVALS_CAP + MB);
    expect(bomb.length).toBeLessThan(MB);
    const res = await api.http.post('/api/arrivals/import/preview?name=Bomb').set(arrivals).set('Content-Type', XLSX).send(bomb);
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe(XLSX_SIZE_MESSAGES.tooLarge(ARRIVALS_CAP));
    expect(res.body.ErrorMessage).toBe('The file is too large once unpacked: an Excel workbook may unpack to at most 100 MB');
    // Nothing was imported, and the import itself refuses it alike.
    const imported = await api.http.post('/api/arrivals/import?name=Bomb').set(arrivals).set('Content-Type', XLSX).send(bomb);
    expectErrorEnvelope(imported, 400);
    expect(imported.body.ErrorMessage).toBe(XLSX_SIZE_MESSAGES.tooLarge(ARRIVALS_CAP));
    // The same kind of file, smaller, is a rooming list like any other (a header and the same guest, again and again).
    const small = await api.http.post('/api/arrivals/import/preview?name=Small').set(arrivals).set('Content-Type', XLSX).send(await xlsxBomb(MB / 4));
    expect(small.status).toBe(200);
    expect(small.body.Content.mapping.map((m: { field: string | null }) => m.field)).toEqual(['paxId', 'touristName']);
  });

  it('arrivals import preview: a crafted file whose directory understates the sheet, and a file that is no zip, are not workbooks', async () => {
    const liar = await api.http.post('/api/arrivals/import/preview?name=Liar').set(arrivals).set('Content-Type', XLSX).send(await xlsxBomb(ARRIVALS_CAP + MB, { understate: true }));
    expectErrorEnvelope(liar, 400);
    expect(liar.body.ErrorMessage).toBe(NOT_XLSX);
    const text = await api.http.post('/api/arrivals/import/preview?name=Text').set(arrivals).set('Content-Type', XLSX).send(Buffer.from('Pax Id;Tourist Name\n1;Anna\n'));
    expectErrorEnvelope(text, 400);
    expect(text.body.ErrorMessage).toBe(NOT_XLSX);
  });

  it('ticket codes preview: a file unpacking past 60 MB is refused with the xlsx field; a real one is read', async () => {
    const bomb = await xlsxBomb(XLSX_UNPACKED_MAX_BYTES + MB);
    const res = await api.http.post(`/api/tickets/stock/${ticketTypeId}/preview`).set(stock).send({ xlsx: bomb.toString('base64') });
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe('The file is too large once unpacked: an Excel workbook may unpack to at most 60 MB');
    expect(res.body.Content).toMatchObject({ errors: { xlsx: [XLSX_SIZE_MESSAGES.tooLarge(XLSX_UNPACKED_MAX_BYTES)] } });

    const noZip = await api.http.post(`/api/tickets/stock/${ticketTypeId}/preview`).set(stock).send({ xlsx: Buffer.from('DF-1 2099-12-31').toString('base64') });
    expectErrorEnvelope(noZip, 400);
    expect(noZip.body.ErrorMessage).toBe(NOT_XLSX);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Codes');
    ws.addRow(['Code', 'Expires']);
    ws.addRow(['XL-0001', '2099-12-31']);
    ws.addRow(['XL-0002', '31.12.2099']);
    const real = await api.http.post(`/api/tickets/stock/${ticketTypeId}/preview`).set(stock).send({ xlsx: `data:${XLSX};base64,${Buffer.from(await wb.xlsx.writeBuffer()).toString('base64')}` });
    expect(real.status).toBe(200);
    expect(real.body.Content.accepted).toEqual([
      { code: 'XL-0001', expiresOn: '2099-12-31' },
      { code: 'XL-0002', expiresOn: '2099-12-31' },
    ]);
  });
});
