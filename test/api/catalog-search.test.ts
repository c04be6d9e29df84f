import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo, unusedLanguageCodes } from '../support/reference';

/** GET /api/search?q= (the header search): the supplier's tours and tickets by code or name, nobody else's. */
describe('catalog search', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let other: Record<string, string>;
  let languageId: number;
  let categoryId: number;
  const tag = `s${Date.now().toString(36)}`;

  const createTour = async (h: Record<string, string>, nameInternal: string, nameDisplay: string) => {
    const res = await api.http.post('/api/tours').set(h).send({ id: 0, nameInternal, nameDisplay, languageId, toursCategories: [categoryId] });
    expect(res.status).toBe(200);
    await api.settled('tours', res.body.Content.position);
    return res.body.Content.id as number;
  };
  const createOffer = async (h: Record<string, string>, tourId: number, nameInternal: string, nameDisplay: string) => {
    const res = await api.http.post('/api/offers').set(h).send({ id: 0, tourId, nameInternal, nameDisplay, maxNumOfPeople: 10, numberOfHours: 2 });
    expect(res.status).toBe(200);
    await api.settled('offers', res.body.Content.position);
    return res.body.Content.id as number;
  };
  /** A language of this run, when the database has none yet. */
  const newLanguage = async () => {
    const [code] = await unusedLanguageCodes(api.db, 1);
    const root = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    const saved = await api.http.post('/api/languages').set(root).send({ id: 0, name: `Language ${code}`, code, isOffers: true, isDeleted: false, imgUrl: '/flags/xx.svg' });
    expect(saved.status).toBe(200);
    await api.settled('languages', saved.body.Content.position);
    return saved.body.Content.id as number;
  };
  const search = (q: string, h = admin) => api.http.get(`/api/search?q=${encodeURIComponent(q)}`).set(h);

  let desertId: number;
  let cityId: number;
  let deletedId: number;
  let sunsetOfferId: number;

  beforeAll(async () => {
    await seedDemo(api.app);
    const supplierId = (await registerTenants(api.app)).supplierId;
    const otherId = (await registerTenants(api.app)).supplierId;
    admin = bearer(await tokenFor(['admin'], { supplierId }));
    other = bearer(await tokenFor(['editor'], { supplierId: otherId }));
    languageId = (await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first())?.id ?? (await newLanguage());
    categoryId = (await api.db('tour_categories').select('id').orderBy('id').first()).id;

    desertId = await createTour(admin, `${tag}-DS-01`, 'Desert Safari');
    cityId = await createTour(admin, `${tag}-CT-01`, 'City Tour 50%');
    deletedId = await createTour(admin, `${tag}-DS-99`, 'Desert Old');
    const gone = await api.http.delete(`/api/tours/${deletedId}`).set(admin);
    expect(gone.status).toBe(200);
    await api.settled('tours', gone.body.Content.position);
    sunsetOfferId = await createOffer(admin, desertId, `${tag}-OF-SUN`, 'Sunset Dunes');
    await createOffer(admin, cityId, `${tag}-OF-BUS`, 'Open Bus');
    await createTour(other, `${tag}-DS-02`, 'Desert Safari Elsewhere');
  });

  it('finds tours by code and by display name, case-insensitive, without deleted tours', async () => {
    const byCode = await search(`${tag}-ds`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.Content.tours).toEqual([{ id: desertId, nameInternal: `${tag}-DS-01`, nameDisplay: 'Desert Safari' }]);
    const byName = await search('DESERT safari');
    expect(byName.body.Content.tours.map((t: { id: number }) => t.id)).toEqual([desertId]);
  });

  it('finds tickets by code and name with their tour', async () => {
    const res = await search('sunset dunes');
    expect(res.body.Content.offers).toEqual([{ id: sunsetOfferId, tourId: desertId, nameInternal: `${tag}-OF-SUN`, nameDisplay: 'Sunset Dunes', tourNameInternal: `${tag}-DS-01` }]);
    const byCode = await search(`${tag}-of-`);
    expect(byCode.body.Content.offers.map((o: { nameInternal: string }) => o.nameInternal)).toEqual([`${tag}-OF-BUS`, `${tag}-OF-SUN`]);
    expect(byCode.body.Content.tours).toEqual([]);
  });

  it('is scoped to the caller’s supplier', async () => {
    const res = await search('Desert Safari', other);
    expect(res.body.Content.tours.map((t: { nameInternal: string }) => t.nameInternal)).toEqual([`${tag}-DS-02`]);
    expect(res.body.Content.offers).toEqual([]);
  });

  it('takes % and _ literally, and an empty text finds nothing', async () => {
    expect((await search('50%')).body.Content.tours.map((t: { id: number }) => t.id)).toEqual([cityId]);
    expect((await search('%')).body.Content.tours.map((t: { id: number }) => t.id)).toEqual([cityId]);
    expect((await search('_')).body.Content.tours).toEqual([]);
    expect((await search('   ')).body.Content).toEqual({ tours: [], offers: [] });
  });

  it('returns at most ten of each', async () => {
    for (let i = 0; i < 11; i++) await createTour(admin, `${tag}-MANY-${String(i).padStart(2, '0')}`, 'Many');
    const res = await search(`${tag}-many`);
    expect(res.body.Content.tours).toHaveLength(10);
    expect(res.body.Content.tours[0].nameInternal).toBe(`${tag}-MANY-00`);
  });

  it('guards: signed-in managers only, a supplier needed, q checked', async () => {
    expectErrorEnvelope(await api.http.get('/api/search?q=x'), 401);
    expectErrorEnvelope(await search('x', bearer(await tokenFor(['agent']))), 403);
    expectErrorEnvelope(await search('x', bearer(await tokenFor(['admin'], { supplierId: null }))), 403);
    expectErrorEnvelope(await search('x'.repeat(101)), 400);
    expectErrorEnvelope(await api.http.get('/api/search?q=a&other=1').set(admin), 400);
  });
});
