import { Logger } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { loadConfig, toErrorEnvelope } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';

describe('bad input answers the envelope with the right code, never a 500', () => {
  const api = apiSuite({ BODY_LIMIT: '64kb' });
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = bearer(await tokenFor(['superadmin'], { supplierId: null }));
  });

  it('malformed JSON → 400', async () => {
    const res = await api.http.post('/api/languages').set(admin).set('Content-Type', 'application/json').send('{"name": "Eng');
    expectErrorEnvelope(res, 400);
    // Our words, not the parser's ('Unterminated string in JSON at position 13').
    expect(res.body.ErrorMessage).toBe('The request body is not valid JSON');
  });

  it('wrong types → 400 naming the field', async () => {
    const res = await api.http.post('/api/languages').set(admin).send({ id: 'one', name: 5, code: 'en' });
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors).toEqual(expect.objectContaining({ id: expect.any(Array), name: ['Language name is required'] }));
  });

  it("missing fields → 400 with the field's message", async () => {
    const res = await api.http.post('/api/languages').set(admin).send({ code: 'en' });
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toContain('Language name is required');
  });

  it('unknown fields → 400', async () => {
    const res = await api.http.post('/api/languages').set(admin).send({ name: 'X', code: 'xx', isAdmin: true });
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toMatch(/isAdmin/);
  });

  it('a JSON array or scalar instead of an object → 400', async () => {
    expectErrorEnvelope(await api.http.post('/api/languages').set(admin).send([1, 2]), 400);
    const scalar = await api.http.post('/api/languages').set(admin).set('Content-Type', 'application/json').send('"x"');
    expectErrorEnvelope(scalar, 400);
    expect(scalar.body.ErrorMessage).toBe('The request body must be a JSON object');
    expect((await api.http.post('/api/languages').set(admin).set('Content-Type', 'application/json').send('null')).body.ErrorMessage).toBe('The request body must be a JSON object');
  });

  it('a body that is not JSON → 415, before anything runs', async () => {
    // Unread, a command would run as if nothing was sent: a cancel without its reason or its version check.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await api.http.post('/api/languages').set(admin).set('Content-Type', type).send(type === 'text/plain' ? JSON.stringify({ name: 'Klingon', code: 'tlh' }) : 'name=Klingon&code=tlh');
      expectErrorEnvelope(res, 415);
      expect(res.body.ErrorMessage).toBe('Send the request body as JSON, with the header Content-Type: application/json');
    }
    // A file import takes the file itself as the body, as an .xlsx; sent as something else, it is told so.
    const asCsv = await api.http.post('/api/arrivals/import/preview?name=x').set(admin).set('Content-Type', 'text/csv').send('Pax Id;Tourist name');
    expectErrorEnvelope(asCsv, 415);
    expect(asCsv.body.ErrorMessage).toBe('Send the file as the request body, with the header Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // No body at all is no body of the wrong type: the route's own validation answers.
    expect((await api.http.post('/api/languages').set(admin)).body.ErrorMessage).toContain('Language name is required');
    const languages = (await api.http.get('/api/languages/sync').set(admin)).body.Content as { code: string }[];
    expect(JSON.stringify(languages)).not.toContain('tlh');
  });

  it('a body sent as gzip that is not → 400 in our words', async () => {
    const res = await api.http.post('/api/languages').set(admin).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip at all');
    expectErrorEnvelope(res, 400);
    expect(res.body.ErrorMessage).toBe('The request body could not be decompressed: it is not valid gzip, deflate, brotli or zstd');
    for (const encoding of ['br', 'zstd']) {
      const other = await api.http.post('/api/languages').set(admin).set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('not compressed at all');
      expectErrorEnvelope(other, 400);
      expect(other.body.ErrorMessage).toBe(res.body.ErrorMessage);
    }
  });

  it('Postgres out of connections (SQLSTATE class 53) → 503, not a 500: nothing was written, a retry will do', async () => {
    const refused = await api.db.raw("DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '53300', MESSAGE = 'sorry, too many clients already'; END $$").catch((e: unknown) => e);
    expect(toErrorEnvelope(refused, new Logger('Errors'))).toMatchObject({ IsOk: false, Code: 503, ErrorMessage: 'The service is busy. Please try again in a moment.' });
    const broken = await api.db.raw('select 1/0').catch((e: unknown) => e);
    expect(toErrorEnvelope(broken, new Logger('Errors')).Code).toBe(400);
  });

  it('unknown routes → 404', async () => {
    expectErrorEnvelope(await api.http.get('/api/no-such-thing').set(admin), 404);
    expectErrorEnvelope(await api.http.delete('/api/languages').set(admin), 404);
  });

  it('oversized bodies → 413', async () => {
    const res = await api.http.post('/api/languages').set(admin).send({ name: 'x'.repeat(70 * 1024), code: 'xx' });
    expectErrorEnvelope(res, 413);
    expect(res.body.ErrorMessage).toBe(`The request body is larger than the limit of ${64 * 1024} bytes`);
  });

  it('an address and headers over the parser\'s limit → 431 with the envelope, not an empty answer', async () => {
    const res = await api.http.get(`/api/languages/sync?date=${'9'.repeat(20 * 1024)}`).set(admin);
    expectErrorEnvelope(res, 431);
    expect(res.body.ErrorMessage).toMatch(/at most 16 KB/);
  });

  it('bad query values → 400', async () => {
    expectErrorEnvelope(await api.http.get('/api/languages/sync?isOffers=maybe').set(admin), 400);
    expectErrorEnvelope(await api.http.get('/api/languages/sync?date=yesterday').set(admin), 400);
    expectErrorEnvelope(await api.http.get('/api/languages/sync?after=drop%20table').set(admin), 400);
    // A parameter sent twice is said to be repeated, not to be of the wrong type.
    const twice = await api.http.get('/api/languages/sync?date=2026-01-01&date=2026-01-02').set(admin);
    expectErrorEnvelope(twice, 400);
    expect(twice.body.Content.errors).toEqual({ date: ['date must be given once'] });
  });

  describe('authentication and roles', () => {
    const config = loadConfig();

    it('no token → 401 Unauthorized', async () => {
      const res = await api.http.get('/api/languages/sync');
      expectErrorEnvelope(res, 401);
      expect(res.body.ErrorMessage).toBe('Unauthorized');
    });

    it('an expired token, a wrong secret, a wrong issuer or alg none → 401', async () => {
      const claims = { role: 'admin', FullName: 'X', AgencyName: '', IsAgencyAdmin: '0' };
      const tokens = [
        await tokenFor(['admin'], {}, -10),
        jwt.sign(claims, 'another-secret-another-secret', { subject: 'a@b.c', issuer: config.JWT_ISSUER, expiresIn: 60 }),
        jwt.sign(claims, config.JWT_SECRET, { subject: 'a@b.c', issuer: 'someone-else', expiresIn: 60 }),
        jwt.sign(claims, config.JWT_SECRET, { subject: 'a@b.c', issuer: config.JWT_ISSUER, expiresIn: 60, algorithm: 'HS512' }),
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, sub: 'a@b.c', iss: config.JWT_ISSUER })).toString('base64url')}.`,
      ];
      for (const t of tokens) expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(t)), 401);
    });

    it('a signed-in user without the role → 403', async () => {
      const res = await api.http.post('/api/languages').set(bearer(await tokenFor(['agent']))).send({ name: 'Klingon', code: 'tlh' });
      expectErrorEnvelope(res, 403);
      expect(res.body.ErrorMessage).toBe('You are not allowed to access this page');
      expectErrorEnvelope(await api.http.get('/api/projections').set(bearer(await tokenFor(['editor']))), 403);
    });
  });
});
