import { randomBytes } from 'node:crypto';
import { ABANDONED_NAME_MS, metadataOf, nameReservationStream, systemContext } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { seedDemo, unusedLanguageCodes } from '../support/reference';

const tag = () => randomBytes(4).toString('hex');

/**
 * Unique names are decided on their reservation streams, not on the read tables that lag: many people saving one new
 * name at the same moment make one item, whatever the projections have seen.
 */
describe('unique names: hotels, regions, languages', () => {
  const api = apiSuite();
  let platform: Record<string, string>;
  let regionId: number;

  beforeAll(async () => {
    platform = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    await seedDemo(api.app);
    const city = (await api.http.get('/api/cities/options').set(platform)).body.Content[0] as { value: number };
    const region = await api.http.post('/api/regions').set(platform).send({ id: 0, name: `Names ${tag()}`, cityId: city.value });
    expect(region.status).toBe(200);
    regionId = region.body.Content.id;
    await api.settled('reference_data', region.body.Content.position);
  });

  const saveHotel = (name: string, id = 0, version?: number) => api.http.post('/api/hotels').set(platform).send({ id, name, regionId, ...(version === undefined ? {} : { version }) });

  it('eight admins adding the same new hotel at once (in any case) make one hotel; the others hear why', async () => {
    const name = `Creek View ${tag()}`;
    const spellings = [name, name.toUpperCase(), ` ${name.toLowerCase()}`, name, name, name.toUpperCase(), name, `${name} `];
    const answers = await Promise.all(spellings.map((n) => saveHotel(n)));
    const saved = answers.filter((r) => r.status === 200);
    expect(saved).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expectErrorEnvelope(refused, 400);
      expect(refused.body.ErrorMessage).toMatch(new RegExp(`^A hotel named '\\s*${name}\\s*' already exists$`, 'i'));
    }
    await api.settled('reference_data', saved[0]!.body.Content.position);
    expect(await api.db('hotels').whereRaw('lower(trim(name)) = lower(?)', [name]).select('id')).toEqual([{ id: saved[0]!.body.Content.id }]);
  });

  it('a renamed hotel gives its old name back, and its new name is then taken', async () => {
    const before = `Old Souk ${tag()}`;
    const after = `New Souk ${tag()}`;
    const first = (await saveHotel(before)).body.Content;
    const renamed = await saveHotel(after, first.id, first.version);
    expect(renamed.status).toBe(200);
    await api.settled('reference_data', renamed.body.Content.position);
    expect((await saveHotel(before)).status).toBe(200);
    const taken = await saveHotel(after);
    expectErrorEnvelope(taken, 400);
    expect(taken.body.ErrorMessage).toBe(`A hotel named '${after}' already exists`);
  });

  it('a reservation left by a save that died is respected while young and taken over once old', async () => {
    const name = `Abandoned ${tag()}`;
    const stream = nameReservationStream({ scope: 'hotel', name });
    const reserved = (at: number) => ({ type: 'NameReserved', data: { scope: 'hotel', name: name.toLowerCase(), holder: 2_000_000_000, at: new Date(at).toISOString() } });
    await api.store.appendToStream(stream, [reserved(Date.now())], { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) });
    expectErrorEnvelope(await saveHotel(name), 400);

    const other = `Abandoned ${tag()}`;
    await api.store.appendToStream(nameReservationStream({ scope: 'hotel', name: other }), [reserved(Date.now() - ABANDONED_NAME_MS - 1000)], { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) });
    const saved = await saveHotel(other);
    expect(saved.status).toBe(200);
    const events = await api.store.readStream(nameReservationStream({ scope: 'hotel', name: other }));
    expect(events.at(-1)).toMatchObject({ type: 'NameReserved', data: { holder: saved.body.Content.id } });
  });

  it('six admins adding one new language code at once make one language', async () => {
    const [code] = await unusedLanguageCodes(api.db, 1);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => api.http.post('/api/languages').set(platform).send({ id: 0, name: `Racing ${n} ${tag()}`, code, isOffers: false, imgUrl: null })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expectErrorEnvelope(refused, 400);
      expect(refused.body.ErrorMessage).toBe(`A language with code '${code}' already exists`);
    }
  });

  it('a region name is unique within its city: moved to another city, it frees the name in the first', async () => {
    const cities = (await api.http.get('/api/cities/options').set(platform)).body.Content as { value: number }[];
    const [a, b] = [cities[0]!.value, cities[1]!.value];
    const name = `Old Town ${tag()}`;
    const region = (await api.http.post('/api/regions').set(platform).send({ id: 0, name, cityId: a })).body.Content;
    expectErrorEnvelope(await api.http.post('/api/regions').set(platform).send({ id: 0, name, cityId: a }), 400);
    const moved = await api.http.post('/api/regions').set(platform).send({ id: region.id, name, cityId: b, version: region.version });
    expect(moved.status).toBe(200);
    await api.settled('reference_data', moved.body.Content.position);
    expect((await api.http.post('/api/regions').set(platform).send({ id: 0, name, cityId: a })).status).toBe(200);
  });
});
