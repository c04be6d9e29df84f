import ExcelJS from 'exceljs';
import { bearer, binary, expectErrorEnvelope, expectStaleSaveRefused, suppliersSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { unusedLanguageCodes } from '../support/reference';

describe('tours: POST/PUT /api/tours, GET manage/{id}, manageList, delete, restore, history, export', () => {
  const api = suppliersSuite({ seed: true });
  let languageId: number;
  let languageName: string;

  const tourBody = (over: Record<string, unknown> = {}) => ({
    id: 0,
    nameInternal: 'DSF-01',
    nameDisplay: 'Desert Safari',
    url: '',
    languageId,
    isTopTour: false,
    toursCategories: [1],
    recommendedFor: [0, 1],
    salesDescription: '<p>Dunes<script>alert(1)</script></p>',
    videoUrl: 'https://www.youtube.com/watch?v=abc123',
    externalLinks: [{ title: 'Map', url: 'https://maps.example.test/x' }],
    directions: [{ type: 0, description: '<p>E66 towards Al Ain</p>' }],
    faqs: [{ question: 'Pickup?', answer: '<p>Yes</p>' }],
    isDefaultCancellationPolicy: false,
    cancellationPolicy: [
      { hours: 24, percents: 50 },
      { hours: 48, percents: 100 },
    ],
    photos: [],
    heroImageId: null,
    itineraries: [{ name: 'Evening', stops: [{ name: 'Pickup', time: 900, timeEnd: 930 }, { name: 'Camp', time: 1080, timeEnd: 1260 }] }],
    seoPageTitle: 'Desert safari',
    offers: [],
    ...over,
  });
  const create = (over: Record<string, unknown> = {}, headers = api.admin) => api.http.post('/api/tours').set(headers).send(tourBody(over));
  const get = (id: number, after?: string | null, headers = api.admin) => api.http.get(`/api/tours/manage/${id}${after ? `?after=${after}` : ''}`).set(headers);
  const list = (query: string, headers = api.admin) => api.http.get(`/api/tours/manageList?${query}`).set(headers);

  beforeAll(async () => {
    let lang = await api.db('languages').select('id', 'name').where({ is_deleted: false }).orderBy('id').first();
    if (!lang) {
      const [code] = await unusedLanguageCodes(api.db, 1);
      const saved = await api.http.post('/api/languages').set(bearer(await tokenFor(['superadmin'], { supplierId: null }))).send({ id: 0, name: `Tours ${code}`, code, isOffers: true, imgUrl: '/flags/xx.svg' });
      await api.settled('languages', saved.body.Content.position);
      lang = saved.body.Content;
    }
    languageId = lang.id;
    languageName = lang.name;
  });

  it('creates with POST (id 0), reads it back whole, and saves changes with PUT', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    const saved = res.body.Content;
    expect(saved).toMatchObject({
      id: expect.any(Number),
      nameInternal: 'DSF-01',
      url: 'desert-safari',
      isDeleted: false,
      offers: [],
      version: expect.any(Number),
      position: expect.any(String),
      cancellationPolicy: [
        { hours: 48, percents: 100 },
        { hours: 24, percents: 50 },
      ],
    });
    expect(saved.salesDescription).not.toContain('script');
    expect(saved.externalLinks[0].guid).toEqual(expect.any(String));
    expect(saved.itineraries[0]).toMatchObject({ index: 1, tourId: saved.id });
    expect(saved.itineraries[0].stops.map((s: { index: number; timeDescription: string }) => [s.index, s.timeDescription])).toEqual([
      [1, '15:00'],
      [2, '18:00'],
    ]);

    const read = await get(saved.id, saved.position, api.editor);
    expect(read.status).toBe(200);
    const { position: _p, ...expected } = saved;
    expect(read.body.Content).toEqual(expected);

    const put = await api.http.put('/api/tours').set(api.editor).send({ ...read.body.Content, url: 'my-slug', isDefaultCancellationPolicy: true });
    expect(put.status).toBe(200);
    // This supplier has no default policy, so the toggle stays off and the tour keeps its own (test/api/tour-defaults.test.ts has the other case).
    expect(put.body.Content).toMatchObject({ id: saved.id, url: 'my-slug', cancellationPolicy: saved.cancellationPolicy, isDefaultCancellationPolicy: false, version: saved.version + 1 }); // only the basics changed
    const again = await get(saved.id, put.body.Content.position);
    expect(again.body.Content).toMatchObject({ url: 'my-slug', cancellationPolicy: saved.cancellationPolicy });
  });

  it.each([
    ['nameInternal', { nameInternal: '' }, 'Tour code is required'],
    ['nameDisplay', { nameDisplay: '', url: '' }, 'Tour display name is required'],
    ['languageId', { languageId: 0 }, 'Language is required'],
    ['toursCategories', { toursCategories: [] }, 'At least one tour category is required'],
    ['externalLinks.0.title', { externalLinks: [{ title: '', url: 'https://x.test' }] }, 'Link title is required'],
    ['externalLinks.0.url', { externalLinks: [{ title: 'Map', url: '' }] }, 'Link Url is required'],
    ['externalLinks', { externalLinks: [{ title: 'Map', url: 'not a url' }] }, 'All external links should have specified Title and valid Url'],
    ['videoUrl', { videoUrl: 'https://example.com/clip.mp4' }, 'Video url must be a YouTube or Vimeo link'],
    ['itineraries.0.name', { itineraries: [{ name: '', stops: [] }] }, 'Itinerary name is required'],
    ['itineraries.0.stops.0.name', { itineraries: [{ name: 'Day', stops: [{ name: ' ' }] }] }, 'itinerary stop name is required'],
  ])('refuses a tour with a bad %s', async (field, over, message) => {
    const res = await create(over);
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors[field]).toContain(message);
  });

  it('makes the slug of a Russian display name in Latin letters instead of refusing it as empty', async () => {
    const res = await create({ nameDisplay: 'Пустынное сафари с ужином', url: '' });
    expect(res.status).toBe(200);
    expect(res.body.Content.url).toBe('pustynnoe-safari-s-uzhinom');
  });

  it('answers Url is required when neither a slug nor a display name gives one', async () => {
    const res = await create({ url: '', nameDisplay: '  ' });
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors.url).toEqual(['Url is required']);
  });

  it("answers 404 'Not found' for another supplier's tour or an unknown id", async () => {
    const { id } = (await create()).body.Content;
    for (const res of [await get(id, null, api.otherAdmin), await get(99_999_999), await api.http.put('/api/tours').set(api.otherAdmin).send(tourBody({ id })), await api.http.delete(`/api/tours/${id}`).set(api.otherAdmin)]) {
      expectErrorEnvelope(res, 404);
      expect(res.body).toMatchObject({ ErrorTitle: 'Not found', ErrorMessage: 'Tour not found or you are not allowed to manage it' });
    }
  });

  it('is for admins and editors only', async () => {
    for (const role of ['agent', 'operations'] as const) {
      const h = bearer(await tokenFor([role]));
      expectErrorEnvelope(await api.http.post('/api/tours').set(h).send(tourBody()), 403);
      expectErrorEnvelope(await list('', h), 403);
      expectErrorEnvelope(await get(1, null, h), 403);
    }
  });

  it('answers 409 on a stale version', async () => {
    await expectStaleSaveRefused(api.http, '/api/tours', api.admin, (await create()).body.Content);
  });

  it('lists with filters, sort and paging; deletes and restores; shows history; exports', async () => {
    const fresh = await registerTenants(api.app);
    const h = bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }));
    const ids: number[] = [];
    let position = '';
    for (const [i, name] of ['Charlie', 'alpha', 'Bravo'].entries()) {
      const res = await create({ nameInternal: name, nameDisplay: `${name} tour`, isTopTour: i === 0 }, h);
      ids.push(res.body.Content.id);
      position = res.body.Content.position;
    }
    const first = await list(`after=${position}`, h);
    expect(first.status).toBe(200);
    expect(first.body.Content.entities.map((e: { nameInternal: string }) => e.nameInternal)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(first.body.Content.entities[0]).toEqual({ id: ids[1], nameInternal: 'alpha', nameDisplay: 'alpha tour', languageId, languageName, isTopTour: false, isDeleted: false, offers: [] });
    expect(first.body.Content.pagingInfo).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 1, from: 1, to: 3 });

    const desc = await list('sortField=nameInternal&sortType=DESC', h);
    expect(desc.body.Content.entities.map((e: { nameInternal: string }) => e.nameInternal)).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect((await list('top=true', h)).body.Content.entities.map((e: { id: number }) => e.id)).toEqual([ids[0]]);
    expect((await list('top=false', h)).body.Content.entities).toHaveLength(2);
    expect((await list(`tourIds=${ids[0]},${ids[2]}`, h)).body.Content.entities).toHaveLength(2);
    expect((await list(`tourIds=${ids[0]}&tourIds=${ids[1]}`, h)).body.Content.entities).toHaveLength(2);
    expect((await list(`languageIds=${languageId}`, h)).body.Content.entities).toHaveLength(3);
    expect((await list('languageIds=987654', h)).body.Content.entities).toHaveLength(0);
    expect((await list('offerIds=1', h)).body.Content.entities).toHaveLength(0);
    const page2 = await list('page=2', h);
    expect(page2.body.Content.pagingInfo).toMatchObject({ currentPage: 1, totalItems: 3 });
    expectErrorEnvelope(await list('sortField=secret', h), 400);

    // delete → gone from the list unless showDeleted; restore brings it back
    const del = await api.http.delete(`/api/tours/${ids[0]}`).set(h);
    expect(del.status).toBe(200);
    expect(del.body.Content.isDeleted).toBe(true);
    const afterDel = await list(`after=${del.body.Content.position}`, h);
    expect(afterDel.body.Content.entities.map((e: { id: number }) => e.id)).not.toContain(ids[0]);
    const withDeleted = await list('showDeleted=true', h);
    expect(withDeleted.body.Content.entities.find((e: { id: number }) => e.id === ids[0])).toMatchObject({ isDeleted: true });
    const restored = await api.http.post(`/api/tours/${ids[0]}/restore`).set(h);
    expect(restored.status).toBe(200);
    const afterRestore = await list(`after=${restored.body.Content.position}`, h);
    expect(afterRestore.body.Content.entities.find((e: { id: number }) => e.id === ids[0])).toMatchObject({ isDeleted: false });

    // history shows before and after of a changed field
    const current = (await get(ids[1]!, null, h)).body.Content;
    const changed = await api.http.put('/api/tours').set(h).send({ ...current, nameDisplay: 'Alpha dunes' });
    expect(changed.status).toBe(200);
    const history = await api.http.get(`/api/tours/${ids[1]}/history`).set(h);
    expect(history.status).toBe(200);
    const entries = history.body.Content as { event: string; by: string; at: string; position: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(entries[0]).toMatchObject({ event: 'TourCreated', at: expect.any(String), position: expect.any(String) });
    expect(entries.at(-1)).toMatchObject({ event: 'TourBasicDetailsChanged', changes: [{ field: 'nameDisplay', before: 'alpha tour', after: 'Alpha dunes' }] });
    const delHistory = (await api.http.get(`/api/tours/${ids[0]}/history`).set(h)).body.Content as { event: string; changes: unknown[] }[];
    expect(delHistory.slice(-2)).toEqual([
      expect.objectContaining({ event: 'TourDeleted', changes: [{ field: 'isDeleted', before: false, after: true }] }),
      expect.objectContaining({ event: 'TourRestored', changes: [{ field: 'isDeleted', before: true, after: false }] }),
    ]);
    expectErrorEnvelope(await api.http.get(`/api/tours/${ids[1]}/history`).set(api.otherAdmin), 404);

    // export: a readable tours.xlsx, formula text escaped
    const evil = await create({ nameInternal: '=HYPERLINK("http://evil","x")' }, h);
    const res = await api.http.get(`/api/tours/export?after=${evil.body.Content.position}`).set(h).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="tours.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const ws = wb.getWorksheet('Tours')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Id', 'Internal name', 'Display name', 'Language', 'Offers', 'Top tour', 'Deleted']);
    expect(ws.rowCount).toBe(5);
    expect(ws.getCell('B2').value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(ws.getCell('B3').value).toBe('alpha');
    const posted = await api.http.post('/api/tours/export').set(h).send({ top: true }).buffer(true).parse(binary);
    expect(posted.status).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(posted.body as ArrayBuffer);
    expect(wb2.getWorksheet('Tours')!.rowCount).toBe(2);
  });
});
