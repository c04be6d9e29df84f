import ExcelJS from 'exceljs';
import type { ArrivalAnswer } from '@tbo/arrivals/src/arrivals-view';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { roomingWorkbook as workbook, XLSX } from '../support/arrivals';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';

interface Warning {
  row: number;
  paxId: string;
  touristName: string;
  reason: string;
}
interface Answer {
  listId: number;
  mapping: { column: number; header: string; field: string | null; label: string | null; warnings?: Warning[]; unmatched?: number }[];
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  refused: number;
  rows: { row: number; action: string; paxId: string; reason?: string }[];
  imported: boolean;
  version: number | null;
  position: string | null;
}

describe('arrivals re-imported: refused rows, missing columns, unknown names, shared formulas; manual dates', () => {
  const api = apiSuite();
  const today = dubaiToday();
  let h: Record<string, string>;
  let agencyId: number;
  let agencyName: string;
  let hotel: { id: number; name: string };
  let last: string | null = null;

  const send = async (path: string, file: Buffer) => api.http.post(path).set(h).set('Content-Type', XLSX).send(file);
  const imported = async (path: string, file: Buffer): Promise<Answer> => {
    const res = await send(path, file);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    last = res.body.Content.position ?? last;
    return res.body.Content as Answer;
  };
  const listed = async (groupId: number): Promise<ArrivalAnswer[]> => {
    const res = await api.http.post('/api/arrivals/filtered').set(h).send({ inHouse: false, pageSize: 200, groupId, statuses: [0, 2, 3, 4, 5, 6, -1], ...(last ? { after: last } : {}) });
    expect(res.status).toBe(200);
    return res.body.Content.entities as ArrivalAnswer[];
  };
  const byPax = async (groupId: number) => new Map((await listed(groupId)).map((r) => [r.paxId, r]));

  beforeAll(async () => {
    await seedDemo(api.app);
    [hotel] = await api.db('hotels').select('id', 'name').orderBy('id').limit(1);
    const t = await registerTenants(api.app);
    ({ agencyId, agencyName } = t);
    h = bearer(await tokenFor(['arrivalsmanager'], { supplierId: t.supplierId }));
    // A file's agency names only the agencies its supplier has a contract with.
    await api.app.get(CommandBus).execute(new SignContractCommand(t.supplierId, agencyId, null, systemContext('test')));
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
  });

  it('a re-import keeps the guest of a refused row as it was, and removes only guests on no row', async () => {
    const header = ['Pax Id', 'Tourist name', 'Group Id', 'Arrival date', 'Departure date'];
    const first = await imported('/api/arrivals/import?name=Refused%20rows', await workbook(header, [
      ['RT1', 'Ann One', 901, today, addDays(today, 5)],
      ['RT2', 'Ben Two', 901, today, addDays(today, 6)],
      ['RT3', 'Cy Three', 901, today, addDays(today, 7)],
    ]));
    expect(first.added).toBe(3);
    const again = await workbook(header, [
      ['RT1', 'Ann One', 901, today, addDays(today, 5)],
      ['RT2', 'Ben Two', 901, today, '5.12.26'],
    ]);
    const preview = await imported(`/api/arrivals/import/preview?listId=${first.listId}`, again);
    expect([preview.unchanged, preview.changed, preview.removed, preview.refused]).toEqual([1, 0, 1, 1]);
    expect(preview.rows.map((r) => [r.action, r.paxId, r.row])).toEqual([
      ['remove', 'RT3', 0],
      ['refuse', 'RT2', 3],
    ]);
    const done = await imported(`/api/arrivals/import?listId=${first.listId}&version=${preview.version}`, again);
    expect(done).toMatchObject({ imported: true, removed: 1, refused: 1 });
    const rows = await byPax(901);
    expect([...rows.values()].map((r) => [r.paxId, r.isDeleted, r.departureDate]).sort()).toEqual([
      ['RT1', false, addDays(today, 5)],
      ['RT2', false, addDays(today, 6)],
      ['RT3', true, addDays(today, 7)],
    ]);
  });

  it('refuses a file with a header and no rows, as it does an empty one, and the list keeps its guests', async () => {
    const header = ['Pax Id', 'Tourist name', 'Group Id', 'Arrival date', 'Departure date'];
    const list = await imported('/api/arrivals/import?name=Header%20only', await workbook(header, [['HO1', 'Ann', 902, today, addDays(today, 3)]]));
    for (const path of [`/api/arrivals/import/preview?listId=${list.listId}`, `/api/arrivals/import?listId=${list.listId}`]) {
      const res = await send(path, await workbook(header, []));
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toBe('The file has no rows');
    }
    expect((await listed(902)).map((r) => [r.paxId, r.isDeleted])).toEqual([['HO1', false]]);
  });

  it("a column the file has not got leaves that field as it was; a column with an empty cell clears it", async () => {
    const first = await imported('/api/arrivals/import?name=Missing%20columns', await workbook(
      ['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Agency', 'Arrival date', 'Departure date', 'Phone', 'Country', 'Notes'],
      [['MC1', 'Ann', 903, hotel.name, agencyName, today, addDays(today, 4), '+971500000001', 'Russia', 'From the file']],
    ));
    expect((await byPax(903)).get('MC1')).toMatchObject({ hotelId: hotel.id, agencyId, tdAgencyName: agencyName, touristPhone: '+971500000001', touristCountry: 'Russia' });

    // No Agency, Phone or Country column; the Notes column empty; a new departure date.
    const again = await workbook(['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Arrival date', 'Departure date', 'Notes'], [['MC1', 'Ann', 903, hotel.name, today, addDays(today, 5), '']]);
    const preview = await imported(`/api/arrivals/import/preview?listId=${first.listId}`, again);
    expect([preview.changed, preview.removed]).toEqual([1, 0]);
    await imported(`/api/arrivals/import?listId=${first.listId}&version=${preview.version}`, again);
    expect((await byPax(903)).get('MC1')).toMatchObject({
      hotelId: hotel.id, agencyId, tdAgencyName: agencyName, touristPhone: '+971500000001', touristCountry: 'Russia', departureDate: addDays(today, 5), arrivalNotes: '',
    });
    // The same file again changes nothing.
    expect(await imported(`/api/arrivals/import/preview?listId=${first.listId}`, again)).toMatchObject({ changed: 0, unchanged: 1 });
  });

  it('the preview warns of each hotel or agency name that matches none, with its row, and the rows are imported without them', async () => {
    // An agency of the platform the supplier has no contract with is no agency here either.
    const stranger = (await api.db('agencies').whereNot({ id: agencyId }).first<{ name: string }>('name'))!.name;
    const file = await workbook(
      ['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Agency', 'Arrival date', 'Departure date'],
      [
        ['UN1', 'Ann Known', 904, hotel.name.toUpperCase(), agencyName, today, addDays(today, 3)],
        ['UN2', 'Ben Unknown', 904, 'Al Bandar Rotana - Dubai Creek', 'Gulf Horizons Travel LLC', today, addDays(today, 3)],
        ['UN3', 'Cy Blank', 904, '', '', today, addDays(today, 3)],
        ['UN4', 'Dee Stranger', 904, hotel.name, stranger, today, addDays(today, 3)],
      ],
    );
    const preview = await imported('/api/arrivals/import/preview?name=Unknown%20names', file);
    expect([preview.added, preview.refused]).toEqual([4, 0]);
    const column = (field: string) => preview.mapping.find((m) => m.field === field)!;
    expect(column('hotelName')).toMatchObject({ unmatched: 1, warnings: [{ row: 3, paxId: 'UN2', touristName: 'Ben Unknown', reason: "No hotel is named 'Al Bandar Rotana - Dubai Creek': the guest will have no hotel" }] });
    expect(column('tdAgencyName')).toMatchObject({
      unmatched: 2,
      warnings: [
        { row: 3, paxId: 'UN2', touristName: 'Ben Unknown', reason: "None of your contracted agencies is named 'Gulf Horizons Travel LLC': the guest will have no agency" },
        { row: 5, paxId: 'UN4', touristName: 'Dee Stranger', reason: `None of your contracted agencies is named '${stranger}': the guest will have no agency` },
      ],
    });
    expect(column('paxId').warnings).toBeUndefined();

    const done = await imported('/api/arrivals/import?name=Unknown%20names', file);
    expect(done.mapping.find((m) => m.field === 'hotelName')!.unmatched).toBe(1);
    const rows = await byPax(904);
    expect([...rows.values()].map((r) => [r.paxId, r.hotelId, r.agencyId]).sort()).toEqual([
      ['UN1', hotel.id, agencyId],
      ['UN2', null, null],
      ['UN3', null, null],
      ['UN4', hotel.id, null],
    ]);
  });

  it('keeps a formula filled down as it reads in its own cell', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Rooming list');
    ws.addRow(['Pax Id', 'Tourist name', 'Group Id', 'Room type', 'Country']);
    ws.addRow(['SF1', 'Ann', 905, 'ru', { formula: 'UPPER(D2)', result: 'RU' }]);
    ws.addRow(['SF2', 'Ben', 905, 'kz', { sharedFormula: 'E2', result: 'KZ' }]);
    await imported('/api/arrivals/import?name=Shared%20formula', Buffer.from(await wb.xlsx.writeBuffer()));
    const rows = await byPax(905);
    expect([rows.get('SF1')!.touristCountry, rows.get('SF2')!.touristCountry]).toEqual(['=UPPER(D2)', '=UPPER(D3)']);
  });

  it('a manual entry may not set the departure before the arrival the guest keeps', async () => {
    const manual = (body: Record<string, unknown>) => api.http.post('/api/arrivals/manual').set(h).send({ listName: 'Crossed dates', ...body });
    const made = await manual({ paxId: 'RM1', touristName: 'Manual One', groupId: 906, arrivalDate: addDays(today, 10) });
    expect(made.status).toBe(200);
    last = made.body.Content.position;
    const res = await manual({ paxId: 'RM1', touristName: 'Manual One', departureDate: addDays(today, 2) });
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe('Departure date is before the arrival date');
    const ok = await manual({ paxId: 'RM1', touristName: 'Manual One', departureDate: addDays(today, 10) });
    expect(ok.status).toBe(200);
    last = ok.body.Content.position;
    expect((await byPax(906)).get('RM1')).toMatchObject({ arrivalDate: addDays(today, 10), departureDate: addDays(today, 10) });
  });
});
