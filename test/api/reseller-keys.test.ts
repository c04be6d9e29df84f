import { createHash } from 'node:crypto';
import { RESELLER_KEY_MESSAGES } from '@tbo/connectivity';
import { apiSuite, bearer, expectErrorEnvelope, tokenFor, twoSuppliers } from '../support/api';
import { registerTenants } from '../support/identity';
import { issuedResellerKey, issueResellerKey, revokeResellerKey } from '../support/reseller-keys';

const CONTRACT_NOT_FOUND = 'Contract not found or you are not allowed to manage it';

describe('reseller keys: issued on the contracting tab, checked by the OCTO guard', () => {
  const api = apiSuite();
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let agencyId: number;

  const keysPath = (agency = agencyId) => `/api/contracts/${agency}/reseller-keys`;
  const list = (after?: string | null, agency = agencyId, headers = admin) => api.http.get(keysPath(agency)).query(after ? { after } : {}).set(headers);
  /** A real OCTO route behind the guard. */
  const octo = (key: string | null) => {
    const req = api.http.get('/octo/supplier').set('Accept', 'application/json');
    return key === null ? req : req.set('Authorization', `Bearer ${key}`);
  };
  const expectForbidden = (res: { status: number; body: unknown }, message: string) => {
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'FORBIDDEN', errorMessage: message });
  };

  /** An agency the test's supplier has contracted. */
  async function contractedAgency(): Promise<number> {
    const { agencyId: id } = await registerTenants(api.app);
    // Signing looks the agency up in the contracts read model.
    await api.settled('contracts', (await api.store.headPosition())!);
    const signed = await api.http.post(`/api/contracts/${id}`).set(admin).send({ commission: 12 });
    expect(signed.status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    ({ admin, editor, otherAdmin } = await twoSuppliers(api.app));
    agencyId = await contractedAgency();
  });

  it('issues a key shown once: later the list shows its name and first characters only, and no event holds it', async () => {
    const res = await api.http.post(keysPath()).set(admin).send({ name: '  Booking engine ' });
    expect(res.status).toBe(200);
    const issued = res.body.Content;
    expect(issued).toEqual({ id: expect.any(Number), name: 'Booking engine', keyPrefix: issued.key.slice(0, 8), key: expect.stringMatching(/^tbo_[A-Za-z0-9_-]{43}$/), issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), position: expect.any(String) });

    const listed = await list(issued.position);
    expect(listed.status).toBe(200);
    expect(listed.body.Content[0]).toEqual({ id: issued.id, name: 'Booking engine', keyPrefix: issued.keyPrefix, issuedAt: issued.issuedAt, revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(issued.key);

    const events = await api.store.readStream(`resellerkey-${issued.id}`);
    expect(JSON.stringify(events)).not.toContain(issued.key);
    expect(events[0]!.data).toMatchObject({ keyHash: createHash('sha256').update(issued.key).digest('hex') });

    // Each issue makes a new key.
    const second = await issuedResellerKey(api.http, admin, agencyId, 'Second');
    expect(second.key).not.toBe(issued.key);
    expect((await list(second.position)).body.Content.map((k: { id: number }) => k.id).slice(0, 2)).toEqual([second.id, issued.id]);
  });

  it('is for admins only: editors and agents get 403, no token 401', async () => {
    const agent = bearer(await tokenFor(['agent'], { supplierId: null, agencyId }));
    for (const headers of [editor, agent]) {
      expectErrorEnvelope(await list(null, agencyId, headers), 403);
      expectErrorEnvelope(await api.http.post(keysPath()).set(headers).send({ name: 'x' }), 403);
      expectErrorEnvelope(await api.http.post(`${keysPath()}/1/revoke`).set(headers), 403);
    }
    expectErrorEnvelope(await api.http.get(keysPath()), 401);
  });

  it("answers 404 for an agency the supplier never contracted, another supplier's keys and a key under another agency", async () => {
    const { key, id } = await issuedResellerKey(api.http, admin, agencyId, 'Ours');
    const { agencyId: uncontracted } = await registerTenants(api.app);
    for (const res of [
      await api.http.post(keysPath(uncontracted)).set(admin).send({ name: 'Nope' }),
      await list(null, uncontracted),
      await api.http.post(keysPath()).set(otherAdmin).send({ name: 'Theirs' }),
      await list(null, agencyId, otherAdmin),
    ]) {
      expectErrorEnvelope(res, 404);
      expect(res.body.ErrorMessage).toBe(CONTRACT_NOT_FOUND);
    }
    const otherAgency = await contractedAgency();
    for (const res of [
      await api.http.post(`${keysPath()}/${id}/revoke`).set(otherAdmin),
      await api.http.post(`${keysPath(otherAgency)}/${id}/revoke`).set(admin),
      await api.http.post(`${keysPath()}/2000000000/revoke`).set(admin),
    ]) {
      expectErrorEnvelope(res, 404);
      expect(res.body.ErrorMessage).toBe(RESELLER_KEY_MESSAGES.notFound);
    }
    // A path id that is no id names its own parameter.
    for (const [path, name] of [[`${keysPath()}/2147483648/revoke`, 'keyId'], [`/api/contracts/abc/reseller-keys/${id}/revoke`, 'agencyId']] as const) {
      const res = await api.http.post(path).set(admin);
      expectErrorEnvelope(res, 400);
      expect(res.body.Content.errors).toEqual({ [name]: [expect.stringMatching(new RegExp(`^${name} `))] });
    }
    // None of that touched the key.
    expect((await octo(key)).status).toBe(200);
  });

  it('refuses a missing or overlong name and unknown fields with the envelope', async () => {
    for (const [body, message] of [
      [{ name: '   ' }, RESELLER_KEY_MESSAGES.name],
      [{}, RESELLER_KEY_MESSAGES.name],
      [{ name: 'x'.repeat(101) }, RESELLER_KEY_MESSAGES.nameLength],
      [{ name: 5 }, 'Key name must be text'],
    ] as const) {
      const res = await api.http.post(keysPath()).set(admin).send(body);
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toContain(message);
    }
    expectErrorEnvelope(await api.http.post(keysPath()).set(admin).send({ name: 'x', key: 'tbo_mine' }), 400);
    expectErrorEnvelope(await api.http.post('/api/contracts/abc/reseller-keys').set(admin).send({ name: 'x' }), 400);
  });

  it('opens the OCTO routes with a valid key and notes when it was last used', async () => {
    const issued = await issuedResellerKey(api.http, admin, agencyId, 'Channel manager');
    const res = await octo(issued.key);
    expect(res.status).toBe(200);
    const used = (await list()).body.Content.find((k: { id: number }) => k.id === issued.id);
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(issued.issuedAt));
    // At most once a minute: a second call right away leaves the time as it was.
    await octo(issued.key);
    expect((await list()).body.Content.find((k: { id: number }) => k.id === issued.id).lastUsedAt).toBe(used.lastUsedAt);
  });

  it('refuses no bearer key with 401, a malformed or unknown key with 403, in OCTO’s error body', async () => {
    const valid = await issueResellerKey(api.http, admin, agencyId);
    for (const res of [await octo('not-a-key'), await octo(`tbo_${'A'.repeat(43)}`), await octo(`${valid}x`)]) {
      expectForbidden(res, RESELLER_KEY_MESSAGES.badKey);
    }
    for (const res of [await octo(null), await api.http.get('/octo/supplier').set('Authorization', valid)]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'UNAUTHORIZED', errorMessage: RESELLER_KEY_MESSAGES.noKey });
    }
  });

  it('refuses a revoked key at once, from the very next request; revoking again changes nothing', async () => {
    const issued = await issuedResellerKey(api.http, admin, agencyId, 'To revoke');
    expect((await octo(issued.key)).status).toBe(200);
    const revoked = await revokeResellerKey(api.http, admin, agencyId, issued.id);
    expect(revoked).toEqual({ id: issued.id, revokedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), position: expect.any(String) });
    // No waiting for the read model: the guard asks the key's stream.
    expectForbidden(await octo(issued.key), RESELLER_KEY_MESSAGES.badKey);

    const again = await api.http.post(`${keysPath()}/${issued.id}/revoke`).set(admin);
    expect(again.status).toBe(200);
    expect(again.body.Content).toEqual({ id: issued.id, revokedAt: revoked.revokedAt, position: null });
    expect((await list(revoked.position)).body.Content.find((k: { id: number }) => k.id === issued.id)).toMatchObject({ revokedAt: revoked.revokedAt });
    // A read model lagging behind (here made to show the key live again) changes nothing.
    await api.db('reseller_keys').where({ id: issued.id }).update({ revoked_at: null });
    expectForbidden(await octo(issued.key), RESELLER_KEY_MESSAGES.badKey);
  });

  it("refuses every key of an agency whose contract is suspended, until it is resumed", async () => {
    const agency = await contractedAgency();
    const key = await issueResellerKey(api.http, admin, agency);
    expect((await octo(key)).status).toBe(200);
    expect((await api.http.post(`/api/contracts/${agency}/suspend`).set(admin)).status).toBe(200);
    expectForbidden(await octo(key), RESELLER_KEY_MESSAGES.contractSuspended);
    expect((await api.http.post(`/api/contracts/${agency}/resume`).set(admin)).status).toBe(200);
    expect((await octo(key)).status).toBe(200);
  });
});
