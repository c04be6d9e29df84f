import ExcelJS from 'exceljs';
import type { ArrivalAnswer } from '@tbo/arrivals/src/arrivals-view';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { sheetRows } from '../support/booking-events';
import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { manualArrivalBody, type ManualDraft } from '../../frontend/src/features/arrivals/manual-dialog.logic';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Answer {
  listId: number;
  listName: string;
  added: number;
  changed: number;
  unchanged: number;
  imported: boolean;
  position: string | null;
}
/** A row of the arrivals list as the API answers it. */
type Row = ArrivalAnswer;

/** Every field of the dialog's form, blank ones as null or '' (which clear them): a caller that gives them all. */
const dialogForm = (over: Record<string, unknown>) => ({
  listId: 0, listName: '', paxId: '', touristName: '', groupId: null, hotelId: null, arrivalDate: null, departureDate: null,
  arrivalTime: '', departureTime: '', touristPhone: '', touristCountry: '', age: null, notes: '', ...over,
});

describe('arrivals entered by hand: POST /api/arrivals/manual', () => {
  const api = apiSuite();
  const today = dubaiToday();
  let h: Record<string, string>;
  let agencyId: number;
  let agencyName: string;
  let supplierId: number;
  let hotels: { id: number; name: string }[];
  let last: string | null = null;

  const manual = async (body: Record<string, unknown>): Promise<Answer> => {
    const res = await api.http.post('/api/arrivals/manual').set(h).send(body);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    last = res.body.Content.position ?? last;
    return res.body.Content as Answer;
  };
  const listed = async (body: Record<string, unknown> = {}): Promise<Row[]> => {
    const res = await api.http.post('/api/arrivals/filtered').set(h).send({ inHouse: false, pageSize: 200, statuses: [0, 2, 3, 4, 5, 6, -1], ...(last ? { after: last } : {}), ...body });
    expect(res.status).toBe(200);
    return res.body.Content.entities as Row[];
  };
  const row = async (paxId: string, groupId: number): Promise<Row> => (await listed({ groupId })).find((r) => r.paxId === paxId)!;
  const lists = async (): Promise<{ id: number; name: string; count: number }[]> => (await api.http.get('/api/arrivals/lists').set(h)).body.Content;

  beforeAll(async () => {
    await seedDemo(api.app);
    hotels = await api.db('hotels').select('id', 'name').orderBy('id').limit(2);
    expect(hotels).toHaveLength(2);
    ({ agencyId, agencyName, supplierId } = await registerTenants(api.app).then(async (t) => {
      h = bearer(await tokenFor(['arrivalsmanager'], { supplierId: t.supplierId }));
      return t;
    }));
    // The arrivals name only agencies their supplier has a contract with.
    await api.app.get(CommandBus).execute(new SignContractCommand(supplierId, agencyId, null, systemContext('test')));
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
  });

  it("a pax id already in the list changes in the form's fields only: the imported flights, rooms, email and birth date stay", async () => {
    const header = ['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Agency', 'Arrival date', 'Arrival time', 'Departure date', 'Departure time', 'Birth date', 'Phone', 'Email', 'Country',
      'Room type', 'Accommodation type', 'Meal type', 'Arrival flight', 'Arrival terminal', 'Arrival transport', 'Departure flight', 'Departure terminal', 'Departure transport',
      'Pick up time', 'Hotel confirmation', 'Agent confirmation', 'Notes'];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Rooming list');
    ws.addRow(header);
    ws.addRow(['M1', 'Anna Imported', 801, hotels[0]!.name, agencyName, today, '14:30', addDays(today, 4), '09:15', '1990-04-02', '+971500000001', 'anna@example.test', 'Russia',
      'DBL', 'Hotel', 'BB', 'EK132', 'T3', 'Bus', 'EK133', 'T1', 'Car', '08:40', 'HC-1', 'AC-2', 'From the file']);
    const res = await api.http.post('/api/arrivals/import?name=December').set(h).set('Content-Type', XLSX).send(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(200);
    const imported = res.body.Content as Answer;
    last = imported.position;
    const before = await row('M1', 801);
    expect(before).toMatchObject({ hotelId: hotels[0]!.id, agencyId, tdAgencyName: agencyName, roomType: 'DBL', touristEmail: 'anna@example.test' });

    // The dialog's form: name, group, hotel, dates and times, phone, country, age, notes; nothing of the agency.
    const changed = await manual(dialogForm({ listId: imported.listId, paxId: 'M1', touristName: 'Anna Changed', groupId: 801, hotelId: hotels[1]!.id, arrivalDate: today,
      departureDate: addDays(today, 5), arrivalTime: '15:00', departureTime: '', touristPhone: '+971500000009', touristCountry: 'Russia', age: 36, notes: 'Changed by hand' }));
    expect(changed).toMatchObject({ listId: imported.listId, listName: 'December', added: 0, changed: 1 });
    const after = await row('M1', 801);
    expect(after).toEqual({
      ...before,
      touristName: 'Anna Changed',
      hotelId: hotels[1]!.id,
      hotelName: hotels[1]!.name,
      hotelDisplay: hotels[1]!.name,
      departureDate: addDays(today, 5),
      arrivalTime: '15:00',
      departureTime: '',
      touristPhone: '+971500000009',
      phones: ['+971500000009'],
      phoneDisplay: expect.any(String),
      age: 36,
      arrivalNotes: 'Changed by hand',
    });
    // Kept from the file: what the form does not have.
    expect(after).toMatchObject({ agencyId, tdAgencyName: agencyName, birthDate: '1990-04-02', touristEmail: 'anna@example.test', roomType: 'DBL', accType: 'Hotel', mealType: 'BB',
      arrivalFlight: 'EK132', arrivalTerminal: 'T3', arrivalTransport: 'Bus', departureFlight: 'EK133', departureTerminal: 'T1', departureTransport: 'Car', pickUpTime: '08:40',
      hotelConfirmationNumber: 'HC-1', agentConfirmationNumber: 'AC-2', isManuallyEntered: false });
    // The same form again changes nothing.
    expect(await manual(dialogForm({ listId: imported.listId, paxId: 'M1', touristName: 'Anna Changed', groupId: 801, hotelId: hotels[1]!.id, arrivalDate: today,
      departureDate: addDays(today, 5), arrivalTime: '15:00', touristPhone: '+971500000009', touristCountry: 'Russia', age: 36, notes: 'Changed by hand' }))).toMatchObject({ changed: 0, unchanged: 1 });
  });

  it("a new arrival with a hotel and an agency takes their names: the table and arrivals.xlsx show the hotel, not 'No Hotel'", async () => {
    await manual(dialogForm({ paxId: 'N1', touristName: 'Hotel Guest', groupId: 802, hotelId: hotels[0]!.id, agencyId, arrivalDate: today, departureDate: addDays(today, 2) }));
    const n1 = await row('N1', 802);
    expect(n1).toMatchObject({ hotelId: hotels[0]!.id, hotelName: hotels[0]!.name, hotelDisplay: hotels[0]!.name, agencyId, tdAgencyName: agencyName, isManuallyEntered: true });
    const res = await api.http.post('/api/arrivals/filtered/xlsx').set(h).send({ inHouse: false, groupId: 802, ...(last ? { after: last } : {}) }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const sheet = await sheetRows(res.body as Buffer);
    expect(sheet[0]![4]).toBe('Hotel');
    expect(sheet.slice(1).map((r) => [r[5], r[4], r[10]])).toEqual([['Hotel Guest', hotels[0]!.name, agencyName]]);
  });

  it("offers the supplier's contracted agencies, by name, to the manual entry's Agency choice; not to agents", async () => {
    // The demo agency exists but has no contract with this supplier: only the contracted one is offered.
    const agencies = (await api.http.get('/api/arrivals/agencies').set(h)).body.Content as { id: number; name: string }[];
    expect(agencies).toEqual([{ id: agencyId, name: agencyName }]);
    expectErrorEnvelope(await api.http.get('/api/arrivals/agencies').set(bearer(await tokenFor(['agent'], { agencyId, supplierId: null }))), 403);
  });

  it('refuses a hotel that does not exist, or an agency the supplier has no contract with, with a 400 saying which, and saves nothing', async () => {
    const noHotel = await api.http.post('/api/arrivals/manual').set(h).send(dialogForm({ paxId: 'X1', touristName: 'Nowhere', groupId: 803, hotelId: 2_000_000_000 }));
    expectErrorEnvelope(noHotel, 400);
    expect(noHotel.body.ErrorMessage).toMatch(/Hotel 2000000000 does not exist/);
    const noAgency = await api.http.post('/api/arrivals/manual').set(h).send(dialogForm({ paxId: 'X1', touristName: 'Nowhere', groupId: 803, agencyId: 2_000_000_000 }));
    expectErrorEnvelope(noAgency, 400);
    expect(noAgency.body.ErrorMessage).toMatch(/Agency 2000000000 is not one of your contracted agencies/);
    // Another supplier's partner is refused in the same words: its id tells nothing, its name is not shown.
    const stranger = await api.db('agencies').whereNot({ id: agencyId }).first<{ id: number; name: string }>('id', 'name');
    const uncontracted = await api.http.post('/api/arrivals/manual').set(h).send(dialogForm({ paxId: 'X1', touristName: 'Nowhere', groupId: 803, agencyId: stranger!.id }));
    expectErrorEnvelope(uncontracted, 400);
    expect(uncontracted.body).toMatchObject({ ErrorMessage: `Agency ${stranger!.id} is not one of your contracted agencies: choose an agency from the list`, Content: { errors: { agencyId: ['Choose one of your contracted agencies'] } } });
    expect(JSON.stringify(uncontracted.body)).not.toContain(stranger!.name);
    expect(await listed({ groupId: 803 })).toEqual([]);
  });

  it("entries without a list go on in the supplier's one 'Manual entries' list; a list named by the caller is reused the same way", async () => {
    const first = await manual(dialogForm({ paxId: 'L1', touristName: 'First By Hand', groupId: 804 }));
    const second = await manual(dialogForm({ paxId: 'L2', touristName: 'Second By Hand', groupId: 804 }));
    const third = await manual({ paxId: 'L3', touristName: 'Third By Hand', groupId: 804 });
    expect(first.listName).toBe('Manual entries');
    expect([second.listId, third.listId]).toEqual([first.listId, first.listId]);
    const named = await manual({ listName: 'Walk-ins', paxId: 'W1', touristName: 'Walk In', groupId: 804 });
    const namedAgain = await manual({ listName: 'walk-ins ', paxId: 'W2', touristName: 'Walk In Too', groupId: 804 });
    expect(named.listId).not.toBe(first.listId);
    expect(namedAgain).toMatchObject({ listId: named.listId, listName: 'Walk-ins', added: 1 });
    // The same pax id again in the manual list changes it there.
    expect(await manual(dialogForm({ paxId: 'L1', touristName: 'First Renamed', groupId: 804 }))).toMatchObject({ listId: first.listId, added: 0, changed: 1 });
    const rows = await listed({ groupId: 804 });
    expect(rows.map((r) => [r.paxId, r.touristName, r.listId]).sort()).toEqual([
      ['L1', 'First Renamed', first.listId],
      ['L2', 'Second By Hand', first.listId],
      ['L3', 'Third By Hand', first.listId],
      ['W1', 'Walk In', named.listId],
      ['W2', 'Walk In Too', named.listId],
    ]);
    // One such list, holding these three and the hotel guest entered above (N1).
    expect((await lists()).filter((l) => l.name === 'Manual entries').map((l) => [l.id, l.count])).toEqual([[first.listId, 4]]);
  });

  it('first entries of one new list made at the same moment make one list, each entry in it', async () => {
    // Another supplier's arrivals manager: its first entries are the ones that make its 'Manual entries' list.
    const { supplierId } = await registerTenants(api.app);
    const other = bearer(await tokenFor(['arrivalsmanager'], { supplierId }));
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => api.http.post('/api/arrivals/manual').set(other).send(dialogForm({ paxId: `R${n}`, touristName: `Racing Guest ${n}`, groupId: 805 }))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const listIds = new Set(answers.map((r) => r.body.Content.listId as number));
    expect(listIds.size).toBe(1);
    await api.settled('arrivals', (await api.store.headPosition())!);
    const theirs = (await api.http.get('/api/arrivals/lists').set(other)).body.Content as { id: number; name: string; count: number }[];
    expect(theirs.map((l) => [l.id, l.name, l.count])).toEqual([[[...listIds][0], 'Manual entries', 6]]);
  });

  it("the dialog's Save on a pax id already in the list sends the fields filled in only: group, hotel, agency and dates stay", async () => {
    const draft = (over: Partial<ManualDraft>): ManualDraft => ({ listId: 0, paxId: 'K1', touristName: 'Kept Guest', groupId: '', hotelId: '', agencyId: '', arrivalDate: '', arrivalTime: '', departureDate: '', departureTime: '', touristPhone: '', touristCountry: '', age: '', notes: '', ...over });
    await manual({ ...manualArrivalBody(draft({ groupId: '809', hotelId: String(hotels[0]!.id), agencyId: String(agencyId), arrivalDate: today, departureDate: addDays(today, 3), touristPhone: '+971500000010' })) });
    const before = await row('K1', 809);
    expect(before).toMatchObject({ groupId: 809, hotelId: hotels[0]!.id, agencyId, tdAgencyName: agencyName, arrivalDate: today, departureDate: addDays(today, 3) });
    expect(await manual({ ...manualArrivalBody(draft({ touristPhone: '+971500000011' })) })).toMatchObject({ changed: 1 });
    expect(await row('K1', 809)).toEqual({ ...before, touristPhone: '+971500000011', phones: ['+971500000011'], phoneDisplay: expect.any(String) });
  });
});
