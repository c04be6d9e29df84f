import { bearer, expectErrorEnvelope, apiSuite, tokenFor, type Http } from '../support/api';
import { registerTenants } from '../support/identity';
import { DEFAULT_PERIOD_PRICES } from '../support/catalog';
import { seedDemo } from '../support/reference';

/**
 * The cases a probe of the running product found answering 500 (or worse) and the input boundary that now
 * refuses them: every one answers a 4xx envelope with a message naming the field, and nothing is stored.
 */


const NUL = 'a\u0000b';
const LONE_SURROGATE = 'x\ud800y';
const BIG_ID = 3_000_000_000;

/** `[[[…]]]` nested `depth` levels as JSON text: 2 bytes a level, well under the body limit. */
const deeplyNested = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);

describe('input boundary: the probe cases answer 4xx envelopes, never 500', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let platform: Record<string, string>;
  let tourId: number;
  let offerId: number;
  let languageId: number;

  const tourBody = (over: Record<string, unknown> = {}) => ({ id: 0, nameInternal: 'IB-1', nameDisplay: 'Input boundary tour', languageId, toursCategories: [1], ...over });
  const offerBody = (over: Record<string, unknown> = {}) => ({ id: 0, tourId, nameInternal: 'IB-T', nameDisplay: 'Input boundary ticket', maxNumOfPeople: 10, numberOfHours: 4, ...over });
  const periodBody = (over: Record<string, unknown> = {}) => ({
    id: 0,
    offerId,
    periodStart: '2027-01-01T08:00:00.000Z',
    periodEnd: '2027-02-01T08:00:00.000Z',
    ...DEFAULT_PERIOD_PRICES,
    ...over,
  });
  /** The refusal names the field, in Content.errors and in the message. */
  const expectFieldRefused = (res: { status: number; body: { ErrorMessage: string; Content?: { errors?: Record<string, string[]> } } }, field: string) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorEnvelope(res, res.status);
    expect(res.body.ErrorMessage).toContain(field);
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    const { supplierId } = await registerTenants(api.app);
    admin = bearer(await tokenFor(['admin'], { supplierId }));
    platform = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    const language = await api.http.post('/api/languages').set(platform).send({ id: 0, name: 'Input boundary', code: 'ibx', isOffers: true, imgUrl: '/flags/xx.svg' });
    expect(language.status).toBe(200);
    languageId = language.body.Content.id;
    await api.settled('languages', language.body.Content.position);
    const tour = await api.http.post('/api/tours').set(admin).send(tourBody());
    expect(tour.status).toBe(200);
    tourId = tour.body.Content.id;
    await api.settled('tours', tour.body.Content.position);
    const offer = await api.http.post('/api/offers').set(admin).send(offerBody());
    expect(offer.status).toBe(200);
    offerId = offer.body.Content.id;
  });

  describe('1. NUL characters never reach Postgres', () => {
    it('sign-in (no token), log-me-in and the photo search', async () => {
      expectFieldRefused(await api.http.post('/api/auth/signin').send({ email: 'a\u0000@b.test', password: 'x' }), 'email');
      expectFieldRefused(await api.http.get('/api/auth/logmein?email=%00').set(platform), 'email');
      expectFieldRefused(await api.http.post('/api/photos/list').set(admin).send({ search: NUL }), 'search');
    });

    it('text fields of tours, offers, the profile, settings, photos and reference data', async () => {
      expectFieldRefused(await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, nameDisplay: NUL })), 'nameDisplay');
      expectFieldRefused(await api.http.post('/api/tours').set(admin).send(tourBody({ itineraries: [{ name: 'Day', stops: [{ name: NUL }] }] })), 'itineraries.0.stops.0.name');
      expectFieldRefused(await api.http.put('/api/offers').set(admin).send(offerBody({ id: offerId, description: NUL })), 'description');
      expectFieldRefused(await api.http.put('/api/suppliers').set(admin).send({ name: NUL }), 'name');
      expectFieldRefused(await api.http.put('/api/account/settings').set(admin).send({ taxes: [{ name: NUL, amount: 5 }] }), 'taxes.0.name');
      expectFieldRefused(await api.http.post('/api/photos').set(admin).send({ id: 1, title: NUL }), 'title');
      expectFieldRefused(await api.http.post('/api/toursCategories').set(platform).send({ id: 0, name: NUL }), 'name');
      // Keys are text too.
      expectFieldRefused(await api.http.put('/api/tours').set(admin).send({ ...tourBody({ id: tourId }), ['k\u0000']: 1 }), 'Field names');
    });

    it('in the address and the query', async () => {
      expectErrorEnvelope(await api.http.get('/api/tours/manage/1%00').set(admin), 400);
      expectFieldRefused(await api.http.get('/api/tours/manageList?sortField=%00').set(admin), 'sortField');
    });
  });

  it('2. lone UTF-16 surrogates are refused with the field, anywhere in the body', async () => {
    expectFieldRefused(await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, nameDisplay: LONE_SURROGATE })), 'nameDisplay');
    expectFieldRefused(await api.http.post('/api/offers').set(admin).send(offerBody({ nameDisplay: '\udc00' })), 'nameDisplay');
    expectFieldRefused(await api.http.post('/api/auth/signin').send({ email: LONE_SURROGATE, password: 'x' }), 'email');
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, nameDisplay: 'Dunes \ud83d\udc2a' }));
    expect(emoji.status).toBe(200);
  });

  it('2b. invisible controls and direction overrides are refused; marks, isolates and line breaks are text', async () => {
    expectFieldRefused(await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, nameDisplay: 'Desert\u0007 safari' })), 'nameDisplay: must not contain control characters');
    expectFieldRefused(await api.http.post('/api/offers').set(admin).send(offerBody({ nameDisplay: 'Ticket \u0085' })), 'nameDisplay: must not contain control characters');
    // A right-to-left override shows 'Smith' as 'htimS' and reorders whatever is printed after the name.
    expectFieldRefused(await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, nameDisplay: 'Guest \u202eSmith' })), 'nameDisplay: must not contain direction override');
    expectFieldRefused(await api.http.get('/api/tours/manageList?sortField=a%01').set(admin), 'sortField');
    // Arabic with a right-to-left mark and an isolate, and a description over two lines with a tab.
    const arabic = await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, nameDisplay: 'رحلة \u200fالصحراء \u2067Dunes\u2069' }));
    expect(arabic.status).toBe(200);
    const lines = await api.http.put('/api/offers').set(admin).send(offerBody({ id: offerId, description: 'Pick-up\r\n\tfrom the lobby' }));
    expect(lines.status).toBe(200);
  });

  describe('3. ids above 2,147,483,647', () => {
    it('in the address and the query: 400, never 500', async () => {
      expectErrorEnvelope(await api.http.get('/api/photos/2147483648/big'), 400);
      expectErrorEnvelope(await api.http.get('/api/tours/manage/2147483648').set(admin), 400);
      expectErrorEnvelope(await api.http.get('/api/offers/manage/99999999999').set(admin), 400);
      expectErrorEnvelope(await api.http.delete('/api/photos/2147483648').set(admin), 400);
      expectErrorEnvelope(await api.http.get('/api/tours/manageList?tourIds=2147483648').set(admin), 400);
      // The largest id Postgres holds is a valid id that simply does not exist.
      expectErrorEnvelope(await api.http.get('/api/tours/manage/2147483647').set(admin), 404);
    });

    it('in bodies', async () => {
      expectFieldRefused(await api.http.post('/api/tours').set(admin).send(tourBody({ languageId: BIG_ID })), 'languageId');
      expectFieldRefused(await api.http.post('/api/tours').set(admin).send(tourBody({ cityId: BIG_ID })), 'cityId');
      expectFieldRefused(await api.http.post('/api/tours').set(admin).send(tourBody({ heroImageId: BIG_ID })), 'heroImageId');
      expectFieldRefused(await api.http.post('/api/tours').set(admin).send(tourBody({ photos: [BIG_ID] })), 'photos.0');
      expectFieldRefused(await api.http.post('/api/offers').set(admin).send(offerBody({ tourId: BIG_ID })), 'tourId');
      expectFieldRefused(await api.http.put('/api/suppliers').set(admin).send({ countryId: BIG_ID }), 'countryId');
      expectFieldRefused(await api.http.post('/api/hotels').set(platform).send({ id: 0, name: 'Big', regionId: BIG_ID }), 'regionId');
      expectFieldRefused(await api.http.post('/api/photos/list').set(admin).send({ toursIds: [BIG_ID] }), 'toursIds.0');
    });
  });

  it('4. a body nested 100,000 levels deep is refused before the Idempotency-Key hash, on every command route', async () => {
    const body = deeplyNested(100_000);
    const routes: [string, string, Record<string, string>][] = [
      ['post', '/api/auth/signin', {}],
      ['put', '/api/tours', admin],
      ['post', '/api/validperiods', admin],
      ['put', '/api/suppliers', admin],
    ];
    for (const [method, path, auth] of routes) {
      for (const key of ['deep-body-key-1', undefined]) {
        const req = (api.http as unknown as Record<string, (p: string) => ReturnType<Http['post']>>)[method]!(path).set(auth).set('Content-Type', 'application/json');
        if (key) req.set('Idempotency-Key', `${key}-${method}-${path.length}`);
        const res = await req.send(body);
        expectErrorEnvelope(res, 400);
        expect(res.body.ErrorMessage).toMatch(/nested too deeply/);
      }
    }
  });

  describe('5. values the event store or Postgres would refuse are refused by validation, with the field', () => {
    it.each([
      ['locationLatitude', 91],
      ['locationLatitude', -91],
      ['locationLongitude', 181],
      ['locationLongitude', -181],
    ])('tour %s = %d', async (field, value) => {
      expectFieldRefused(await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, [field]: value })), field);
    });

    it.each(['minNumOfPeople', 'maxNumOfPeople', 'childAge', 'infantAge'])('offer %s = 1.5', async (field) => {
      expectFieldRefused(await api.http.put('/api/offers').set(admin).send(offerBody({ id: offerId, [field]: 1.5 })), field);
    });

    it('cancellation policy hours = 1e308 on tours, offers and the profile', async () => {
      const policy = [{ hours: 1e308, percents: 50 }];
      expectFieldRefused(await api.http.put('/api/tours').set(admin).send(tourBody({ id: tourId, cancellationPolicy: policy })), 'Cancellation policy: hours');
      expectFieldRefused(await api.http.put('/api/offers').set(admin).send(offerBody({ id: offerId, isOverrideTourCancellationPolicy: true, cancellationPolicy: policy })), 'Cancellation policy: hours');
      expectFieldRefused(await api.http.put('/api/suppliers').set(admin).send({ cancellationPolicy: policy }), 'Cancellation policy: hours');
    });

    it.each([
      ['periodEnd', '+010000-01-01T00:00:00Z'],
      ['periodStart', '-000010-01-01T00:00:00Z'],
      ['periodStart', '0000-01-01T00:00:00Z'],
      ['periodEnd', '2101-01-01T00:00:00Z'],
    ])('valid period %s = %s', async (field, value) => {
      const res = await api.http.post('/api/validperiods').set(admin).send(periodBody({ [field]: value }));
      expectFieldRefused(res, field);
      expect(res.body.ErrorMessage).toContain('between the years 2000 and 2100');
    });
  });

  it('6. the languages sync date must be a real date from a previous sync', async () => {
    for (const date of ['0000-01-01', '-000001-01-01', '+275760-09-13']) {
      expectFieldRefused(await api.http.get(`/api/languages/sync?date=${encodeURIComponent(date)}`).set(admin), 'date');
    }
    const ok = await api.http.get('/api/languages/sync?date=2026-01-01T00:00:00.000000Z').set(admin);
    expect(ok.status).toBe(200);
  });

  it('7. a valid period dated year 0000 is refused and never reaches the offers projection', async () => {
    const db = api.db;
    const before = await db('events').where({ stream_id: `offer-${offerId}` }).count<{ count: string }[]>('* as count');
    expectFieldRefused(await api.http.post('/api/validperiods').set(admin).send(periodBody({ periodStart: '0000-01-01T00:00:00Z' })), 'periodStart');
    const after = await db('events').where({ stream_id: `offer-${offerId}` }).count<{ count: string }[]>('* as count');
    expect(after[0]!.count).toBe(before[0]!.count);
    const saved = await api.http.post('/api/validperiods').set(admin).send(periodBody());
    expect(saved.status).toBe(200);
    const health = await api.http.get('/health');
    expect(health.status).toBe(200);
  });

  it('8. an upload over the limit says so in words', async () => {
    const res = await api.http
      .post('/api/photos/upload')
      .set(admin)
      .send({ name: 'big.jpg', guid: '6f1c2a4e-0000-4000-8000-000000000009', data: 'A'.repeat(22 * 1024 * 1024) });
    expectErrorEnvelope(res, 413);
    expect(res.body.ErrorMessage).toBe('The upload is too large: photos may be at most 15 MB');
  });

  it('9. a list of more than 1000 ids is refused with the field (each id is a bind parameter: 65,536 of them answered 500)', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const tooLong = (res: Parameters<typeof expectFieldRefused>[0], field: string) => {
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toContain(field);
      expect(res.body.ErrorMessage).toContain('at most 1000 ids');
    };
    tooLong(await api.http.post('/api/tours/export').set(admin).send({ tourIds: many }), 'tourIds');
    tooLong(await api.http.post('/api/tours/export').set(admin).send({ languageIds: many.join(',') }), 'languageIds');
    tooLong(await api.http.post('/api/agent/bookings/export/xlsx').set(admin).send({ offerIds: many }), 'offerIds');
    tooLong(await api.http.post('/api/agent/commissions/export/xlsx').set(admin).send({ agentIds: many.map((n) => -n) }), 'agentIds');
    tooLong(await api.http.get(`/api/offers/options?tourIds=${many.slice(0, 1001).join(',')}`).set(admin), 'tourIds');
    // A thousand is a list like any other.
    const thousand = await api.http.post('/api/tours/export').set(admin).send({ tourIds: [tourId, ...many.slice(0, 999)] });
    expect(thousand.status).toBe(200);
    expect((await api.http.post('/api/agent/bookings/export/xlsx').set(admin).send({ offerIds: many.slice(0, 1000), agentIds: many.slice(0, 1000) })).status).toBe(200);
  });

  it('10. an `after` position past the store\'s head answers at once, as caught up (it could only wait out the timeout)', async () => {
    const arrivals = bearer(await tokenFor(['arrivalsmanager'], { supplierId: (await registerTenants(api.app)).supplierId }));
    const future = '999999999999:999999999999';
    const timed = async (req: () => Promise<{ status: number }>) => {
      const started = Date.now();
      const res = await req();
      return { status: res.status, ms: Date.now() - started };
    };
    // The arrivals list waits up to 10 s for its position, the tours list 2 s. A request that waited could not
    // answer in less than its wait, so each bound sits below it, with all the room a busy machine needs.
    // Each list is asked once without `after` first, so the timed request pays no first-call costs.
    expect((await api.http.post('/api/arrivals/filtered').set(arrivals).send({})).status).toBe(200);
    const list = await timed(() => api.http.post('/api/arrivals/filtered').set(arrivals).send({ after: future }));
    expect(list.status).toBe(200);
    expect(list.ms).toBeLessThan(5_000);
    expect((await api.http.get('/api/tours/manageList').set(admin)).status).toBe(200);
    const tours = await timed(() => api.http.get(`/api/tours/manageList?after=${future}`).set(admin));
    expect(tours.status).toBe(200);
    expect(tours.ms).toBeLessThan(2_000);
    // A position that is no position is refused.
    expectFieldRefused(await api.http.get('/api/tours/manageList?after=soon').set(admin), 'after');
  });

  it('11. a number that fails a check says which check, not that it is no number', async () => {
    const said = (res: { status: number; body: { ErrorMessage: string } }) => {
      expect(res.status).toBe(400);
      return res.body.ErrorMessage;
    };
    expect(said(await api.http.post('/api/photos/list').set(admin).send({ page: 0 }))).toContain('page must be at least 1');
    expect(said(await api.http.post('/api/photos/list').set(admin).send({ page: 1.5 }))).toContain('page must be a whole number');
    expect(said(await api.http.get('/api/tours/manageList?page=0').set(admin))).toContain('page must be at least 1');
    expect(said(await api.http.get('/api/tours/manageList?page=1000000000000000').set(admin))).toContain('page must be at most 2147483647');
    expect(said(await api.http.put('/api/timeslots').set(admin).send({ id: 1, version: -1 }))).toContain('version must be at least 0');
    // A slot's minutes are of one day: past it is refused, not stored as 00:00.
    expect(said(await api.http.put('/api/timeslots').set(admin).send({ id: 1, groupId: 1, startTime: 5000 }))).toContain('startTime must be at most 1439');
    expect(said(await api.http.put('/api/timeslots').set(admin).send({ id: 1, groupId: 1, endTime: -10 }))).toContain('endTime must be at least 0');
    expect(said(await api.http.put('/api/account/settings').set(admin).send({ version: 2.5 }))).toContain('version must be a whole number');
  });
});
