import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/seed-identity';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { signIn } from '../support/identity';
import { allSettled, seedDemo, unusedLanguageCodes } from '../support/reference';

const tag = () => randomBytes(3).toString('hex');

/**
 * Shared reference data (languages, regions, hotels, tour categories) is seen by every supplier, so
 * changing it is a platform power: a superadmin's, never a supplier admin's. Reading stays open.
 */
describe('platform powers', () => {
  const api = apiSuite();
  let supplierAdmin: Record<string, string>;
  let platform: Record<string, string>;

  beforeAll(async () => {
    await seedDemo(api.app);
    supplierAdmin = bearer((await signIn(api.http, 'admin@demo.test', DEMO_PASSWORD)).body.Content.token);
    platform = bearer((await signIn(api.http, 'platform@demo.test', DEMO_PASSWORD)).body.Content.token);
  });

  const writes = async () => {
    const region = (await api.http.get('/api/regions/supplier').set(platform)).body.Content[0] as { id: number; cityId: number };
    const city = (await api.http.get('/api/cities/options').set(platform)).body.Content[0] as { value: number };
    return [
      ['/api/languages', { id: 0, name: `Lang ${tag()}`, code: (await unusedLanguageCodes(api.db, 1))[0]!, isOffers: true, imgUrl: '/flags/xx.svg' }],
      ['/api/regions', { id: 0, name: `Region ${tag()}`, cityId: city.value }],
      ['/api/hotels', { id: 0, name: `Hotel ${tag()}`, regionId: region.id }],
      ['/api/toursCategories', { id: 0, name: `Category ${tag()}` }],
    ] as const;
  };

  it("refuses a supplier's admin every reference data write (403 in the envelope); the platform superadmin may", async () => {
    for (const [path, body] of await writes()) {
      const refused = await api.http.post(path).set(supplierAdmin).send(body);
      expectErrorEnvelope(refused, 403);
      expect(refused.body.ErrorMessage).toBe('You are not allowed to access this page');
      const saved = await api.http.post(path).set(platform).send(body);
      expect({ path, status: saved.status, error: saved.body.ErrorMessage }).toEqual({ path, status: 200, error: null });
      // Changing (and for languages deleting) an existing item is refused the same way.
      const change = await api.http.post(path).set(supplierAdmin).send({ ...body, id: saved.body.Content.id, version: saved.body.Content.version });
      expectErrorEnvelope(change, 403);
    }
  });

  it("lets the supplier's admin keep reading the reference data", async () => {
    await allSettled(api.app);
    for (const path of ['/api/regions/supplier', '/api/hotels/supplier', '/api/toursCategories/options', '/api/cities/options', '/api/languages/sync']) {
      expect({ path, status: (await api.http.get(path).set(supplierAdmin)).status }).toEqual({ path, status: 200 });
    }
  });

  it('a superadmin of no supplier is refused supplier routes with 403 or 400, never a 500, on every route without parameters', async () => {
    const docs = (await api.http.get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const token = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    const answers: { path: string; status: number }[] = [];
    for (const [path, methods] of Object.entries(docs.paths)) {
      // The OCTO routes answer resellers' keys, not users' tokens, in OCTO's own shapes (test/api/octo-errors.test.ts).
      if (path.includes('{') || !methods.get || path.startsWith('/octo')) continue;
      const res = await api.http.get(path).set(token);
      answers.push({ path, status: res.status });
      if (res.status >= 400) expect(res.body).toEqual(expect.objectContaining({ IsOk: false, Code: res.status }));
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => a.status >= 500 && a.path !== '/health')).toEqual([]);
    expect(answers).toContainEqual({ path: '/api/suppliers/my', status: 403 });
    expect(answers).toContainEqual({ path: '/api/languages/sync', status: 200 });
  });
});
