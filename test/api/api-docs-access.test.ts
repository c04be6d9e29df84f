import { bearer, expectErrorEnvelope, startApi, tokenFor } from '../support/api';

/** The OpenAPI document maps every route: public on development machines, not in production unless asked. */
describe('API docs (/api/docs, /api/docs/json)', () => {
  afterEach(() => {
    delete process.env.API_DOCS_PUBLIC;
  });

  it('answers 404 in the envelope with API_DOCS_PUBLIC=0, signed in or not', async () => {
    const { app, http } = await startApi({ API_DOCS_PUBLIC: '0' });
    try {
      const admin = bearer(await tokenFor(['admin']));
      for (const path of ['/api/docs', '/api/docs/json']) {
        expectErrorEnvelope(await http.get(path), 404);
        expectErrorEnvelope(await http.get(path).set(admin), 404);
      }
    } finally {
      await app.close();
    }
  });

  it('serves them to anyone with API_DOCS_PUBLIC=1', async () => {
    const { app, http } = await startApi({ API_DOCS_PUBLIC: '1' });
    try {
      const json = await http.get('/api/docs/json');
      expect(json.status).toBe(200);
      expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/languages', '/api/auth/signin']));
      expect((await http.get('/api/docs')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
