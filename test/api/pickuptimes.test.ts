import { NO_HOTEL_ID } from '@tbo/scheduling';
import { bearer, expectErrorEnvelope, tokenFor, suppliersSuite, expectHiddenFromOthers } from '../support/api';
import { registerTenants } from '../support/identity';
import { isSortedBy } from '../support/reference';

const NOT_FOUND = 'Time slot group not found or you are not allowed to manage it';

describe('pick-up times: GET /api/pickuptimes, options, {id}; POST and PUT /api/pickuptimes; DELETE (spec 02 §7)', () => {
  const api = suppliersSuite({ seed: true });
  let regionA: number;
  let regionB: number;
  let hotel: { id: number; name: string; regionId: number };
  let regionCount: number;

  const body = (over: Record<string, unknown> = {}) => ({
    id: 0,
    name: 'Morning pick-up',
    isFixedTime: false,
    regionsPickUpTimes: [
      { regionId: regionA, timeStart: 480, timeEnd: 510 },
      { regionId: regionB, timeStart: null, timeEnd: null },
    ],
    hotelsPickUpTimes: [{ hotelId: hotel.id, timeStart: 460, timeEnd: 470 }],
    ...over,
  });
  const create = (over: Record<string, unknown> = {}, headers = api.admin) => api.http.post('/api/pickuptimes').set(headers).send(body(over));
  const get = (id: number, headers = api.admin, after?: string) => api.http.get(`/api/pickuptimes/${id}`).query(after ? { after } : {}).set(headers);

  beforeAll(async () => {
    const regions: { id: number }[] = await api.db('regions').select('id').orderBy('id');
    regionCount = regions.length;
    [regionA, regionB] = [regions[0]!.id, regions[1]!.id];
    hotel = await api.db('hotels').select('id', 'name', 'region_id as regionId').orderBy('id').first();
  });

  it('creates with region windows, a hotel override and No Hotel, and reads every region back with its window', async () => {
    const res = await create({ hotelsPickUpTimes: [{ hotelId: hotel.id, timeStart: 460, timeEnd: 470 }, { hotelId: NO_HOTEL_ID, timeStart: 420, timeEnd: null }] });
    expect(res.status).toBe(200);
    expect(res.body.Content).toEqual({
      id: expect.any(Number),
      name: 'Morning pick-up',
      isFixedTime: false,
      isDeleted: false,
      // The unset region is not stored; a lone start is a moment.
      regionsPickUpTimes: [{ regionId: regionA, timeStart: 480, timeEnd: 510 }],
      hotelsPickUpTimes: [
        { hotelId: NO_HOTEL_ID, timeStart: 420, timeEnd: 420 },
        { hotelId: hotel.id, timeStart: 460, timeEnd: 470 },
      ],
      version: 0,
      position: expect.any(String),
    });
    const read = await get(res.body.Content.id, api.editor, res.body.Content.position);
    expect(read.status).toBe(200);
    const p = read.body.Content;
    expect(p).toMatchObject({ id: res.body.Content.id, name: 'Morning pick-up', isFixedTime: false, isDeleted: false, version: 0 });
    expect(p.regionsPickUpTimes).toHaveLength(regionCount);
    expect(p.regionsPickUpTimes.find((r: { regionId: number }) => r.regionId === regionA)).toEqual({
      regionId: regionA,
      name: expect.any(String),
      cityId: expect.any(Number),
      cityName: expect.any(String),
      isActive: expect.any(Boolean),
      timeStart: 480,
      timeEnd: 510,
    });
    expect(p.regionsPickUpTimes.find((r: { regionId: number }) => r.regionId === regionB)).toMatchObject({ timeStart: null, timeEnd: null });
    expect(p.hotelsPickUpTimes).toEqual([
      { hotelId: NO_HOTEL_ID, name: 'No Hotel', regionId: null, regionName: null, cityId: null, cityName: null, timeStart: 420, timeEnd: 420 },
      { hotelId: hotel.id, name: hotel.name, regionId: hotel.regionId, regionName: expect.any(String), cityId: expect.any(Number), cityName: expect.any(String), timeStart: 460, timeEnd: 470 },
    ]);
  });

  it('updates with PUT from the GET shape (id and version), dropping hotel rows without a time', async () => {
    const saved = (await create()).body.Content;
    const read = (await get(saved.id, api.admin, saved.position)).body.Content;
    const hotels = [
      { ...read.hotelsPickUpTimes[0], timeStart: 455 },
      { hotelId: NO_HOTEL_ID, timeStart: null, timeEnd: null },
    ];
    const put = await api.http.put('/api/pickuptimes').set(api.editor).send({ ...read, name: 'Morning (new)', isFixedTime: true, hotelsPickUpTimes: hotels });
    expect(put.status).toBe(200);
    expect(put.body.Content).toMatchObject({ id: saved.id, name: 'Morning (new)', isFixedTime: true, hotelsPickUpTimes: [{ hotelId: hotel.id, timeStart: 455, timeEnd: 470 }], version: 1 });
    const again = (await get(saved.id, api.admin, put.body.Content.position)).body.Content;
    expect(again).toMatchObject({ name: 'Morning (new)', isFixedTime: true, version: 1 });
    expect(again.hotelsPickUpTimes.map((h: { hotelId: number }) => h.hotelId)).toEqual([hotel.id]);
    // Saving the same form again changes nothing: no new version, no position.
    const same = await api.http.put('/api/pickuptimes').set(api.editor).send(again);
    expect(same.body.Content).toMatchObject({ version: 1, position: null });
  });

  it('reads one pick-up time without ?after= only once the read model has every save the store holds (as the time slot reads)', async () => {
    const saved = (await create({ name: 'Before' })).body.Content;
    expect((await get(saved.id, api.admin, saved.position)).body.Content).toMatchObject({ name: 'Before' });
    // The projection is held up: its update of the row waits on this lock until the transaction ends.
    const trx = await api.db.transaction();
    try {
      await trx.raw('SELECT id FROM pickup_times WHERE id = ? FOR UPDATE', [saved.id]);
      const put = await api.http.put('/api/pickuptimes').set(api.admin).send({ ...saved, name: 'After' });
      expect(put.status).toBe(200);
      const reading = get(saved.id).then((res) => res);
      await new Promise((r) => setTimeout(r, 300));
      await trx.commit();
      const read = await reading;
      expect(read.status).toBe(200);
      expect(read.body.Content).toMatchObject({ name: 'After', version: 1 });
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
  });

  it('answers 409 to the second of two saves from the same version', async () => {
    const saved = (await create()).body.Content;
    const first = await api.http.put('/api/pickuptimes').set(api.admin).send({ ...saved, name: 'Red Dunes', version: saved.version });
    expect(first.status).toBe(200);
    const stale = await api.http.put('/api/pickuptimes').set(api.admin).send({ ...saved, name: 'Gold Dunes', version: saved.version });
    expectErrorEnvelope(stale, 409);
  });

  it("lists the supplier's pick-up times by name ascending, deleted ones left out; options likewise", async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const ids: Record<string, number> = {};
    for (const name of ['beach', 'Airport', 'city', 'Zoo']) {
      const res = await create({ name, isFixedTime: name === 'city' }, h);
      expect(res.status).toBe(200);
      ids[name] = res.body.Content.id;
    }
    const del = await api.http.delete(`/api/pickuptimes/${ids.Zoo}`).set(h);
    expect(del.status).toBe(200);
    expect(del.body.Content.isDeleted).toBe(true);
    const list = await api.http.get('/api/pickuptimes').query({ after: del.body.Content.position }).set(h);
    expect(list.status).toBe(200);
    expect(list.body.Content).toEqual([
      { id: ids.Airport, name: 'Airport', isFixedTime: false },
      { id: ids.beach, name: 'beach', isFixedTime: false },
      { id: ids.city, name: 'city', isFixedTime: true },
    ]);
    expect(isSortedBy(list.body.Content, (r: { name: string }) => r.name)).toBe(true);
    const options = await api.http.get('/api/pickuptimes/options').set(h);
    expect(options.body.Content).toEqual([
      { id: ids.Airport, name: 'Airport' },
      { id: ids.beach, name: 'beach' },
      { id: ids.city, name: 'city' },
    ]);
    // Another supplier sees none of them; a deleted one is still readable by its owner, and can come back.
    expect((await api.http.get('/api/pickuptimes').set(api.otherAdmin)).body.Content.map((r: { id: number }) => r.id)).not.toContain(ids.Airport);
    expect((await get(ids.Zoo!, h)).body.Content.isDeleted).toBe(true);
    const back = await api.http.post(`/api/pickuptimes/${ids.Zoo}/restore`).set(h);
    expect(back.body.Content.isDeleted).toBe(false);
  });

  it("answers another supplier's or an unknown pick-up time with the time slot group's wording", async () => {
    const mine = (await create()).body.Content;
    await expectHiddenFromOthers(get, mine.id, api, NOT_FOUND);
    const put = await api.http.put('/api/pickuptimes').set(api.otherAdmin).send({ ...mine, name: 'Taken' });
    expectErrorEnvelope(put, 404);
    expect(put.body.ErrorMessage).toBe(NOT_FOUND);
    const del = await api.http.delete(`/api/pickuptimes/${mine.id}`).set(api.otherAdmin);
    expectErrorEnvelope(del, 404);
    expect(del.body.ErrorMessage).toBe(NOT_FOUND);
    expect((await get(mine.id, api.admin, mine.position)).body.Content.isDeleted).toBe(false);
  });

  it.each([
    ['name', { name: '  ' }, 'Pick up time name is required'],
    ['name', { name: null }, 'Pick up time name is required'],
    ['regionsPickUpTimes.0.timeEnd', { regionsPickUpTimes: [{ regionId: 1, timeStart: 600, timeEnd: 540 }] }, 'Pick up start time must not be after its end time'],
    ['hotelsPickUpTimes.0.timeStart', { hotelsPickUpTimes: [{ hotelId: 0, timeStart: 1440, timeEnd: null }] }, 'Pick up time must be between 00:00 and 23:59'],
    ['regionsPickUpTimes.1.regionId', { regionsPickUpTimes: [{ regionId: 1, timeStart: 1, timeEnd: 2 }, { regionId: 1, timeStart: 3, timeEnd: 4 }] }, 'A region may have only one pick-up time'],
    ['regionsPickUpTimes.0.regionId', { regionsPickUpTimes: [{ regionId: 2_000_000_000, timeStart: 1, timeEnd: 2 }] }, 'Region not found'],
    ['hotelsPickUpTimes.0.hotelId', { hotelsPickUpTimes: [{ hotelId: 2_000_000_000, timeStart: 1, timeEnd: 2 }] }, 'Hotel not found'],
  ])('refuses a bad %s with its message', async (field, over, message) => {
    const res = await create(over);
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors[field]).toContain(message);
  });

  it('refuses wrong types, ids past a Postgres integer and unstorable text with a 400, never a 500', async () => {
    for (const over of [
      { isFixedTime: 'yes' },
      { regionsPickUpTimes: [{ regionId: 3_000_000_000, timeStart: 1, timeEnd: 2 }] },
      { hotelsPickUpTimes: [{ hotelId: -1, timeStart: 1, timeEnd: 2 }] },
      { hotelsPickUpTimes: [{ hotelId: 1, timeStart: '08:00', timeEnd: 2 }] },
      { regionsPickUpTimes: 'all' },
      { name: 'x'.repeat(201) },
      { name: 'a\u0000b' },
      { id: 3_000_000_000 },
    ]) {
      expectErrorEnvelope(await create(over), 400);
    }
    expectErrorEnvelope(await api.http.get('/api/pickuptimes/3000000000').set(api.admin), 400);
    expectErrorEnvelope(await api.http.delete('/api/pickuptimes/abc').set(api.admin), 400);
  });

  it('is for admins and editors of a supplier: an agent gets 403', async () => {
    const agent = bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }));
    expectErrorEnvelope(await create({}, agent), 403);
    expectErrorEnvelope(await api.http.get('/api/pickuptimes').set(agent), 403);
    expectErrorEnvelope(await api.http.get('/api/pickuptimes/options').set(agent), 403);
  });
});
