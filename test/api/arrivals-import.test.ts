import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { roomingWorkbook, XLSX } from '../support/arrivals';
import { registerTenants } from '../support/identity';

type Cell = string | number | Date | { formula: string; result?: unknown } | null;
const workbook = (header: string[], rows: Cell[][]) => roomingWorkbook(header, rows);

interface Answer {
  listId: number;
  listName: string;
  mapping: { column: number; header: string; field: string | null }[];
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
interface Row {
  id: number;
  paxId: string;
  touristName: string;
  groupId: number | null;
  isDeleted: boolean;
  notes: string;
  touristPhone: string;
  arrivalDate: string;
  departureDate: string;
  birthDate: string | null;
  status: number;
  hotelDisplay: string;
}

describe('arrivals import: POST /api/arrivals/import/preview and /api/arrivals/import', () => {
  const api = apiSuite();
  const today = dubaiToday();
  let h: Record<string, string>;
  let other: Record<string, string>;

  const send = async (path: string, file: Buffer, headers = h) => api.http.post(path).set(headers).set('Content-Type', XLSX).send(file);
  const imported = async (path: string, file: Buffer): Promise<Answer> => {
    const res = await send(path, file);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.Content as Answer;
  };
  const listed = async (after: string | null, body: Record<string, unknown> = {}): Promise<{ entities: Row[]; pagingInfo: { totalItems: number } }> => {
    const res = await api.http.post('/api/arrivals/filtered').set(h).send({ inHouse: false, pageSize: 200, statuses: [0, 3, 4, 5, 6, -1], ...(after ? { after } : {}), ...body });
    expect(res.status).toBe(200);
    return res.body.Content;
  };

  beforeAll(async () => {
    const { supplierId } = await registerTenants(api.app);
    h = bearer(await tokenFor(['arrivalsmanager'], { supplierId }));
    other = bearer(await tokenFor(['arrivalsmanager'], { supplierId: (await registerTenants(api.app)).supplierId }));
  });

  it('previews an English list (mapping, rows to add, refused rows with row number and reason) and saves nothing', async () => {
    const file = await workbook(
      ['Pax Id', 'Tourist Name', 'Group Id', 'Hotel', 'Arrival Date', 'Departure Date', 'Phone', 'Colour', 'Notes'],
      [
        ['E1', 'Anna Smith', 501, 'Nowhere Inn', today, addDays(today, 3), '+971501234567', 'red', ''],
        ['E2', 'Ben Jones', 501, 'Nowhere Inn', today, addDays(today, 3), '', '', ''],
        ['', 'No Pax', 502, '', today, today, '', '', ''],
        ['E4', 'Bad Date', 502, '', '31.02.2026', today, '', '', ''],
        ['E5', 'Backwards', 502, '', addDays(today, 2), today, '', '', ''],
        ['E1', 'Twice', 502, '', today, today, '', '', ''],
      ],
    );
    const p = await imported('/api/arrivals/import/preview?name=English%20list', file);
    expect(p.imported).toBe(false);
    expect(p.mapping.map((m) => m.field)).toEqual(['paxId', 'touristName', 'groupId', 'hotelName', 'arrivalDate', 'departureDate', 'touristPhone', null, 'notes']);
    expect([p.added, p.changed, p.removed, p.refused]).toEqual([2, 0, 0, 4]);
    const refused = p.rows.filter((r) => r.action === 'refuse').map((r) => [r.row, r.reason]);
    expect(refused).toEqual([
      [4, 'Pax Id is required'],
      [5, "Arrival date '31.02.2026' is not a date"],
      [6, 'Departure date is before the arrival date'],
      [7, 'Pax Id E1 is already on row 2'],
    ]);
    expect((await listed(null)).pagingInfo.totalItems).toBe(0);
  });

  it('imports Russian headers, keeps formula cells and cells starting with = as text, then a re-import changes and removes', async () => {
    const ru = ['ID туриста', 'ФИО', 'Группа', 'Отель', 'Дата прилета', 'Дата вылета', 'Телефон', 'Примечания'];
    const first = await workbook(ru, [
      ['R1', 'Иван Петров', 601, 'Nowhere Inn', today, addDays(today, 5), '+79001234567', { formula: 'SUM(1,2)', result: 3 }],
      ['R2', '=HYPERLINK("http://x")', 601, 'Nowhere Inn', today, addDays(today, 5), '', ''],
      ['R3', 'Мария Иванова', 602, '', today, addDays(today, 5), '', ''],
    ]);
    const preview = await imported('/api/arrivals/import/preview?name=Russian%20list', first);
    expect(preview.mapping.map((m) => m.field)).toEqual(['paxId', 'touristName', 'groupId', 'hotelName', 'arrivalDate', 'departureDate', 'touristPhone', 'notes']);
    const done = await imported('/api/arrivals/import?name=Russian%20list', first);
    expect(done).toMatchObject({ imported: true, added: 3, refused: 0 });
    let rows = (await listed(done.position, { groupId: 601 })).entities;
    expect(rows.map((r) => [r.paxId, r.touristName, r.notes === '' ? r.notes : r.notes])).toHaveLength(2);
    const r1 = rows.find((r) => r.paxId === 'R1')!;
    const r2 = rows.find((r) => r.paxId === 'R2')!;
    expect(r2.touristName).toBe('=HYPERLINK("http://x")');
    expect(r1.hotelDisplay).toBe('Nowhere Inn');
    const res = await api.http.post('/api/arrivals/filtered').set(h).send({ inHouse: false, groupId: 601, filters: { touristName: 'Иван' } });
    expect(res.body.Content.entities.map((r: Row) => r.paxId)).toEqual(['R1']);

    // Same list again: R1 changed, R2 unchanged, R3 gone (deleted), R4 new.
    const second = await workbook(ru, [
      ['R1', 'Иван Петров', 601, 'Nowhere Inn', today, addDays(today, 6), '+79001234567', 'moved'],
      ['R2', '=HYPERLINK("http://x")', 601, 'Nowhere Inn', today, addDays(today, 5), '', ''],
      ['R4', 'Олег Сидоров', 602, '', today, addDays(today, 5), '', ''],
    ]);
    const again = await imported(`/api/arrivals/import/preview?listId=${done.listId}`, second);
    expect([again.added, again.changed, again.unchanged, again.removed]).toEqual([1, 1, 1, 1]);
    expect(again.rows.filter((r) => r.action !== 'refuse').map((r) => [r.action, r.paxId])).toEqual([
      ['add', 'R4'],
      ['change', 'R1'],
      ['remove', 'R3'],
    ]);
    // A stale version (the list moved on) is refused.
    const stale = await send(`/api/arrivals/import?listId=${done.listId}&version=0`, second);
    expectErrorEnvelope(stale, 409);
    // One no list can have is a mistake in the request, not someone else's change.
    expectErrorEnvelope(await send(`/api/arrivals/import?listId=${done.listId}&version=9999999999`, second), 400);
    const re = await imported(`/api/arrivals/import?listId=${done.listId}&version=${again.version}`, second);
    rows = (await listed(re.position)).entities.filter((r) => r.paxId.startsWith('R'));
    expect(rows.map((r) => [r.paxId, r.isDeleted, r.departureDate]).sort()).toEqual([
      ['R1', false, addDays(today, 6)],
      ['R2', false, addDays(today, 5)],
      ['R3', true, addDays(today, 5)],
      ['R4', false, addDays(today, 5)],
    ]);
    expect(rows.find((r) => r.paxId === 'R1')!.id).toBe(r1.id);
    // Deleted arrivals leave the list unless the status filter asks for them.
    const shown = (await api.http.post('/api/arrivals/filtered').set(h).send({ inHouse: false, groupId: 602 })).body.Content.entities as Row[];
    expect(shown.map((r) => r.paxId)).toEqual(['R4']);
    // Another supplier cannot import into this list.
    expectErrorEnvelope(await send(`/api/arrivals/import?listId=${done.listId}`, second, other), 404);
  });

  it("takes guests' birth dates from 1900 on, while arrival and departure dates stay within 2000–2100", async () => {
    const file = await workbook(
      ['Pax Id', 'Tourist Name', 'Group Id', 'Arrival Date', 'Departure Date', 'Birth date'],
      [
        ['B1', 'Born In 1985', 701, today, addDays(today, 3), '02.03.1985'],
        ['B2', 'Born In 1900', 701, today, addDays(today, 3), '1900-01-01'],
        ['B3', 'Born In 1899', 701, today, addDays(today, 3), '1899-12-31'],
        ['B4', 'Arrived In 1999', 701, '1999-12-31', addDays(today, 3), ''],
      ],
    );
    const done = await imported('/api/arrivals/import?name=Birth%20dates', file);
    expect(done.rows.filter((r) => r.action === 'refuse').map((r) => [r.paxId, r.reason])).toEqual([
      ['B3', "Birth date '1899-12-31' is not a date"],
      ['B4', "Arrival date '1999-12-31' is not a date"],
    ]);
    expect(done).toMatchObject({ imported: true, added: 2, refused: 2 });
    const rows = (await listed(done.position, { groupId: 701 })).entities;
    expect(rows.map((r) => [r.paxId, r.birthDate]).sort()).toEqual([
      ['B1', '1985-03-02'],
      ['B2', '1900-01-01'],
    ]);
  });

  it('refuses a file that is not a workbook or has no pax id column, and an arrivals manager role is required', async () => {
    expectErrorEnvelope(await send('/api/arrivals/import/preview?name=x', Buffer.from('not a workbook')), 400);
    const noPax = await send('/api/arrivals/import/preview?name=x', await workbook(['Tourist name'], [['A']]));
    expectErrorEnvelope(noPax, 400);
    expect(noPax.body.ErrorMessage).toBe('The file has no Pax Id column');
    const agent = bearer(await tokenFor(['agent'], { agencyId: 1, supplierId: null }));
    expectErrorEnvelope(await send('/api/arrivals/import/preview?name=x', await workbook(['Pax Id', 'Name'], [['1', 'A']]), agent), 403);
  });

  it('imports 10,000 rows in seconds and lists them', async () => {
    const rows: Cell[][] = Array.from({ length: 10_000 }, (_, i) => [`B${i}`, `Guest ${i}`, 10_000 + Math.floor(i / 4), 'Big Hotel', today, addDays(today, 7), `+9715${String(i).padStart(8, '0')}`, 'DBL', 'BB']);
    const file = await workbook(['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Arrival date', 'Departure date', 'Phone', 'Room type', 'Meal'], rows);
    const started = Date.now();
    const done = await imported('/api/arrivals/import?name=Big%20list', file);
    const listedPage = await listed(done.position, { inHouse: true, filters: { touristName: 'Guest 9999' } });
    const ms = Date.now() - started;
    expect(done.added).toBe(10_000);
    expect(listedPage.entities.map((r) => r.paxId)).toEqual(['B9999']);
    const all = await listed(null, { inHouse: true, pageSize: 1, filters: { roomType: 'DBL' } });
    expect(all.pagingInfo.totalItems).toBe(10_000);
    expect(ms).toBeLessThan(20_000);
  });
});
