import { randomBytes } from 'node:crypto';
import { ContractBook } from '@tbo/booking';
import { findAgencyByName } from '@tbo/read-models';
import { bearer, expectErrorEnvelope, tokenFor, suppliersSuite } from '../support/api';
import { claimsOf, registerTenants, signIn, uniqueEmail } from '../support/identity';

const NOT_FOUND = 'Contract not found or you are not allowed to manage it';
const COMMISSION = 'Commission must be a percent between 0 and 100 with at most 2 decimals';

describe('contracts: the contracting tab (GET, POST /api/contracts, POST and PUT /api/contracts/{agencyId}, suspend, resume)', () => {
  const api = suppliersSuite();

  const newAgency = (over: Record<string, unknown> = {}) => ({
    agencyName: `Falcon Travel ${randomBytes(3).toString('hex')}`,
    agentFullName: 'Mira Haddad',
    agentEmail: uniqueEmail('mira'),
    agentPassword: `Oasis-${randomBytes(4).toString('hex')}-Gate`,
    commission: 18,
    ...over,
  });
  const list = (headers = api.admin, after?: string | null) => api.http.get('/api/contracts').query(after ? { after } : {}).set(headers);
  const rowOf = async (agencyId: number, after: string | null, headers = api.admin) => ((await list(headers, after)).body.Content as { agencyId: number }[]).find((r) => r.agencyId === agencyId);
  const book = () => api.app.get(ContractBook);

  beforeAll(async () => {
  });

  it('adds an agency with its first agent (an agency api.admin who can sign in) and signs it', async () => {
    const form = newAgency();
    const res = await api.http.post('/api/contracts').set(api.admin).send(form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ IsOk: true, Code: 200 });
    const added = res.body.Content;
    expect(added).toEqual({ agencyId: expect.any(Number), agencyName: form.agencyName, agentId: expect.any(Number), agentEmail: form.agentEmail, commission: 18, isSuspended: false, position: expect.any(String) });

    expect(await rowOf(added.agencyId, added.position)).toEqual({ agencyId: added.agencyId, agencyName: form.agencyName, commission: 18, isSuspended: false, signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), agents: 1 });
    expect(await book().contractOf(api.supplierId, added.agencyId)).toEqual({ active: true, commission: 18 });
    expect(await book().suppliersOf(added.agencyId)).toEqual([{ supplierId: api.supplierId, commission: 18 }]);

    const signedIn = await signIn(api.http, form.agentEmail, form.agentPassword);
    expect(signedIn.status).toBe(200);
    expect(claimsOf(signedIn.body.Content.token)).toMatchObject({ sub: form.agentEmail, role: 'agent', AgencyId: added.agencyId, AgencyName: form.agencyName, IsAgencyAdmin: '1' });
  });

  it('sets the commission, clears it back to the period’s, and suspends and resumes, each idempotent', async () => {
    const added = (await api.http.post('/api/contracts').set(api.admin).send(newAgency({ commission: null }))).body.Content;
    expect(added.commission).toBeNull();

    const set = await api.http.put(`/api/contracts/${added.agencyId}`).set(api.admin).send({ commission: 22.5 });
    expect(set.status).toBe(200);
    expect(set.body.Content).toEqual({ agencyId: added.agencyId, commission: 22.5, isSuspended: false, position: expect.any(String) });
    expect(await rowOf(added.agencyId, set.body.Content.position)).toMatchObject({ commission: 22.5 });
    const same = await api.http.put(`/api/contracts/${added.agencyId}`).set(api.admin).send({ commission: 22.5 });
    expect(same.body.Content.position).toBeNull();
    const cleared = await api.http.put(`/api/contracts/${added.agencyId}`).set(api.admin).send({ commission: null });
    expect(await rowOf(added.agencyId, cleared.body.Content.position)).toMatchObject({ commission: null });

    const suspended = await api.http.post(`/api/contracts/${added.agencyId}/suspend`).set(api.admin);
    expect(suspended.status).toBe(200);
    expect(suspended.body.Content).toMatchObject({ isSuspended: true, position: expect.any(String) });
    expect(await rowOf(added.agencyId, suspended.body.Content.position)).toMatchObject({ isSuspended: true });
    // The booking decision reads the stream: the suspension holds at once, before any read model moves.
    expect(await book().contractOf(api.supplierId, added.agencyId)).toEqual({ active: false, commission: null });
    expect(await book().suppliersOf(added.agencyId)).toEqual([]);
    const again = await api.http.post(`/api/contracts/${added.agencyId}/suspend`).set(api.admin);
    expect(again.body.Content).toMatchObject({ isSuspended: true, position: null });

    const resumed = await api.http.post(`/api/contracts/${added.agencyId}/resume`).set(api.admin);
    expect(resumed.body.Content).toMatchObject({ isSuspended: false, position: expect.any(String) });
    expect(await rowOf(added.agencyId, resumed.body.Content.position)).toMatchObject({ isSuspended: false });
    expect(await book().contractOf(api.supplierId, added.agencyId)).toEqual({ active: true, commission: null });
  });

  it('signs an agency that exists but is not contracted yet, from the list of such agencies', async () => {
    const { agencyId, agencyName } = await registerTenants(api.app);
    const before = await api.http.get('/api/contracts/agencies').set(api.admin);
    expect(before.status).toBe(200);
    expect(before.body.Content).toContainEqual({ id: agencyId, name: agencyName });

    const signed = await api.http.post(`/api/contracts/${agencyId}`).set(api.admin).send({ commission: 10 });
    expect(signed.status).toBe(200);
    expect(signed.body.Content).toEqual({ agencyId, commission: 10, isSuspended: false, position: expect.any(String) });
    expect(await rowOf(agencyId, signed.body.Content.position)).toMatchObject({ agencyName, commission: 10, agents: 0 });
    const after = await api.http.get('/api/contracts/agencies').query({ after: signed.body.Content.position }).set(api.admin);
    expect(after.body.Content).not.toContainEqual({ id: agencyId, name: agencyName });

    // A retry of the same signing changes nothing; another commission is the commission's own call.
    expect((await api.http.post(`/api/contracts/${agencyId}`).set(api.admin).send({ commission: 10 })).body.Content.position).toBeNull();
    const conflict = await api.http.post(`/api/contracts/${agencyId}`).set(api.admin).send({ commission: 20 });
    expectErrorEnvelope(conflict, 409);
    expect(conflict.body.ErrorMessage).toBe('This agency is already contracted: change its commission instead');

    const unknown = await api.http.post('/api/contracts/2000000000').set(api.admin).send({ commission: null });
    expectErrorEnvelope(unknown, 404);
    expect(unknown.body.ErrorMessage).toBe('Agency not found');
  });

  it('is for admins only: editors and agents get 403', async () => {
    const agent = bearer(await tokenFor(['agent'], { supplierId: null, agencyId: (await registerTenants(api.app)).agencyId }));
    for (const headers of [api.editor, agent]) {
      expectErrorEnvelope(await list(headers), 403);
      expectErrorEnvelope(await api.http.get('/api/contracts/agencies').set(headers), 403);
      expectErrorEnvelope(await api.http.post('/api/contracts').set(headers).send(newAgency()), 403);
      expectErrorEnvelope(await api.http.post('/api/contracts/1/suspend').set(headers), 403);
      expectErrorEnvelope(await api.http.put('/api/contracts/1').set(headers).send({ commission: 5 }), 403);
    }
    expectErrorEnvelope(await api.http.get('/api/contracts'), 401);
  });

  it("keeps each supplier's contracts apart: another supplier neither sees nor changes them", async () => {
    const added = (await api.http.post('/api/contracts').set(api.admin).send(newAgency({ commission: 12 }))).body.Content;
    const theirs = await list(api.otherAdmin, added.position);
    expect(theirs.status).toBe(200);
    expect(theirs.body.Content.map((r: { agencyId: number }) => r.agencyId)).not.toContain(added.agencyId);
    for (const res of [
      await api.http.put(`/api/contracts/${added.agencyId}`).set(api.otherAdmin).send({ commission: 50 }),
      await api.http.post(`/api/contracts/${added.agencyId}/suspend`).set(api.otherAdmin),
      await api.http.post(`/api/contracts/${added.agencyId}/resume`).set(api.otherAdmin),
    ]) {
      expectErrorEnvelope(res, 404);
      expect(res.body.ErrorMessage).toBe(NOT_FOUND);
    }
    expect(await book().contractOf(api.supplierId, added.agencyId)).toEqual({ active: true, commission: 12 });
    // The agency is one the other supplier may still contract on its own terms.
    expect((await api.http.get('/api/contracts/agencies').set(api.otherAdmin)).body.Content).toContainEqual({ id: added.agencyId, name: expect.any(String) });
  });

  it('answers bad input with the envelope and a clear message, registering nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ agencyName: '' }, 'agencyName', 'Agency name is required'],
      [{ agentFullName: '   ' }, 'agentFullName', "Agent's full name is required"],
      [{ agentEmail: 'not-an-email' }, 'agentEmail', 'Enter a valid email address'],
      [{ agentPassword: 'short' }, 'agentPassword', 'The new password must be at least 8 characters long'],
      [{ agentPassword: 'password123' }, 'agentPassword', 'This password is one of the most common ones and easy to guess. Choose another one.'],
      [{ commission: 150 }, 'commission', COMMISSION],
      [{ commission: 'ten' }, 'commission', COMMISSION],
      [{ commission: 12.345 }, 'commission', COMMISSION],
    ];
    for (const [over, field, message] of cases) {
      const form = newAgency(over);
      const res = await api.http.post('/api/contracts').set(api.admin).send(form);
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toContain(message);
      expect(res.body.Content.errors[field]).toContain(message);
      if (typeof form.agencyName === 'string' && form.agencyName) expect(await findAgencyByName(api.db, form.agencyName)).toBeUndefined();
    }

    const taken = newAgency();
    const { agencyId } = (await api.http.post('/api/contracts').set(api.admin).send(taken)).body.Content;
    const sameEmail = await api.http.post('/api/contracts').set(api.admin).send(newAgency({ agentEmail: taken.agentEmail }));
    expectErrorEnvelope(sameEmail, 400);
    expect(sameEmail.body.ErrorMessage).toBe(`A user with the email ${taken.agentEmail} already exists`);
    const sameName = await api.http.post('/api/contracts').set(api.admin).send(newAgency({ agencyName: taken.agencyName.toUpperCase() }));
    expectErrorEnvelope(sameName, 400);
    expect(sameName.body.ErrorMessage).toBe('An agency with this name already exists: sign it from the list of agencies instead');

    // At the same moment, before any read table has the name: its reservation stream lets one through.
    const agencyName = newAgency().agencyName;
    const racing = await Promise.all([1, 2, 3].map(() => api.http.post('/api/contracts').set(api.admin).send(newAgency({ agencyName }))));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const refused of racing.filter((r) => r.status === 400)) {
      expect(refused.body.ErrorMessage).toBe('An agency with this name already exists: sign it from the list of agencies instead');
      expect(refused.body.Content).toEqual({ errors: { agencyName: ['An agency with this name already exists: sign it from the list of agencies instead'] } });
    }

    expectErrorEnvelope(await api.http.post('/api/contracts').set(api.admin).send({ ...newAgency(), extra: 1 }), 400);
    expectErrorEnvelope(await api.http.put('/api/contracts/abc').set(api.admin).send({ commission: 5 }), 400);
    const negative = await api.http.put(`/api/contracts/${agencyId}`).set(api.admin).send({ commission: -3 });
    expectErrorEnvelope(negative, 400);
    expect(negative.body.ErrorMessage).toBe(COMMISSION);
    expectErrorEnvelope(await api.http.put(`/api/contracts/${agencyId}`).set(api.admin).send('[1,2]').type('json'), 400);
    expectErrorEnvelope(await api.http.post('/api/contracts/99999999/suspend').set(api.admin), 404);
  });
});
