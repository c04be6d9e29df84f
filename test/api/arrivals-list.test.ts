import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { registerTenants, registerUser } from '../support/identity';
import { seedBooking, sheetRows } from '../support/booking-events';
import { seedDemo } from '../support/reference';

interface Row {
  id: number;
  paxId: string;
  touristName: string;
  groupId: number | null;
  groupInfoId: number | null;
  hotelId: number | null;
  status: number;
  statusText: string;
  phoneDisplay: string;
  phones: string[];
  roomNumber: string;
  notes: string;
  age: number | null;
  salesStaffIds: number[];
  meetingDate: string | null;
  meetings: { date: string; staffId: number | null; staffName: string; timeStart: number | null; timeEnd: number | null; isNoTime: boolean; dateTimeDisplay: string }[];
}
type Paged = { entities: Row[]; pagingInfo: { totalItems: number; totalPages: number } };

describe('arrivals list, group info and in-house guests: /api/arrivals/filtered, /groupinfo, /api/agent/customers/*', () => {
  const api = apiSuite();
  const today = dubaiToday();
  let supplierId: number;
  let agencyId: number;
  let otherAgencyId: number;
  let salesId: number;
  // Two real hotels (a manual entry's hotel must exist): the demo's first two.
  let hotel1: number;
  let hotel2: number;
  let last: string | null = null;
  const h: Record<string, Record<string, string>> = {};

  const post = async (path: string, body: object, who = 'manager') => {
    const res = await api.http.post(path).set(h[who]!).send(body);
    if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    if (res.body.Content?.position) last = res.body.Content.position;
    return res.body.Content;
  };
  const list = async (body: Record<string, unknown> = {}, who = 'manager'): Promise<Paged> => post('/api/arrivals/filtered', { after: last ?? undefined, ...body }, who);
  const paxOf = (p: Paged) => p.entities.map((r) => r.paxId);

  beforeAll(async () => {
    await seedDemo(api.app);
    const hotels: { id: number }[] = await api.db('hotels').select('id').orderBy('id').limit(2);
    expect(hotels).toHaveLength(2);
    [hotel1, hotel2] = [hotels[0]!.id, hotels[1]!.id];
    ({ supplierId, agencyId } = await registerTenants(api.app));
    const other = await registerTenants(api.app);
    otherAgencyId = other.agencyId;
    // Agents see in-house guests only of suppliers that contract their agency (both agencies here).
    for (const agency of [agencyId, otherAgencyId]) await api.app.get(CommandBus).execute(new SignContractCommand(supplierId, agency, null, systemContext('test')));
    await api.settled('contracts', (await api.store.headPosition())!);
    salesId = (await registerUser(api.app, { roles: ['sales'], supplierId, fullName: 'Salma Sales' })).id;
    h.manager = bearer(await tokenFor(['arrivalsmanager'], { supplierId, fullName: 'Mona Manager' }));
    h.otherSupplier = bearer(await tokenFor(['arrivalsmanager'], { supplierId: other.supplierId }));
    h.agent = bearer(await tokenFor(['agent'], { agencyId, supplierId: null }));
    h.otherAgent = bearer(await tokenFor(['agent'], { agencyId: otherAgencyId, supplierId: null }));
    h.editor = bearer(await tokenFor(['editor'], { supplierId }));
    const add = (paxId: string, over: Record<string, unknown>) =>
      post('/api/arrivals/manual', { listName: 'Demo', paxId, touristName: `Guest ${paxId}`, arrivalDate: today, departureDate: addDays(today, 3), ...over });
    const first = await add('A1', { groupId: 900, hotelId: hotel1, agencyId, age: 30, touristPhone: '+971501111111' });
    const listId = first.listId;
    await add('A2', { listId, groupId: 900, hotelId: hotel1, agencyId, age: 40 });
    await add('A3', { listId, groupId: 901, hotelId: hotel2, agencyId: otherAgencyId, age: 50 });
    await add('A4', { listId, groupId: 902, agencyId, age: 20 });
    await add('A5', { listId, groupId: 903, hotelId: hotel1, agencyId, arrivalDate: addDays(today, 5), departureDate: addDays(today, 9), age: 60 });
  });

  it("lists In House by default, sorted by groupId ascending, with 'No Hotel' and hidden phones", async () => {
    const p = await list();
    expect(paxOf(p)).toEqual(['A1', 'A2', 'A3', 'A4']);
    const a1 = p.entities[0]!;
    expect(a1.phoneDisplay).toBe('+971501…');
    expect(a1.phones).toEqual(['+971501111111']);
    expect(a1.statusText).toBe('No Comm.');
    expect((p.entities[3] as Row & { hotelDisplay: string }).hotelDisplay).toBe('No Hotel');
    // Spec 02 §3 Arrival: arrivalListId (the list's id, as listId) and its name; tdHotelId, tdAgencyId and
    // pickUpTimeEnd are null (a list gives the hotel and agency by name and one pick-up time text).
    expect(a1).toMatchObject({ arrivalListId: (a1 as Row & { listId: number }).listId, arrivalListName: 'Demo', tdHotelId: null, tdAgencyId: null, pickUpTimeEnd: null, hotelId: hotel1, agencyId });
    for (const field of ['arrivalListId', 'tdHotelId', 'tdAgencyId', 'pickUpTimeEnd']) expect(a1).toHaveProperty(field);
    // Spec 02 §3 Arrival meetings: none before the group's info is saved.
    expect(p.entities.map((r) => r.meetings)).toEqual([[], [], [], []]);
    expect(paxOf(await list({ inHouse: false }))).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
  });

  it('filters by each filter and sorts both ways, paged', async () => {
    expect(paxOf(await list({ hotelIds: [hotel2] }))).toEqual(['A3']);
    expect(paxOf(await list({ hotelIds: [0] }))).toEqual(['A4']);
    expect(paxOf(await list({ groupId: 900 }))).toEqual(['A1', 'A2']);
    expect(paxOf(await list({ inHouse: false, arrivalDate: { from: addDays(today, 1) } }))).toEqual(['A5']);
    expect(paxOf(await list({ inHouse: false, departureDate: { to: addDays(today, 3) } }))).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(paxOf(await list({ ageFrom: 35, ageTo: 50 }))).toEqual(['A2', 'A3']);
    expect(paxOf(await list({ filters: { touristName: 'guest a3' } }))).toEqual(['A3']);
    expect(paxOf(await list({ filters: { phone: '+97150111' } }))).toEqual(['A1']);
    expect(paxOf(await list({ orderBy: 'age', orderType: 'DESC' }))).toEqual(['A3', 'A2', 'A1', 'A4']);
    expect(paxOf(await list({ orderBy: 'touristName', orderType: 'ASC', inHouse: false }))).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    const page2 = await list({ pageSize: 3, page: 2 });
    expect(paxOf(page2)).toEqual(['A4']);
    expect(page2.pagingInfo).toMatchObject({ totalItems: 4, totalPages: 2 });
    expectErrorEnvelope(await api.http.post('/api/arrivals/filtered').set(h.manager!).send({ orderBy: 'nope' }), 400);
    expectErrorEnvelope(await api.http.post('/api/arrivals/filtered').set(h.manager!).send({ statuses: 'x' }), 400);
    const unknownFilter = await api.http.post('/api/arrivals/filtered').set(h.manager!).send({ filters: { age: 'abc', touristName: 'a' } });
    expectErrorEnvelope(unknownFilter, 400);
    expect(unknownFilter.body.ErrorMessage).toContain('filters: no text column named age');
    expect((await api.http.post('/api/arrivals/filtered').set(h.manager!).send({ filters: 'x' })).body.ErrorMessage).toContain('filters must be an object');
    expectErrorEnvelope(await api.http.post('/api/arrivals/filtered').set(h.editor!).send({}), 403);
  });

  it('saves group info with a meeting and logs contacts: Comm. Initiated then Comm. Resp.', async () => {
    const sales = (await api.http.get('/api/arrivals/sales').set(h.manager!)).body.Content as { id: number; name: string }[];
    expect(sales).toEqual([expect.objectContaining({ id: salesId, name: 'Salma Sales' })]);
    const saved = await post('/api/arrivals/groupinfo', {
      groupId: 900, status: 0, notes: '=cmd|x', phoneNumbers: ['+971509999999'], hotels: [{ hotelId: hotel1, roomNumber: '1204' }],
      meetings: [{ date: addDays(today, 1), staffId: salesId, timeStart: 600, timeEnd: 660, isNoTime: false }],
    });
    expect(saved.groupInfoId).toEqual(expect.any(Number));
    let [a1] = (await list({ groupId: 900 })).entities;
    expect(a1).toMatchObject({ roomNumber: '1204', notes: '=cmd|x', phoneDisplay: '+971509…', salesStaffIds: [salesId], meetingDate: addDays(today, 1), groupInfoId: saved.groupInfoId });
    // Spec 02 §3 Arrival meetings: the group's, on each of its rows, as the group panel gives them; other groups' rows have none.
    const meeting = { date: addDays(today, 1), staffId: salesId, staffName: 'Salma Sales', timeStart: 600, timeEnd: 660, isNoTime: false, dateTimeDisplay: expect.stringMatching(/ 10:00–11:00$/) };
    expect((await list({ groupId: 900 })).entities.map((r) => r.meetings)).toEqual([[meeting], [meeting]]);
    expect((await list({ groupId: 901 })).entities.map((r) => r.meetings)).toEqual([[]]);
    expect(paxOf(await list({ salesStaffIds: [salesId] }))).toEqual(['A1', 'A2']);
    expect(paxOf(await list({ meetingDate: { from: addDays(today, 1), to: addDays(today, 1) } }))).toEqual(['A1', 'A2']);
    await post('/api/arrivals/groupinfo/log', { groupId: 900, flag: 1, note: 'Called the lobby' });
    expect((await list({ groupId: 900 })).entities[0]!.statusText).toBe('Comm. Initiated');
    await post('/api/arrivals/groupinfo/log', { groupId: 900, flag: 16, note: 'They called back' });
    expect((await list({ groupId: 900 })).entities[0]!.statusText).toBe('Comm. Resp.');
    const panel = (await api.http.get(`/api/arrivals/groups/900?after=${last}`).set(h.manager!)).body.Content;
    expect(panel.log.map((l: { flag: number; byName: string; note: string }) => [l.flag, l.byName, l.note])).toEqual([
      [16, 'Mona Manager', 'They called back'],
      [1, 'Mona Manager', 'Called the lobby'],
    ]);
    expect(panel.meetings[0].dateTimeDisplay).toMatch(/10:00–11:00$/);
    expect(a1!.meetings).toEqual(panel.meetings);
    // Spec 02 §3 Group info: id (the group info's), the group's arrivals (their ids) and groupInfoId on each hotel.
    const groupRows = (await list({ groupId: 900 })).entities;
    expect(panel).toMatchObject({ id: saved.groupInfoId, groupId: 900, groupInfoId: saved.groupInfoId, arrivals: groupRows.map((r) => r.id).sort((x, y) => x - y), hotels: [{ groupInfoId: saved.groupInfoId, hotelId: hotel1, roomNumber: '1204' }] });
    expect(panel.arrivals).toHaveLength(2);
    // A group not saved yet answers its arrivals and no id.
    const unsaved = (await api.http.get(`/api/arrivals/groups/902?after=${last}`).set(h.manager!)).body.Content;
    expect(unsaved).toMatchObject({ id: null, groupId: 902, groupInfoId: null, hotels: [], arrivals: [expect.any(Number)] });
    // Status choices and flags are checked; a stale version is refused.
    expectErrorEnvelope(await api.http.post('/api/arrivals/groupinfo').set(h.manager!).send({ groupId: 900, status: 5 }), 400);
    expectErrorEnvelope(await api.http.post('/api/arrivals/groupinfo/log').set(h.manager!).send({ groupId: 900, flag: 3 }), 400);
    expectErrorEnvelope(await api.http.post('/api/arrivals/groupinfo').set(h.manager!).send({ groupId: 900, status: 4, version: 0 }), 409);
    await post('/api/arrivals/groupinfo', { groupId: 901, status: 4 });
    [a1] = (await list({ statuses: [4] })).entities;
    expect([a1!.paxId, a1!.statusText]).toEqual(['A3', 'Cancelled']);
    // Another supplier's group answers 404.
    expectErrorEnvelope(await api.http.post('/api/arrivals/groupinfo').set(h.otherSupplier!).send({ groupId: 900, status: 0 }), 404);
    expectErrorEnvelope(await api.http.get('/api/arrivals/groups/900').set(h.otherSupplier!), 404);
    // An id no group can have is named, not a database refusal's reference.
    const huge = await api.http.get('/api/arrivals/groups/9999999999').set(h.manager!);
    expectErrorEnvelope(huge, 400);
    expect(huge.body.ErrorMessage).toContain('groupId is not a known id');
    // A reversed range matches nothing: it is refused in words, not answered with an empty list.
    for (const [body, said] of [[{ arrivalDate: { from: '2026-12-10', to: '2026-12-01' } }, 'Arrival date: from must not be after to'], [{ ageFrom: 50, ageTo: 10 }, 'ageFrom must not be above ageTo']] as const) {
      const res = await api.http.post('/api/arrivals/filtered').set(h.manager!).send(body);
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toContain(said);
    }
    expect((await list({}, 'otherSupplier')).pagingInfo.totalItems).toBe(0);
  });

  it('exports the filtered list as arrivals.xlsx, the same rows as the list, cells escaped', async () => {
    const filter = { inHouse: false, orderBy: 'touristName', orderType: 'DESC' };
    const rows = (await list(filter)).entities;
    const res = await api.http.post('/api/arrivals/filtered/xlsx').set(h.manager!).send(filter).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('arrivals.xlsx');
    const sheet = await sheetRows(res.body as Buffer);
    expect(sheet[0]!.slice(0, 6)).toEqual(['Status', 'Sales staff', 'Meeting date', 'GroupId', 'Hotel', 'Tourist name']);
    expect(sheet.slice(1).map((r) => r[5])).toEqual(rows.map((r) => r.touristName));
    const a1 = sheet.find((r) => r[5] === 'Guest A1')!;
    // The masked phone as it is (it can call no function); a note that could is escaped.
    expect(a1[6]).toBe('+971509…');
    expect(a1[13]).toBe("'=cmd|x");

    // From a Russian screen: the table's Russian titles and statuses, the same rows.
    const ru = await sheetRows((await api.http.post('/api/arrivals/filtered/xlsx').set(h.manager!).set('Accept-Language', 'ru').send(filter).buffer(true).parse(binary)).body as Buffer);
    expect(ru[0]!.slice(0, 6)).toEqual(['Статус', 'Продавцы', 'Дата встречи', 'Группа', 'Отель', 'Турист']);
    expect(ru.slice(1).map((r) => r[5])).toEqual(rows.map((r) => r.touristName));
    const RU: Record<string, string> = { 'No Comm.': 'Нет контакта', Deleted: 'Удалён', 'Comm. Initiated': 'Контакт начат', 'Comm. Resp.': 'Есть ответ', Cancelled: 'Отменено', Purchased: 'Куплено' };
    expect(ru.slice(1).map((r) => r[0])).toEqual(rows.map((r) => RU[r.statusText] ?? r.statusText));
  });

  it("answers agents their own agency's in-house guests, and a group booking counts", async () => {
    const mine = (await api.http.get(`/api/agent/customers/inHouse?hotelId=${hotel1}&date=${today}`).set(h.agent!)).body.Content as { arrivalId: number; guestName: string; groupId: number; groupInfoId: number | null }[];
    expect(mine.map((g) => g.guestName)).toEqual(['Guest A1', 'Guest A2']);
    expect((await api.http.get(`/api/agent/customers/inHouse?hotelId=${hotel2}&date=${today}`).set(h.agent!)).body.Content).toEqual([]);
    expect((await api.http.get(`/api/agent/customers/inHouse?hotelId=${hotel1}&date=${today}`).set(h.otherAgent!)).body.Content).toEqual([]);
    expect((await api.http.get(`/api/agent/customers/inHouse?hotelId=${hotel1}&date=${addDays(today, 6)}`).set(h.agent!)).body.Content.map((g: { guestName: string }) => g.guestName)).toEqual(['Guest A5']);
    const info = await api.http.get(`/api/agent/customers/groupInfo?hotelId=${hotel1}&groupInfoId=${mine[0]!.groupInfoId}`).set(h.agent!);
    expect(info.body.Content).toEqual({ roomNumber: '1204', phoneNumbers: ['+971509999999'] });
    // Asked about another hotel, the group's room there is unknown: its room at the first hotel is not offered.
    const elsewhere = await api.http.get(`/api/agent/customers/groupInfo?hotelId=${hotel2}&groupInfoId=${mine[0]!.groupInfoId}`).set(h.agent!);
    expect(elsewhere.body.Content).toEqual({ roomNumber: '', phoneNumbers: ['+971509999999'] });
    expectErrorEnvelope(await api.http.get(`/api/agent/customers/groupInfo?hotelId=${hotel1}&groupInfoId=${mine[0]!.groupInfoId}`).set(h.otherAgent!), 404);

    const booking = await seedBooking(api.app, { supplierId, agencyId, arrivalId: mine[0]!.arrivalId, arrivalGroupId: 900, groupInfoId: mine[0]!.groupInfoId });
    last = booking.position;
    let rows = (await list({ groupId: 900 })).entities;
    expect(rows.map((r) => [r.status, r.statusText])).toEqual([
      [5, '1 Booking(s)'],
      [5, '1 Booking(s)'],
    ]);
    expect(paxOf(await list({ statuses: [5] }))).toEqual(['A1', 'A2']);
    const cancelled = await seedBooking(api.app, { supplierId, agencyId, arrivalGroupId: 900 }, [{ type: 'BookingCancelled' }]);
    last = cancelled.position;
    rows = (await list({ groupId: 900 })).entities;
    expect(rows[0]!.statusText).toBe('1 Booking(s)');
  });

  it('a pending group whose guests left without a booking did not buy: shown and filtered so', async () => {
    await post('/api/arrivals/manual', { listName: 'Last week', paxId: 'P1', touristName: 'Guest P1', groupId: 904, arrivalDate: addDays(today, -6), departureDate: addDays(today, -1) });
    const [gone] = (await list({ inHouse: false, groupId: 904 })).entities;
    expect(gone).toMatchObject({ paxId: 'P1', status: 2, statusText: 'Did Not Buy' });
    // Not pending any more: the 'No Comm.' filter leaves it out.
    expect(paxOf(await list({ inHouse: false, statuses: [0] }))).not.toContain('P1');
  });
});
