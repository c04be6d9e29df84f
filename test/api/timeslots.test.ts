import ExcelJS from 'exceljs';
import { timeSlotOwnership } from '@tbo/scheduling';
import { bearer, binary, expectErrorEnvelope, tokenFor, suppliersSuite, expectHiddenFromOthers, expectNotFound } from '../support/api';

const NOT_FOUND = 'Time slot group not found or you are not allowed to manage it';

describe('time slots: GET /api/timeslots/groups[/{id}], POST/PUT /api/timeslots/group, POST/PUT /api/timeslots, delete, restore, export', () => {
  const api = suppliersSuite({ seed: true });
  let pickUpTimeId: number;
  let otherPickUpTimeId: number;
  let providerId: number;
  const newPickUpTime = async (name: string, headers: Record<string, string>) =>
    (await api.http.post('/api/pickuptimes').set(headers).send({ id: 0, name, isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] })).body.Content.id as number;

  const groupBody = (over: Record<string, unknown> = {}) => ({ id: 0, name: 'Safari departures', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: false, ...over });
  const slotBody = (groupId: number, over: Record<string, unknown> = {}) => ({ id: 0, groupId, name: 'Morning', timeType: 0, startTimeDescription: '08:00', endTimeDescription: '12:30', duration: 240, type: 0, daysOfferedList: [0], ...over });
  const createGroup = (over: Record<string, unknown> = {}, headers = api.admin) => api.http.post('/api/timeslots/group').set(headers).send(groupBody(over));
  const createSlot = (groupId: number, over: Record<string, unknown> = {}, headers = api.admin) => api.http.post('/api/timeslots').set(headers).send(slotBody(groupId, over));
  const getGroup = (id: number, headers = api.admin, after?: string | null) => api.http.get(`/api/timeslots/groups/${id}${after ? `?after=${after}` : ''}`).set(headers);
  const newGroup = async (over: Record<string, unknown> = {}, headers = api.admin) => {
    const res = await createGroup(over, headers);
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; version: number; position: string };
  };

  const newProvider = async (name: string, headers: Record<string, string>) => {
    const res = await api.http.post('/api/connectivity/providers').set(headers).send({ id: 0, name, baseUrl: 'https://octo.example.test/v1', apiKey: 'test-key' });
    expect(res.status).toBe(200);
    return res.body.Content.id as number;
  };

  beforeAll(async () => {
    pickUpTimeId = await newPickUpTime('Safari pick-up', api.admin);
    otherPickUpTimeId = await newPickUpTime('Their pick-up', api.otherAdmin);
    providerId = await newProvider('Desert Tickets', api.admin);
  });

  it('creates a group with POST, reads it back from its read table, and saves changes with PUT', async () => {
    const res = await createGroup({ name: '  Safari departures ' });
    expect(res.status).toBe(200);
    const saved = res.body.Content;
    expect(saved).toEqual({ id: expect.any(Number), name: 'Safari departures', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: false, isDeleted: false, version: 0, timeSlots: [], position: expect.any(String) });
    const read = await getGroup(saved.id, api.editor, saved.position);
    expect(read.status).toBe(200);
    const { position: _p, ...expected } = saved;
    expect(read.body.Content).toEqual(expected);

    const put = await api.http.put('/api/timeslots/group').set(api.editor).send({ ...read.body.Content, capacity: 55, pickUpTimeId });
    expect(put.status).toBe(200);
    expect(put.body.Content).toMatchObject({ id: saved.id, capacity: 55, pickUpTimeId, version: 1, position: expect.any(String) });
    const list = await api.http.get(`/api/timeslots/groups?after=${put.body.Content.position}`).set(api.admin);
    expect(list.status).toBe(200);
    expect(list.body.Content.find((g: { id: number }) => g.id === saved.id)).toEqual({ id: saved.id, name: 'Safari departures', capacity: 55, minimumAdvancedBooking: 12, pickUpTimeId, isTimeSlotsIndependant: false, isDeleted: false, version: 1, timeSlotNames: [], timeSlots: [], pickUpTimeName: 'Safari pick-up' });
  });

  it("refuses another supplier's pick-up time on a group and on a slot, and offers the live groups and slots as options", async () => {
    const foreign = await createGroup({ pickUpTimeId: otherPickUpTimeId });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ IsOk: false, ErrorMessage: 'Pick-up time not found or you are not allowed to use it', Content: { errors: { pickUpTimeId: ['Pick-up time not found or you are not allowed to use it'] } } });
    const group = await newGroup({ name: 'Options group' });
    expect((await createSlot(group.id, { pickUpTimeId: otherPickUpTimeId })).status).toBe(400);
    const slot = (await createSlot(group.id, { name: 'Noon', startTimeDescription: '12:00', pickUpTimeId })).body.Content;
    const options = await api.http.get(`/api/timeslots/options?after=${slot.position}`).set(api.editor);
    expect(options.body.Content.find((g: { id: number }) => g.id === group.id)).toEqual({ id: group.id, name: 'Options group', timeSlots: [{ id: slot.id, name: 'Noon', timeType: 0, startTime: 720, endTime: 750 }] });
    const theirs = await api.http.get(`/api/timeslots/options?after=${slot.position}`).set(api.otherAdmin);
    expect(theirs.body.Content.some((g: { id: number }) => g.id === group.id)).toBe(false);
  });

  it('refuses to delete a pick-up time live groups or slots use, naming them; once let go it deletes, and is refused on a group or slot from then on', async () => {
    const doomed = await newPickUpTime('Doomed pick-up', api.admin);
    const group = await newGroup({ name: 'Keeps its pick-up', pickUpTimeId: doomed });
    const slot = (await createSlot(group.id, { name: 'Early', pickUpTimeId: doomed })).body.Content;
    const inUse = await api.http.delete(`/api/pickuptimes/${doomed}`).set(api.admin);
    expectErrorEnvelope(inUse, 400);
    expect(inUse.body.ErrorMessage).toBe("Used by the time slot group 'Keeps its pick-up' and the time slot 'Early' of 'Keeps its pick-up': choose another pick-up time for them first");

    // Let go by both (the group deleted, the slot cleared), it deletes.
    const cleared = await api.http.put('/api/timeslots').set(api.admin).send({ ...slot, pickUpTimeId: null });
    expect(cleared.body.Content).toMatchObject({ pickUpTimeId: null });
    expect((await api.http.delete(`/api/timeslots/group/${group.id}`).set(api.admin)).status).toBe(200);
    expect((await api.http.delete(`/api/pickuptimes/${doomed}`).set(api.admin)).status).toBe(200);

    // The deleted group comes back only once its pick-up time does; saved with it (stored or anew) it is refused.
    const restore = await api.http.post(`/api/timeslots/group/${group.id}/restore`).set(api.admin);
    expectErrorEnvelope(restore, 400);
    expect(restore.body.ErrorMessage).toBe("Its pick-up time 'Doomed pick-up' has been deleted: restore that pick-up time first, or choose another one");
    const gone = "The pick-up time 'Doomed pick-up' has been deleted: choose another one or none";
    const stored = (await getGroup(group.id)).body.Content;
    const refusals = [
      await api.http.put('/api/timeslots/group').set(api.admin).send({ ...stored, capacity: 41 }),
      await createGroup({ pickUpTimeId: doomed }),
      await createSlot(group.id, { name: 'Late', pickUpTimeId: doomed }),
      await api.http.put('/api/timeslots').set(api.admin).send({ ...cleared.body.Content, pickUpTimeId: doomed }),
    ];
    for (const res of refusals) {
      expectErrorEnvelope(res, 400);
      expect(res.body.Content.errors).toEqual({ pickUpTimeId: [gone] });
    }
    // Another supplier's is still not found.
    expect((await createGroup({ pickUpTimeId: otherPickUpTimeId })).body.ErrorMessage).toBe('Pick-up time not found or you are not allowed to use it');
    const saved = await api.http.put('/api/timeslots/group').set(api.admin).send({ ...stored, capacity: 41, pickUpTimeId: null });
    expect(saved.body.Content).toMatchObject({ capacity: 41, pickUpTimeId: null });
    expect((await api.http.post(`/api/timeslots/group/${group.id}/restore`).set(api.admin)).body.Content).toMatchObject({ isDeleted: false, pickUpTimeId: null });
  });

  it("refuses an external provider that is not the supplier's own, live one, and keeps a stored one deleted since", async () => {
    const theirs = await newProvider('Their tickets', api.otherAdmin);
    const doomed = await newProvider('Doomed tickets', api.admin);
    const group = await newGroup({ name: 'External group' });
    const external = (over: Record<string, unknown>) => ({ isExternalId: true, externalId: '09:00', externalProductId: 'p-1', ...over });
    const message = 'External provider not found or you are not allowed to use it';
    for (const id of [theirs, 99_999_999]) {
      const res = await createSlot(group.id, external({ externalProviderId: id }));
      expectErrorEnvelope(res, 400);
      expect(res.body).toMatchObject({ ErrorMessage: message, Content: { errors: { externalProviderId: [message] } } });
    }
    // A slot that is not external keeps no provider, so none is asked about.
    expect((await createSlot(group.id, { name: 'Not external', externalProviderId: theirs })).body.Content).toMatchObject({ isExternalId: false, externalProviderId: null });
    // Two live slots of a group never share a name.
    expect((await createSlot(group.id, { name: ' not EXTERNAL ' })).body).toMatchObject({ IsOk: false, Content: { errors: { name: ["This group already has a time slot named 'not EXTERNAL'"] } } });

    const slot = (await createSlot(group.id, external({ externalProviderId: doomed }))).body.Content;
    expect(slot).toMatchObject({ externalProviderId: doomed });
    expect((await api.http.delete(`/api/connectivity/providers/${doomed}`).set(api.admin)).status).toBe(200);
    const kept = await api.http.put('/api/timeslots').set(api.admin).send({ ...slot, name: 'Still external' });
    expect(kept.status).toBe(200);
    expect(kept.body.Content).toMatchObject({ name: 'Still external', externalProviderId: doomed });
    expect((await createSlot(group.id, external({ name: 'Doomed again', externalProviderId: doomed }))).body.Content.errors).toEqual({ externalProviderId: [message] });
    const moved = await api.http.put('/api/timeslots').set(api.admin).send({ ...kept.body.Content, externalProviderId: theirs });
    expect(moved.body.Content.errors).toEqual({ externalProviderId: [message] });
    expect((await api.http.put('/api/timeslots').set(api.admin).send({ ...kept.body.Content, externalProviderId: providerId })).body.Content).toMatchObject({ externalProviderId: providerId });
  });

  it.each([
    ['name', { name: ' ' }, 'Group name is required'],
    ['capacity', { capacity: null }, 'Capacity is required and must be between 1 and 999999'],
    ['capacity', { capacity: 1_000_000 }, 'Capacity is required and must be between 1 and 999999'],
    ['minimumAdvancedBooking', { minimumAdvancedBooking: -24 }, 'Minimum advanced booking must be between -23 and 2400 hours'],
    ['minimumAdvancedBooking', { minimumAdvancedBooking: 2401 }, 'Minimum advanced booking must be between -23 and 2400 hours'],
  ])('refuses a group with a bad %s: %j', async (field, over, message) => {
    const res = await createGroup(over);
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe(message);
    expect(res.body.Content.errors[field]).toEqual([message]);
  });

  it('creates and changes slots of a group, with times, days and what the form hides cleared', async () => {
    const group = await newGroup();
    const res = await createSlot(group.id, { name: ' Morning ', interval: 30, cutOffResponseTime: 6, capacity: 10, daysOfferedList: [1, 4, 64], isExternalId: true, externalId: 'x-1', externalProviderId: providerId });
    expect(res.status).toBe(200);
    const slot = res.body.Content;
    expect(slot).toMatchObject({
      id: expect.any(Number),
      groupId: group.id,
      name: 'Morning',
      timeType: 0,
      isAnytime: false,
      isAnyTime: false,
      isNoTime: false,
      startTime: 480,
      endTime: 750,
      startTimeDescription: '08:00',
      endTimeDescription: '12:30',
      startHour: 8,
      startMinute: 0,
      endHour: 12,
      endMinute: 30,
      interval: null,
      cutOffResponseTime: null,
      capacity: null,
      minimumAdvancedBooking: null,
      daysOffered: 69,
      daysOfferedList: [1, 4, 64],
      isExternalId: true,
      externalId: 'x-1',
      externalProviderId: providerId,
      offers: [],
      isDeleted: false,
      version: 1,
      position: expect.any(String),
    });

    // Anytime, on request: interval and cut-off kept, external fields cleared; an unreadable time is 0:0.
    const put = await api.http.put('/api/timeslots').set(api.editor).send({ ...slot, timeType: 1, interval: 20, type: 1, cutOffResponseTime: 6, startTimeDescription: '25:99', daysOfferedList: [1, 2, 4, 8, 16, 32, 64] });
    expect(put.status).toBe(200);
    expect(put.body.Content).toMatchObject({ timeType: 1, isAnyTime: true, interval: 20, type: 1, cutOffResponseTime: 6, startTime: 0, startTimeDescription: '00:00', daysOffered: 0, daysOfferedList: [0], isExternalId: false, externalId: '', externalProviderId: null, version: 2 });

    // Independent slots: the group's values by default, their own when given; the group answers its slots.
    const indep = await api.http.put('/api/timeslots/group').set(api.admin).send({ ...groupBody({ id: group.id, version: group.version }), isTimeSlotsIndependant: true });
    expect(indep.status).toBe(200);
    expect(indep.body.Content.timeSlots).toEqual([expect.objectContaining({ id: slot.id, capacity: 40, minimumAdvancedBooking: 12, version: 4 })]);
    const own = await createSlot(group.id, { name: 'Evening', startTimeDescription: '18:00', capacity: 8, minimumAdvancedBooking: -3 });
    expect(own.body.Content).toMatchObject({ capacity: 8, minimumAdvancedBooking: -3 });

    const read = await getGroup(group.id, api.admin, own.body.Content.position);
    expect(read.body.Content.timeSlots.map((s: { name: string }) => s.name)).toEqual(['Morning', 'Evening']);
    const { position: _p, ...ownSlot } = own.body.Content;
    expect(read.body.Content.timeSlots[1]).toEqual(ownSlot);
  });

  it.each([
    ['name', { name: '' }, 'Time slot name is required'],
    ['interval', { timeType: 1, interval: null }, 'Interval is required'],
    ['groupId', { groupId: 0 }, 'Time slot group not initialized'],
    ['timeType', { timeType: 3 }, 'timeType must be 0 (Fixed), 1 (Anytime) or 2 (NoTime)'],
    ['daysOfferedList.0', { daysOfferedList: [3] }, 'daysOfferedList values must be 0, 1, 2, 4, 8, 16, 32, 64'],
  ])('refuses a slot with a bad %s', async (field, over, message) => {
    const group = await newGroup();
    const res = await createSlot(group.id, over);
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors[field]).toEqual([message]);
  });

  it("answers another supplier's or a missing group or slot as not found, in the spec's words", async () => {
    const mine = await newGroup();
    const slot = (await createSlot(mine.id)).body.Content;
    const hidden = (res: { status: number; body: unknown }) => expectNotFound(res, NOT_FOUND);
    await expectHiddenFromOthers(getGroup, mine.id, api, NOT_FOUND);
    hidden(await api.http.put('/api/timeslots/group').set(api.otherAdmin).send(groupBody({ id: mine.id })));
    hidden(await api.http.put('/api/timeslots/group').set(api.admin).send(groupBody({ id: 99_999_999 })));
    hidden(await createSlot(mine.id, {}, api.otherAdmin));
    hidden(await api.http.put('/api/timeslots').set(api.otherAdmin).send({ ...slot, name: 'Mine now' }));
    hidden(await api.http.put('/api/timeslots').set(api.admin).send({ ...slot, id: 99_999_999 }));
    hidden(await api.http.delete(`/api/timeslots/group/${mine.id}`).set(api.otherAdmin));
    hidden(await api.http.delete(`/api/timeslots/${slot.id}`).set(api.otherAdmin));
    hidden(await api.http.post(`/api/timeslots/${slot.id}/restore`).set(api.otherAdmin));
  });

  it('answers one of two saves from the same version with a 409, for a group and for a slot', async () => {
    const group = await newGroup();
    const ok = await api.http.put('/api/timeslots/group').set(api.admin).send(groupBody({ id: group.id, version: group.version, name: 'Red dunes' }));
    expect(ok.status).toBe(200);
    expectErrorEnvelope(await api.http.put('/api/timeslots/group').set(api.admin).send(groupBody({ id: group.id, version: group.version, name: 'Gold dunes' })), 409);

    const slot = (await createSlot(group.id)).body.Content;
    // Saving a slot leaves the group's own version as it was.
    expect((await api.http.put('/api/timeslots/group').set(api.admin).send(groupBody({ id: group.id, version: ok.body.Content.version, capacity: 41 }))).status).toBe(200);
    const both = await Promise.all(['Early', 'Late'].map((name) => api.http.put('/api/timeslots').set(api.admin).send({ ...slot, name })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expectErrorEnvelope(both.find((r) => r.status === 409)!, 409);
  });

  it('deletes and restores groups and slots; the list shows deleted groups only when asked', async () => {
    const group = await newGroup({ name: 'Zz to delete' });
    const slot = (await createSlot(group.id, { name: 'Doomed' })).body.Content;
    const slotGone = await api.http.delete(`/api/timeslots/${slot.id}`).set(api.admin);
    expect(slotGone.status).toBe(200);
    expect(slotGone.body.Content).toMatchObject({ id: slot.id, isDeleted: true });
    const slotBack = await api.http.post(`/api/timeslots/${slot.id}/restore`).set(api.admin);
    expect(slotBack.body.Content).toMatchObject({ id: slot.id, isDeleted: false });

    const gone = await api.http.delete(`/api/timeslots/group/${group.id}`).set(api.admin);
    expect(gone.status).toBe(200);
    expect(gone.body.Content).toMatchObject({ id: group.id, isDeleted: true, timeSlots: [expect.objectContaining({ id: slot.id })] });
    const list = await api.http.get(`/api/timeslots/groups?after=${gone.body.Content.position}`).set(api.admin);
    expect(list.body.Content.some((g: { id: number }) => g.id === group.id)).toBe(false);
    const withDeleted = await api.http.get('/api/timeslots/groups?showDeleted=true').set(api.admin);
    expect(withDeleted.body.Content.find((g: { id: number }) => g.id === group.id)).toMatchObject({ isDeleted: true, timeSlotNames: ['Doomed'], timeSlots: [{ id: slot.id, name: 'Doomed' }] });
    const back = await api.http.post(`/api/timeslots/group/${group.id}/restore`).set(api.admin);
    expect(back.body.Content).toMatchObject({ isDeleted: false });
  });

  it('refuses agents (403) and bad input (400), never a 500', async () => {
    const agent = bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }));
    expectErrorEnvelope(await api.http.get('/api/timeslots/groups').set(agent), 403);
    expectErrorEnvelope(await createGroup({}, agent), 403);
    expectErrorEnvelope(await createGroup({ name: 'a\u0000b' }), 400);
    expectErrorEnvelope(await createGroup({ name: 'x'.repeat(201) }), 400);
    expectErrorEnvelope(await createGroup({ capacity: 'many' }), 400);
    expectErrorEnvelope(await createGroup({ capacity: 3_000_000_000 }), 400);
    expectErrorEnvelope(await createGroup({ id: 3_000_000_000 }), 400);
    expectErrorEnvelope(await getGroup(3_000_000_000), 400);
    expectErrorEnvelope(await api.http.get('/api/timeslots/groups?sort=x').set(api.admin), 400);
    const group = await newGroup();
    expectErrorEnvelope(await createSlot(group.id, { startTimeDescription: 5 }), 400);
    expectErrorEnvelope(await createSlot(group.id, { externalId: 'x'.repeat(201), isExternalId: true }), 400);
    expectErrorEnvelope(await createSlot(group.id, { interval: 1e12, timeType: 1 }), 400);
  });

  it('exports the list as timeslots.xlsx, row for row, formula text escaped', async () => {
    const group = await newGroup({ name: '=HYPERLINK("http://evil","x")' });
    const slot = await createSlot(group.id, { name: 'Noon', startTimeDescription: '12:00' });
    const list = (await api.http.get(`/api/timeslots/groups?after=${slot.body.Content.position}`).set(api.admin)).body.Content as { id: number; name: string; capacity: number; timeSlotNames: string[] }[];
    const res = await api.http.get('/api/timeslots/export').set(api.admin).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="timeslots.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const ws = wb.getWorksheet('Time slots')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Id', 'Name', 'Capacity', 'Minimum advanced booking (hours)', 'Pick-up time', 'Independent time slots', 'Time slots', 'Deleted']);
    expect(ws.rowCount).toBe(list.length + 1);
    list.forEach((g, i) => {
      const row = ws.getRow(i + 2);
      expect([row.getCell(1).value, row.getCell(3).value, row.getCell(7).value ?? '']).toEqual([g.id, g.capacity, g.timeSlotNames.join(', ')]);
      expect(row.getCell(2).value).toBe(g.name.startsWith('=') ? `'${g.name}` : g.name);
    });
    expect(list.some((g) => g.id === group.id && g.timeSlotNames[0] === 'Noon')).toBe(true);
    const ru = new ExcelJS.Workbook();
    await ru.xlsx.load((await api.http.get('/api/timeslots/export').set(api.admin).set('Accept-Language', 'ru').buffer(true).parse(binary)).body as ArrayBuffer);
    expect(ru.getWorksheet('Временные слоты')!.getRow(1).values).toEqual([undefined, '№', 'Группа', 'Вместимость', 'Минимальный срок бронирования (часы)', 'Время трансфера', 'Независимые слоты', 'Слоты', 'Удалена']);
    // Spec 02 §3 Time slot group 'timeSlots': the live slots as {id, name}, beside the names the list shows.
    expect((list as unknown as { id: number; timeSlots: unknown }[]).find((g) => g.id === group.id)!.timeSlots).toEqual([{ id: slot.body.Content.id, name: 'Noon' }]);
  });

  it('shows on each slot the offers that sell it', async () => {
    const group = await newGroup();
    const slot = (await createSlot(group.id)).body.Content;
    let lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first();
    if (!lang) {
      const saved = await api.http.post('/api/languages').set(bearer(await tokenFor(['superadmin'], { supplierId: null }))).send({ id: 0, name: 'Slots lang', code: 'slx', isOffers: true, imgUrl: '/flags/xx.svg' });
      await api.settled('languages', saved.body.Content.position);
      lang = saved.body.Content;
    }
    const tour = await api.http.post('/api/tours').set(api.admin).send({ id: 0, nameInternal: 'SLOT-T', nameDisplay: 'Tour with slots', languageId: lang.id, toursCategories: [1] });
    expect(tour.status).toBe(200);
    await api.settled('tours', tour.body.Content.position);
    const offer = await api.http.post('/api/offers').set(api.admin).send({ id: 0, tourId: tour.body.Content.id, nameInternal: 'SLOT-STD', nameDisplay: 'Standard', maxNumOfPeople: 10, numberOfHours: 4, timeSlots: [slot.id] });
    expect(offer.status).toBe(200);
    await api.settled('offers', offer.body.Content.position);
    const read = await getGroup(group.id);
    expect(read.body.Content.timeSlots[0].offers).toEqual([{ id: offer.body.Content.id, name: 'SLOT-STD' }]);
  });

  it("answers other modules whether groups and slots are the supplier's", async () => {
    const group = await newGroup();
    const slot = (await createSlot(group.id)).body.Content;
    const other = await newGroup({}, api.otherAdmin);
    expect(await timeSlotOwnership(api.db, api.supplierId, { groupIds: [group.id], timeSlotIds: [slot.id] }, api.store)).toEqual({ owned: true, foreignGroupIds: [], foreignTimeSlotIds: [] });
    expect(await timeSlotOwnership(api.db, api.supplierId, { groupIds: [group.id, other.id], timeSlotIds: [slot.id, 99_999_999] }, api.store)).toEqual({
      owned: false,
      foreignGroupIds: [other.id],
      foreignTimeSlotIds: [99_999_999],
    });
  });
});
