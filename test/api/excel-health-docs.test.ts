import ExcelJS from 'exceljs';
import { apiSuite, bearer, binary, expectErrorEnvelope, startApi, tokenFor } from '../support/api';

describe('excel, health and docs', () => {
  const api = apiSuite();
  let user: Record<string, string>;

  beforeAll(async () => {
    user = bearer(await tokenFor(['operations']));
  });

  it('POST /api/excel/fromdatatable answers a readable xlsx with escaped formula text', async () => {
    const res = await api.http
      .post('/api/excel/fromdatatable')
      .set(user)
      .send({
        Title: 'Tours',
        FileName: 'tours.xlsx',
        Columns: [
          { Title: 'Name', Data: ['Desert Safari', '=HYPERLINK("http://evil","click")', '+A1*2', '+971 50 123 4567'] },
          { Title: 'Price', Data: [120.5, -3, null, null] },
        ],
      })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('filename="tours.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const ws = wb.getWorksheet('Tours')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Price']);
    expect(ws.getCell('A2').value).toBe('Desert Safari');
    expect(ws.getCell('A3').value).toBe(`'=HYPERLINK("http://evil","click")`);
    expect(ws.getCell('A3').formula).toBeUndefined();
    expect(ws.getCell('A4').value).toBe("'+A1*2");
    // A phone number can call no function: it is written as it is.
    expect(ws.getCell('A5').value).toBe('+971 50 123 4567');
    expect(ws.getCell('B2').value).toBe(120.5);
    expect(ws.getCell('B3').value).toBe(-3);
    expect(ws.rowCount).toBe(5);
  });

  it('refuses an export without columns, and callers without a token', async () => {
    expectErrorEnvelope(await api.http.post('/api/excel/fromdatatable').set(user).send({ Title: 'x', Columns: [] }), 400);
    expectErrorEnvelope(await api.http.post('/api/excel/fromdatatable').send({ Title: 'x', Columns: [{ Title: 'a', Data: [1] }] }), 401);
  });

  it('/health reports Postgres, Redis, the event store and the projections healthy', async () => {
    const res = await api.http.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.IsOk).toBe(true);
    expect(res.body.Content).toMatchObject({
      healthy: true,
      postgres: { healthy: true },
      redis: { healthy: true },
      eventStore: { healthy: true, kind: 'postgres' },
      projections: {
        healthy: true,
        // Parked events (test/projections/supplier-isolation.test.ts) would make it degraded, still 200.
        degraded: expect.any(Boolean),
        list: expect.arrayContaining([expect.objectContaining({ name: 'languages', state: 'running', parked: expect.objectContaining({ count: expect.any(Number) }) })]),
      },
    });
  });

  it('GET /api/projections shows each projection and its parked events to superadmins only (projections are every supplier\'s)', async () => {
    const res = await api.http.get('/api/projections').set(bearer(await tokenFor(['superadmin'], { supplierId: null })));
    expect(res.status).toBe(200);
    expect(res.body.Content).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'languages', state: 'running', parked: expect.objectContaining({ count: expect.any(Number) }) })]),
    );
    expectErrorEnvelope(await api.http.get('/api/projections').set(bearer(await tokenFor(['admin']))), 403);
  });

  it('/health answers 503 in the envelope when Redis cannot be reached', async () => {
    const broken = await startApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await broken.http.get('/health');
      expectErrorEnvelope(res, 503);
      // Unreachable, in words that name no host or port (/health is public; the log has the driver's message).
      expect(res.body.Content).toMatchObject({ healthy: false, redis: { healthy: false, error: expect.stringMatching(/^(not reachable|no answer within 3000 ms)$/) }, postgres: { healthy: true } });
    } finally {
      await broken.app.close();
      process.env.REDIS_URL = 'redis://127.0.0.1:6379';
    }
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await api.http.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/languages', '/api/languages/sync', '/api/excel/fromdatatable', '/health']));
    expect((await api.http.get('/api/docs')).status).toBe(200);
  });

  it('sets the security headers', async () => {
    const res = await api.http.get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('language flags', () => {
  const api = apiSuite();

  it('serves the seeded flags as SVG with long cache headers', async () => {
    const res = await api.http.get('/flags/gb.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
    expectErrorEnvelope(await api.http.get('/flags/../package.json'), 404);
  });
});
