import { addDays, dubaiToday } from '@tbo/scheduling';
import { rowEditPayload } from '../../frontend/src/features/arrivals/arrivals-table.logic';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { sheetRows } from '../support/booking-events';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { roomingWorkbook, XLSX } from '../support/arrivals';


interface Row {
  paxId: string;
  groupId: number;
  hotelId: number | null;
  roomNumber: string;
  notes: string;
  arrivalNotes: string;
  phones: string[];
  groupVersion: number | null;
}
interface Group {
  status: number | null;
  notes: string;
  phoneNumbers: string[];
  hotels: { hotelId: number; roomNumber: string }[];
  meetings: { date: string; staffId: number | null; staffName: string; timeStart: number | null; timeEnd: number | null; isNoTime: boolean; dateTimeDisplay: string }[];
  version: number | null;
}

/**
 * Group info saves and their versions (README: a stale version answers 409), and the guest's own notes in the list.
 * Two arrivals managers of one supplier: A works in the table, ADM in the group panel.
 */
describe('arrivals: group info versions and guest notes', () => {
  const api = apiSuite();
  const today = dubaiToday();
  const h: Record<string, Record<string, string>> = {};
  let hotelId: number;
  let last: string | null = null;

  const post = async (path: string, body: object, who = 'a') => {
    const res = await api.http.post(path).set(h[who]!).send(body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.Content?.position) last = res.body.Content.position;
    return res.body.Content;
  };
  const list = async (body: Record<string, unknown>): Promise<Row[]> => (await post('/api/arrivals/filtered', { inHouse: false, pageSize: 200, ...(last ? { after: last } : {}), ...body })).entities;
  const group = async (groupId: number, who = 'a'): Promise<Group> => (await api.http.get(`/api/arrivals/groups/${groupId}${last ? `?after=${last}` : ''}`).set(h[who]!)).body.Content;
  const saveGroup = (body: object, who: string) => api.http.post('/api/arrivals/groupinfo').set(h[who]!).send(body);
  // A group info save asks the arrivals table whether the group is the supplier's: the entry must be listed first.
  const add = async (paxId: string, over: Record<string, unknown>) => {
    await post('/api/arrivals/manual', { listName: 'Versions', paxId, touristName: `Guest ${paxId}`, arrivalDate: today, departureDate: addDays(today, 3), ...over });
    await api.settled('arrivals', last!);
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    hotelId = (await api.db('hotels').orderBy('id').first<{ id: number }>('id')).id;
    const { supplierId } = await registerTenants(api.app);
    h.a = bearer(await tokenFor(['arrivalsmanager'], { supplierId, fullName: 'Anna Manager' }));
    h.adm = bearer(await tokenFor(['arrivalsadmin'], { supplierId, fullName: 'Adam Admin' }));
    await add('V1', { groupId: 990001, hotelId, touristPhone: '+971501111111' });
    await add('V3', { groupId: 990003, hotelId });
  });

  it("a table edit saves on the version its row was loaded at: a colleague's change made since answers 409 and is kept", async () => {
    await post('/api/arrivals/groupinfo', { groupId: 990001, status: 0, notes: 'B: cancelled', phoneNumbers: [], hotels: [{ hotelId, roomNumber: '101' }], meetings: [], version: null });
    // A loads the list: the row carries the group info's version it shows.
    const [loaded] = await list({ groupId: 990001 });
    expect(loaded).toMatchObject({ notes: 'B: cancelled', roomNumber: '101', groupVersion: 0 });
    // ADM saves notes and a phone in the group panel, on the version it read.
    const panel = await group(990001, 'adm');
    expect(panel.version).toBe(0);
    const { status, hotels, meetings, version } = panel;
    expect((await post('/api/arrivals/groupinfo', { groupId: 990001, status, hotels, meetings, version, notes: 'B2: call at 7pm', phoneNumbers: ['+971502222222'] }, 'adm')).version).toBe(1);
    // A changes the room in the row; the table reads the group (now version 1) and sends the row's version (0).
    const edit = { groupId: 990001, hotelId, groupVersion: loaded!.groupVersion, phoneText: loaded!.phones.join(', '), roomNumber: '102', notes: loaded!.notes };
    const payload = rowEditPayload(await group(990001), { ...edit, loaded: { phoneText: edit.phoneText, roomNumber: loaded!.roomNumber, notes: loaded!.notes } });
    expectErrorEnvelope(await saveGroup(payload, 'a'), 409);
    expect(await group(990001)).toMatchObject({ notes: 'B2: call at 7pm', phoneNumbers: ['+971502222222'], hotels: [{ hotelId, roomNumber: '101' }], version: 1 });
    // Reloaded, the row shows ADM's change and its version; the same room edit then lands on top of it.
    const [fresh] = await list({ groupId: 990001 });
    expect(fresh).toMatchObject({ notes: 'B2: call at 7pm', phones: ['+971502222222'], groupVersion: 1 });
    const again = rowEditPayload(await group(990001), { ...edit, groupVersion: fresh!.groupVersion, phoneText: fresh!.phones.join(', '), notes: fresh!.notes, loaded: { phoneText: fresh!.phones.join(', '), roomNumber: fresh!.roomNumber, notes: fresh!.notes } });
    expect(again).toMatchObject({ notes: 'B2: call at 7pm', phoneNumbers: ['+971502222222'], hotels: [{ hotelId, roomNumber: '102' }], version: 1 });
    expect((await post('/api/arrivals/groupinfo', again)).version).toBe(2);
    expect((await list({ groupId: 990001 }))[0]).toMatchObject({ notes: 'B2: call at 7pm', roomNumber: '102', groupVersion: 2 });
  });

  it('the first save of a group never saved: both clients saw version null; the second answers 409 and changes nothing', async () => {
    expect((await group(990003)).version).toBeNull();
    expect((await list({ groupId: 990003 }))[0]!.groupVersion).toBeNull();
    const first = { groupId: 990003, status: 0, notes: 'A: room 12, two kids', phoneNumbers: ['+971503333333'], hotels: [{ hotelId, roomNumber: '12' }], meetings: [], version: null };
    expect((await post('/api/arrivals/groupinfo', first)).version).toBe(0);
    expectErrorEnvelope(await saveGroup({ ...first, notes: 'ADM: no kids', phoneNumbers: [], hotels: [], version: null }, 'adm'), 409);
    // Even a save that would change nothing is told it was made on what it saw before.
    expectErrorEnvelope(await saveGroup({ ...first, version: null }, 'adm'), 409);
    expect(await group(990003)).toMatchObject({ notes: 'A: room 12, two kids', phoneNumbers: ['+971503333333'], hotels: [{ hotelId, roomNumber: '12' }], version: 0 });
  });

  it("a contact logged first moves the group on: a save of the defaults seen before it answers 409; no version at all is not checked", async () => {
    await add('V4', { groupId: 990004, hotelId });
    const seen = await group(990004);
    expect(seen.version).toBeNull();
    await post('/api/arrivals/groupinfo/log', { groupId: 990004, flag: 1, note: 'Called' }, 'adm');
    expectErrorEnvelope(await saveGroup({ groupId: 990004, status: 0, notes: 'A', version: null }, 'a'), 409);
    expect((await post('/api/arrivals/groupinfo', { groupId: 990004, status: 0, notes: 'A' })).version).toBe(1);
  });

  it("a group's hotels are hotels of the list, and a meeting's end is not before its start", async () => {
    await add('V5', { groupId: 990006, hotelId });
    const base = { groupId: 990006, status: 0, notes: '', phoneNumbers: [], meetings: [] };
    const unknown = await saveGroup({ ...base, hotels: [{ hotelId, roomNumber: '1' }, { hotelId: 2_000_000_000, roomNumber: '2' }] }, 'a');
    expectErrorEnvelope(unknown, 400);
    expect(unknown.body.Content.errors).toEqual({ 'hotels.1.hotelId': ['The hotel does not exist'] });
    const backwards = await saveGroup({ ...base, hotels: [], meetings: [{ date: today, staffId: null, timeStart: 660, timeEnd: 600, isNoTime: false }] }, 'a');
    expectErrorEnvelope(backwards, 400);
    expect(backwards.body.ErrorMessage).toBe('A meeting cannot end before it starts');
    expect((await group(990006)).version).toBeNull();
  });

  it("a manual entry's and an imported file's notes are the guest's: listed, filtered and sorted apart from the group's notes", async () => {
    await add('N1', { groupId: 990005, hotelId, notes: 'Wants desert safari, call after 6pm' });
    const file = await roomingWorkbook(['Pax Id', 'Tourist name', 'Group Id', 'Arrival date', 'Departure date', 'Notes'], [['F1', 'File Guest', 990005, today, addDays(today, 2), 'Vegetarian']]);
    const res = await api.http.post('/api/arrivals/import?name=File').set(h.a!).set('Content-Type', XLSX).send(file);
    expect(res.status).toBe(200);
    last = res.body.Content.position;
    await api.settled('arrivals', last!);
    await post('/api/arrivals/groupinfo', { groupId: 990005, status: 0, notes: 'Group: pick up at 9', version: null });
    const rows = await list({ groupId: 990005, orderBy: 'arrivalNotes', orderType: 'ASC' });
    expect(rows.map((r) => [r.paxId, r.arrivalNotes, r.notes])).toEqual([
      ['F1', 'Vegetarian', 'Group: pick up at 9'],
      ['N1', 'Wants desert safari, call after 6pm', 'Group: pick up at 9'],
    ]);
    expect((await list({ filters: { arrivalNotes: 'DESERT safari' } })).map((r) => r.paxId)).toEqual(['N1']);
    expect((await list({ filters: { arrivalNotes: 'vegetarian' } })).map((r) => r.paxId)).toEqual(['F1']);
    expect(await list({ filters: { notes: 'safari' } })).toEqual([]);
    // arrivals.xlsx: 'Guest notes' next to the group's 'Notes', as on screen.
    const xlsx = await api.http.post('/api/arrivals/filtered/xlsx').set(h.a!).send({ inHouse: false, groupId: 990005, orderBy: 'arrivalNotes' }).buffer(true).parse(binary);
    const sheet = await sheetRows(xlsx.body as Buffer);
    const at = sheet[0]!.indexOf('Notes');
    expect(sheet[0]![at + 1]).toBe('Guest notes');
    expect(sheet.slice(1).map((r) => [r[at], r[at + 1]])).toEqual([
      ['Group: pick up at 9', 'Vegetarian'],
      ['Group: pick up at 9', 'Wants desert safari, call after 6pm'],
    ]);
  });
});
