import { apiSuite, bearer, expectErrorEnvelope, tokenFor, twoSuppliers } from '../support/api';
import { startOctoProvider, unusedBaseUrl, type OctoProvider } from '../support/octo-provider';

const PROVIDERS = '/api/connectivity/providers';
const NO_SLOTS = 'No time slots for selected product. Maybe it should be guest defines time?';
const NOT_FOUND = 'External provider not found or you are not allowed to manage it';
const ADDRESS_REFUSED = 'This address is not allowed for a provider: it is a local, private or reserved network address';

describe('external OCTO providers: /api/connectivity/providers and /api/timeslots/external* (spec 02 §5, §7)', () => {
  // The fake provider listens on 127.0.0.1: only this allowance (tests only) lets a provider live at a loopback address.
  // A timeout every normal call to the fake meets on a busy machine; its slow product never answers, so that case still times out.
  const api = apiSuite({ OCTO_TIMEOUT_MS: '3000', EXTERNAL_PROVIDERS_ALLOW_PRIVATE: '1' });
  let octo: OctoProvider;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let operations: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let otherEditor: Record<string, string>;

  const create = (over: Record<string, unknown> = {}, headers = admin) => api.http.post(PROVIDERS).set(headers).send({ id: 0, name: 'Desert Tickets', baseUrl: octo.baseUrl, apiKey: octo.apiKey, ...over });
  const created = async (over: Record<string, unknown> = {}) => {
    const res = await create(over);
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; name: string; baseUrl: string; version: number; position: string };
  };
  const offers = (id: number, headers = editor) => api.http.get('/api/timeslots/externaloffers').query({ apiproviderid: id }).set(headers);
  const slots = (id: number, productId: string, extra: Record<string, string> = {}, headers = editor) =>
    api.http
      .get('/api/timeslots/externaltimeslots')
      .query({ apiProviderId: id, productId, ...extra })
      .set(headers);

  beforeAll(async () => {
    octo = await startOctoProvider();
    const suppliers = await twoSuppliers(api.app);
    ({ admin, editor, otherAdmin } = suppliers);
    operations = bearer(await tokenFor(['operations'], { supplierId: suppliers.supplierId }));
    otherEditor = bearer(await tokenFor(['editor'], { supplierId: suppliers.otherSupplierId }));
  });
  afterAll(() => octo?.close());

  it('creates a provider, never answers its key, and stores the key only sealed', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    const p = res.body.Content;
    expect(p).toEqual({ id: expect.any(Number), name: 'Desert Tickets', baseUrl: octo.baseUrl, hasApiKey: true, version: 0, position: expect.any(String) });
    const list = await api.http.get(PROVIDERS).query({ after: p.position }).set(admin);
    expect(list.body.Content).toContainEqual({ id: p.id, name: 'Desert Tickets', baseUrl: octo.baseUrl, hasApiKey: true, version: 0 });
    const one = await api.http.get(`${PROVIDERS}/${p.id}`).set(admin);
    expect(one.body.Content).toEqual({ id: p.id, name: 'Desert Tickets', baseUrl: octo.baseUrl, hasApiKey: true, version: 0 });
    for (const answer of [res, list, one]) expect(JSON.stringify(answer.body)).not.toContain(octo.apiKey);

    const events = await api.db('events').where({ stream_id: `externalprovider-${p.id}` });
    expect(events.map((e) => e.type)).toEqual(['ExternalProviderSaved']);
    expect(JSON.stringify(events)).not.toContain(octo.apiKey);
    expect(Object.keys(events[0].data.apiKey).sort()).toEqual(['ciphertext', 'iv', 'tag']);
    const rows = await api.db('external_providers').where({ id: p.id });
    expect(JSON.stringify(rows)).not.toContain(octo.apiKey);
  });

  it('keeps the key when an update sends none, takes a new one when sent, and refuses a stale version', async () => {
    const p = await created();
    const renamed = await api.http.put(PROVIDERS).set(admin).send({ ...p, name: 'Dune Tickets', hasApiKey: true, apiKey: '' });
    expect(renamed.body.Content).toMatchObject({ id: p.id, name: 'Dune Tickets', hasApiKey: true, version: 1 });
    expect((await offers(p.id)).status).toBe(200);
    const rekeyed = await api.http.put(PROVIDERS).set(admin).send({ id: p.id, name: 'Dune Tickets', baseUrl: octo.baseUrl, apiKey: 'not-the-key', version: 1 });
    expect(rekeyed.status).toBe(200);
    const refused = await offers(p.id);
    expectErrorEnvelope(refused, 502);
    expect(refused.body).toMatchObject({ ErrorTitle: 'External provider', ErrorMessage: expect.stringContaining('The provider refused the API key (HTTP 401)') });
    expectErrorEnvelope(await api.http.put(PROVIDERS).set(admin).send({ ...p, name: 'Late edit', version: 0 }), 409);
  });

  it.each([
    [{ name: '' }, 'Provider name is required'],
    [{ baseUrl: '' }, 'Base URL is required'],
    [{ baseUrl: 'ftp://octo.example.com' }, 'Base URL must be an http or https address'],
    [{ baseUrl: 'https://me:secret@octo.example.com' }, 'Base URL must not contain a user name or password'],
    [{ apiKey: null }, 'API key is required'],
    [{ apiKey: 'has a space' }, 'API key must be printable characters without spaces'],
    [{ name: 7 }, 'Provider name must be text'],
    [{ password: 'x' }, 'password'],
  ])('refuses %j with a 400 saying so', async (over, message) => {
    const res = await create(over);
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toContain(message);
  });

  it('lets only admins manage providers; admins and editors use the time slot calls', async () => {
    const p = await created();
    expectErrorEnvelope(await api.http.get(PROVIDERS).set(editor), 403);
    expectErrorEnvelope(await create({}, editor), 403);
    expectErrorEnvelope(await api.http.delete(`${PROVIDERS}/${p.id}`).set(editor), 403);
    expectErrorEnvelope(await api.http.get('/api/timeslots/externalproviders').set(operations), 403);
    expectErrorEnvelope(await offers(p.id, operations), 403);
    expectErrorEnvelope(await api.http.get('/api/timeslots/externalproviders'), 401);
    expect((await offers(p.id, admin)).status).toBe(200);
  });

  it("answers another supplier's provider as not found, everywhere", async () => {
    const p = await created();
    for (const res of [
      await api.http.get(`${PROVIDERS}/${p.id}`).set(otherAdmin),
      await api.http.put(PROVIDERS).set(otherAdmin).send({ id: p.id, name: 'Mine now', baseUrl: octo.baseUrl }),
      await api.http.delete(`${PROVIDERS}/${p.id}`).set(otherAdmin),
      await offers(p.id, otherEditor),
      await slots(p.id, 'desert-safari', {}, otherEditor),
    ]) {
      expectErrorEnvelope(res, 404);
      expect(res.body).toMatchObject({ ErrorTitle: 'Not found', ErrorMessage: NOT_FOUND });
    }
    const theirs = await api.http.get('/api/timeslots/externalproviders').query({ after: p.position }).set(otherEditor);
    expect(theirs.body.Content.map((x: { id: number }) => x.id)).not.toContain(p.id);
  });

  it("lists the supplier's providers for the editor as [{id, name}] by name", async () => {
    const b = await created({ name: 'Zeta Tickets' });
    const a = await created({ name: 'alpha Tickets' });
    const res = await api.http.get('/api/timeslots/externalproviders').query({ after: a.position }).set(editor);
    expect(res.status).toBe(200);
    const mine = (res.body.Content as { id: number; name: string }[]).filter((x) => [a.id, b.id].includes(x.id));
    expect(mine).toEqual([
      { id: a.id, name: 'alpha Tickets' },
      { id: b.id, name: 'Zeta Tickets' },
    ]);
    for (const x of res.body.Content) expect(Object.keys(x).sort()).toEqual(['id', 'name']);
  });

  it("answers the provider's products with their options, calling it with the bearer key", async () => {
    const p = await created();
    const res = await offers(p.id);
    expect(res.status).toBe(200);
    const only = { id: 'DEFAULT', name: 'DEFAULT', isDefault: true };
    expect(res.body.Content).toEqual([
      { id: 'broken-product', name: 'Broken Product', options: [only] },
      {
        id: 'desert-safari',
        name: 'Desert Safari',
        options: [
          { id: 'standard', name: 'Standard', isDefault: true },
          { id: 'vip', name: 'VIP', isDefault: false },
        ],
      },
      { id: 'dhow-cruise', name: 'Dhow Cruise', options: [only] },
      { id: 'museum-pass', name: 'Museum Pass', options: [only] },
      { id: 'slow-product', name: 'Slow Product', options: [only] },
    ]);
    const call = octo.requests.filter((r) => r.path === '/octo/products').at(-1)!;
    expect(call).toMatchObject({ method: 'GET', authorization: `Bearer ${octo.apiKey}`, capabilities: '' });
  });

  it("answers a product's start times: the option's own, or those in its availability", async () => {
    const p = await created();
    const safari = await slots(p.id, 'desert-safari');
    expect(safari.status).toBe(200);
    expect(safari.body.Content).toEqual([
      { id: '09:00', name: '09:00', startMinutes: 540 },
      { id: '16:30', name: '16:30', startMinutes: 990 },
    ]);
    expect((await slots(p.id, 'desert-safari', { optionId: 'vip' })).body.Content).toEqual([{ id: '18:00', name: '18:00', startMinutes: 1080 }]);
    const cruise = await slots(p.id, 'dhow-cruise');
    expect(cruise.body.Content).toEqual([
      { id: '19:30', name: '19:30', startMinutes: 1170 },
      { id: '20:00', name: '20:00', startMinutes: 1200 },
    ]);
    expect(octo.requests.filter((r) => r.path === '/octo/availability').at(-1)!.body).toMatchObject({ productId: 'dhow-cruise', optionId: 'DEFAULT', localDateStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('answers a product without start times with the spec message, as a 4xx', async () => {
    const p = await created();
    const res = await slots(p.id, 'museum-pass');
    expectErrorEnvelope(res, 422);
    expect(res.body).toMatchObject({ IsOk: false, ErrorTitle: 'External provider', ErrorMessage: NO_SLOTS });
  });

  it('answers a provider that does not answer in time with a clear timeout, not a 500', async () => {
    const p = await created();
    const started = Date.now();
    const res = await slots(p.id, 'slow-product');
    expectErrorEnvelope(res, 504);
    expect(res.body).toMatchObject({ ErrorTitle: 'External provider', ErrorMessage: 'The provider did not answer within 3 seconds' });
    expect(Date.now() - started).toBeLessThan(15_000); // cut off near the timeout, not left hanging
    const hanging = await created({ baseUrl: `${octo.origin}/hang` });
    expectErrorEnvelope(await offers(hanging.id), 504);
  });

  it("answers a provider's error with its status, and an unknown product or option as not found", async () => {
    const p = await created();
    const res = await slots(p.id, 'broken-product');
    expectErrorEnvelope(res, 502);
    expect(res.body).toMatchObject({ ErrorTitle: 'External provider', ErrorMessage: 'The provider answered with an error (HTTP 500): There was an un-recoverable error, please try again' });
    const unknown = await slots(p.id, 'no-such-product');
    expectErrorEnvelope(unknown, 404);
    expect(unknown.body).toMatchObject({ ErrorTitle: 'External provider', ErrorMessage: "The provider has no product 'no-such-product'" });
    expectErrorEnvelope(await slots(p.id, 'desert-safari', { optionId: 'night' }), 404);
  });

  it('answers malformed provider answers and an unreachable base URL with the envelope', async () => {
    const garbage = await created({ baseUrl: `${octo.origin}/garbage` });
    const notJson = await offers(garbage.id);
    expectErrorEnvelope(notJson, 502);
    expect(notJson.body.ErrorMessage).toBe("The provider's answer is not a valid OCTO product list (not JSON)");
    const wrongShape = await created({ baseUrl: `${octo.origin}/wrong-shape` });
    expect((await offers(wrongShape.id)).body).toMatchObject({ Code: 502, ErrorMessage: expect.stringContaining('is not a valid OCTO product list') });
    const nowhere = await created({ baseUrl: await unusedBaseUrl() });
    const unreachable = await offers(nowhere.id);
    expectErrorEnvelope(unreachable, 502);
    expect(unreachable.body).toMatchObject({ ErrorTitle: 'External provider', ErrorMessage: expect.stringMatching(/^The provider could not be reached at 127\.0\.0\.1:\d+\. Check its base URL\.$/) });
  });

  describe('without the private-address allowance (the default)', () => {
    const withoutAllowance = async (run: () => Promise<void>) => {
      const before = process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE;
      delete process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE;
      try {
        await run();
      } finally {
        process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE = before;
      }
    };

    it.each(['http://127.0.0.1:6379', 'http://127.1:5432/octo', 'http://localhost:3000/octo', 'http://10.0.0.7/octo', 'http://169.254.169.254/latest', 'http://[::1]:6379', 'http://[::ffff:127.0.0.1]/octo'])(
      'refuses to save the base URL %s',
      (baseUrl) =>
        withoutAllowance(async () => {
          const res = await create({ baseUrl });
          expectErrorEnvelope(res, 400);
          expect(res.body.ErrorMessage).toBe(ADDRESS_REFUSED);
        }),
    );

    it('refuses to call a provider at a loopback address, saved before or not, without reaching it', async () => {
      const p = await created({ baseUrl: `${octo.origin}/octo` });
      await withoutAllowance(async () => {
        const calls = octo.requests.length;
        for (const res of [await offers(p.id), await slots(p.id, 'desert-safari')]) {
          expectErrorEnvelope(res, 422);
          expect(res.body).toMatchObject({ ErrorTitle: 'External provider', ErrorMessage: ADDRESS_REFUSED });
        }
        expect(octo.requests.length).toBe(calls);
      });
      // An address where nothing listens answers the same: the answer no longer tells whether something does.
      const unreachable = await created({ baseUrl: await unusedBaseUrl() });
      await withoutAllowance(async () => {
        const res = await offers(unreachable.id);
        expectErrorEnvelope(res, 422);
        expect(res.body.ErrorMessage).toBe(ADDRESS_REFUSED);
      });
      expect((await offers(p.id)).status).toBe(200);
    });
  });

  it('refuses bad queries with a 400 naming the parameter', async () => {
    const p = await created();
    const cases: [string, Record<string, string>, string][] = [
      ['/api/timeslots/externaloffers', {}, 'apiproviderid is required'],
      ['/api/timeslots/externaloffers', { apiProviderId: String(p.id) }, 'apiproviderid is required'],
      ['/api/timeslots/externaloffers', { apiproviderid: 'abc' }, 'apiproviderid must be a positive whole number'],
      ['/api/timeslots/externaltimeslots', { apiProviderId: String(p.id) }, 'productId is required'],
      ['/api/timeslots/externaltimeslots', { apiproviderid: String(p.id), productId: 'desert-safari' }, 'apiProviderId is required'],
      // An id is a path segment at the provider: none that would lead elsewhere there.
      ['/api/timeslots/externaltimeslots', { apiProviderId: String(p.id), productId: '..' }, "productId must not be '.', '..' or contain a slash"],
      ['/api/timeslots/externaltimeslots', { apiProviderId: String(p.id), productId: 'a/../../admin' }, "productId must not be '.', '..' or contain a slash"],
      ['/api/timeslots/externaltimeslots', { apiProviderId: String(p.id), productId: 'desert-safari', optionId: '.' }, "optionId must not be '.', '..' or contain a slash"],
    ];
    for (const [path, query, message] of cases) {
      const res = await api.http.get(path).query(query).set(editor);
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toContain(message);
    }
  });

  it('deletes a provider for good: gone from lists and calls', async () => {
    const p = await created();
    const res = await api.http.delete(`${PROVIDERS}/${p.id}`).set(admin);
    expect(res.body.Content).toEqual({ id: p.id, isDeleted: true, version: 1, position: expect.any(String) });
    const list = await api.http.get('/api/timeslots/externalproviders').query({ after: res.body.Content.position }).set(editor);
    expect(list.body.Content.map((x: { id: number }) => x.id)).not.toContain(p.id);
    expectErrorEnvelope(await offers(p.id), 404);
    expectErrorEnvelope(await api.http.get(`${PROVIDERS}/${p.id}`).set(admin), 404);
    expectErrorEnvelope(await api.http.delete(`${PROVIDERS}/${p.id}`).set(admin), 404);
  });
});
