import { randomBytes } from 'node:crypto';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { allSettled, isSortedBy, seedDemo } from '../support/reference';

const tag = () => randomBytes(3).toString('hex');

describe('reference data: countries, cities, regions, hotels, tour categories, ticket types', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let agent: Record<string, string>;
  const get = (url: string, headers: Record<string, string> = agent) => api.http.get(url).set(headers);
  const post = (url: string, body: object, headers: Record<string, string> = admin) => api.http.post(url).set(headers).send(body);

  beforeAll(async () => {
    // Reference data is shared by every supplier: changing it is a platform (superadmin) power.
    admin = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    editor = bearer(await tokenFor(['editor']));
    agent = bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }));
    await seedDemo(api.app);
  });

  it('countries: the whole ISO 3166-1 list as {value, label, code} sorted by label, ids are ISO numeric codes', async () => {
    const res = await get('/api/countries/options');
    expect(res.status).toBe(200);
    const countries = res.body.Content as { value: number; label: string; code: string }[];
    expect(countries.length).toBeGreaterThanOrEqual(240);
    // The alpha-2 code lets the browser name the country in the reader's language (Intl.DisplayNames).
    expect(Object.keys(countries[0]!).sort()).toEqual(['code', 'label', 'value']);
    expect(countries).toContainEqual({ value: 784, label: 'United Arab Emirates', code: 'AE' });
    expect(countries).toContainEqual({ value: 826, label: 'United Kingdom', code: 'GB' });
    expect(countries).toContainEqual({ value: 643, label: 'Russian Federation', code: 'RU' });
    expect(isSortedBy(countries, (c) => c.label)).toBe(true);
    expect(countries.findIndex((c) => c.label === 'Åland Islands')).toBeLessThan(countries.findIndex((c) => c.label === 'Albania'));
  });

  it('cities: options sorted by label and the supplier list as {id, name}', async () => {
    const options = (await get('/api/cities/options')).body.Content as { value: number; label: string }[];
    expect(options.map((c) => c.label)).toEqual(expect.arrayContaining(['Dubai', 'Abu Dhabi', 'Sharjah', 'Ajman', 'Ras Al Khaimah', 'Fujairah', 'Umm Al Quwain']));
    expect(isSortedBy(options, (c) => c.label)).toBe(true);
    const cities = (await get('/api/cities/supplier')).body.Content as { id: number; name: string }[];
    expect(Object.keys(cities[0]!).sort()).toEqual(['id', 'name']);
    expect(cities.map((c) => c.id).sort()).toEqual(options.map((c) => c.value).sort());
  });

  it("regions and hotels: Dubai's districts with 60+ hotels spread over them, names resolved", async () => {
    const regions = (await get('/api/regions/supplier')).body.Content as { id: number; name: string; cityId: number; cityName: string; isActive: boolean }[];
    expect(Object.keys(regions[0]!).sort()).toEqual(['cityId', 'cityName', 'id', 'isActive', 'name']);
    const dubai = regions.filter((r) => r.cityName === 'Dubai').map((r) => r.name);
    expect(dubai).toEqual(expect.arrayContaining(['Deira', 'Bur Dubai', 'Downtown Dubai', 'Business Bay', 'Jumeirah', 'Al Barsha', 'Dubai Marina', 'JBR', 'Palm Jumeirah']));
    expect(isSortedBy(regions, (r) => `${r.cityName}\u0000${r.name}`)).toBe(true);

    const hotels = (await get('/api/hotels/supplier')).body.Content as { id: number; name: string; regionId: number; regionName: string; cityId: number; cityName: string }[];
    expect(Object.keys(hotels[0]!).sort()).toEqual(['cityId', 'cityName', 'id', 'name', 'regionId', 'regionName']);
    const inDubai = hotels.filter((h) => h.cityName === 'Dubai');
    expect(inDubai.length).toBeGreaterThanOrEqual(60);
    expect(new Set(inDubai.map((h) => h.regionId)).size).toBeGreaterThanOrEqual(8);
    expect(hotels).toContainEqual(expect.objectContaining({ name: 'Atlantis The Palm', regionName: 'Palm Jumeirah', cityName: 'Dubai' }));
    for (const h of hotels) expect(regions.find((r) => r.id === h.regionId)).toEqual(expect.objectContaining({ name: h.regionName, cityId: h.cityId }));
    expect(isSortedBy(hotels, (h) => h.name)).toBe(true);
  });

  it('tour categories as options and ticket types with their stock, sorted by name', async () => {
    const categories = (await get('/api/toursCategories/options')).body.Content as { value: number; label: string }[];
    expect(categories.map((c) => c.label)).toEqual(expect.arrayContaining(['Desert Safari', 'City Tours', 'Theme Parks']));
    expect(isSortedBy(categories, (c) => c.label)).toBe(true);
    const types = (await get('/api/tickets/types')).body.Content as { name: string }[];
    expect(types.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(types[0]!).sort()).toEqual(['available', 'expired', 'expiresIn5Days', 'freezed', 'id', 'name', 'reorderLevel', 'reservationTime', 'shortName'].sort());
    // Stock figures are the caller's own (tickets.test.ts): an agent holds none, whatever the reference seed's sample says.
    expect(types).toContainEqual(expect.objectContaining({ name: 'Dubai Frame', shortName: 'FRAME', reorderLevel: 30, available: 0, freezed: 0 }));
    expect(isSortedBy(types, (t) => t.name)).toBe(true);
  });

  it('every list needs sign-in', async () => {
    for (const url of ['/api/countries/options', '/api/cities/options', '/api/cities/supplier', '/api/regions/supplier', '/api/hotels/supplier', '/api/toursCategories/options', '/api/tickets/types']) {
      expectErrorEnvelope(await api.http.get(url), 401);
    }
  });

  it('an admin adds a hotel (id 0), renames and moves it; its city is the region’s; lists show it after the position', async () => {
    const regions = (await get('/api/regions/supplier')).body.Content as { id: number; name: string; cityId: number; cityName: string }[];
    const deira = regions.find((r) => r.name === 'Deira')!;
    const marina = regions.find((r) => r.name === 'Dubai Marina')!;
    const name = `Creek View Hotel ${tag()}`;
    const added = await post('/api/hotels', { id: 0, name, regionId: deira.id });
    expect(added.status).toBe(200);
    expect(added.body.Content).toEqual({
      id: expect.any(Number),
      name,
      regionId: deira.id,
      regionName: 'Deira',
      cityId: deira.cityId,
      cityName: 'Dubai',
      version: 0,
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    const hotel = added.body.Content;
    const moved = await post('/api/hotels', { id: hotel.id, name: `${name} Marina`, regionId: marina.id, version: 0 });
    expect(moved.body.Content).toMatchObject({ id: hotel.id, name: `${name} Marina`, regionName: 'Dubai Marina', version: 1 });
    const list = (await get(`/api/hotels/supplier?after=${moved.body.Content.position}`)).body.Content;
    expect(list).toContainEqual({ id: hotel.id, name: `${name} Marina`, regionId: marina.id, regionName: 'Dubai Marina', cityId: marina.cityId, cityName: 'Dubai' });

    const stale = await post('/api/hotels', { id: hotel.id, name: `${name} again`, regionId: marina.id, version: 0 });
    expectErrorEnvelope(stale, 409);
  });

  it('moving a region to another city takes its hotels along', async () => {
    const cities = (await get('/api/cities/options')).body.Content as { value: number; label: string }[];
    const dubai = cities.find((c) => c.label === 'Dubai')!;
    const sharjah = cities.find((c) => c.label === 'Sharjah')!;
    const regionName = `Moving District ${tag()}`;
    const region = (await post('/api/regions', { id: 0, name: regionName, cityId: dubai.value })).body.Content;
    // The hotel's save checks its region on the read side: wait until it is there.
    await get(`/api/regions/supplier?after=${region.position}`);
    const hotel = (await post('/api/hotels', { id: 0, name: `Moving Hotel ${tag()}`, regionId: region.id })).body.Content;
    expect(hotel).toMatchObject({ cityId: dubai.value, cityName: 'Dubai' });
    const moved = await post('/api/regions', { id: region.id, name: regionName, cityId: sharjah.value, isActive: true, version: region.version });
    expect(moved.status).toBe(200);
    const list = (await get(`/api/hotels/supplier?after=${moved.body.Content.position}`)).body.Content as { id: number }[];
    expect(list.find((h) => h.id === hotel.id)).toEqual({ id: hotel.id, name: hotel.name, regionId: region.id, regionName, cityId: sharjah.value, cityName: 'Sharjah' });
    // Every reader of the hotels table (pick-up times, the agent's hotels for a new booking) sees the new city too.
    expect(await api.db('hotels').where({ id: hotel.id }).first('city_id')).toEqual({ city_id: sharjah.value });
  });

  it('refuses hotels without a name or a known region, duplicates, unknown ids and unknown fields', async () => {
    const regionId = ((await get('/api/regions/supplier')).body.Content as { id: number }[])[0]!.id;
    const noName = await post('/api/hotels', { id: 0, name: ' ', regionId });
    expectErrorEnvelope(noName, 400);
    expect(noName.body.Content.errors).toEqual({ name: ['Hotel name is required'] });
    const noRegion = await post('/api/hotels', { id: 0, name: `X ${tag()}` });
    expect(noRegion.body.Content.errors).toEqual({ regionId: ['Region is required'] });
    expectErrorEnvelope(await post('/api/hotels', { id: 0, name: `X ${tag()}`, regionId: 99_999_999 }), 400);
    const dup = await post('/api/hotels', { id: 0, name: 'atlantis the palm', regionId });
    expectErrorEnvelope(dup, 400);
    expect(dup.body.ErrorMessage).toBe("A hotel named 'atlantis the palm' already exists");
    expectErrorEnvelope(await post('/api/hotels', { id: 99_999_999, name: `Ghost ${tag()}`, regionId }), 404);
    expectErrorEnvelope(await post('/api/hotels', { id: 0, name: `X ${tag()}`, regionId, stars: 5 }), 400);
  });

  it('an admin adds and deactivates a region, and adds and renames a tour category', async () => {
    const dubai = ((await get('/api/cities/options')).body.Content as { value: number; label: string }[]).find((c) => c.label === 'Dubai')!;
    const name = `Al Quoz ${tag()}`;
    const region = (await post('/api/regions', { id: 0, name, cityId: dubai.value })).body.Content;
    expect(region).toEqual({ id: expect.any(Number), name, cityId: dubai.value, isActive: true, cityName: 'Dubai', version: 0, position: expect.any(String) });
    const off = (await post('/api/regions', { id: region.id, name, cityId: dubai.value, isActive: false, version: 0 })).body.Content;
    expect(off).toMatchObject({ isActive: false, version: 1 });
    const regions = (await get(`/api/regions/supplier?after=${off.position}`)).body.Content;
    expect(regions).toContainEqual({ id: region.id, name, cityId: dubai.value, cityName: 'Dubai', isActive: false });
    const noCity = await post('/api/regions', { id: 0, name: 'Nowhere' });
    expect(noCity.body.Content.errors).toEqual({ cityId: ['City is required'] });

    const cat = (await post('/api/toursCategories', { id: 0, name: `Food Tours ${tag()}` })).body.Content;
    expect(cat).toEqual({ id: expect.any(Number), name: cat.name, version: 0, position: expect.any(String) });
    const renamed = (await post('/api/toursCategories', { id: cat.id, name: `${cat.name} & Tastings`, version: 0 })).body.Content;
    const options = (await get(`/api/toursCategories/options?after=${renamed.position}`)).body.Content;
    expect(options).toContainEqual({ value: cat.id, label: `${cat.name} & Tastings` });
    const empty = await post('/api/toursCategories', { id: 0, name: '' });
    expect(empty.body.Content.errors).toEqual({ name: ['Category name is required'] });
  });

  it("only superadmins change reference data: a supplier's admin is refused (403) like everyone else", async () => {
    for (const headers of [bearer(await tokenFor(['admin'])), editor, agent, bearer(await tokenFor(['operations']))]) {
      expectErrorEnvelope(await post('/api/hotels', { id: 0, name: `Nope ${tag()}`, regionId: 1 }, headers), 403);
      expectErrorEnvelope(await post('/api/regions', { id: 0, name: `Nope ${tag()}`, cityId: 1 }, headers), 403);
      expectErrorEnvelope(await post('/api/toursCategories', { id: 0, name: `Nope ${tag()}` }, headers), 403);
    }
    expectErrorEnvelope(await api.http.post('/api/hotels').send({ id: 0, name: 'x', regionId: 1 }), 401);
  });

  it('seeding again changes nothing', async () => {
    await allSettled(api.app);
    const { seedReference } = await import('../../apps/api/src/seed/seed-reference');
    expect(await seedReference(api.app, () => allSettled(api.app))).toBe(0);
  });
});
