import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { RegisterSupplierCommand, type RegisteredTenant } from '@tbo/identity';
import { KNEX, systemContext } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, startApi, tokenFor } from '../support/api';
import { claimsOf, registerTenants, registerUser, signIn, type TestUser } from '../support/identity';

describe('GET /api/auth/logmein (log me in)', () => {
  let app: INestApplication;
  let http: Awaited<ReturnType<typeof startApi>>['http'];
  let db: Knex;
  let tenants: Awaited<ReturnType<typeof registerTenants>>;
  let admin: TestUser;
  let adminToken: string;
  let agent: TestUser;

  beforeAll(async () => {
    ({ app, http } = await startApi());
    db = app.get<Knex>(KNEX);
    tenants = await registerTenants(app);
    admin = await registerUser(app, { roles: ['admin'], supplierId: tenants.supplierId });
    adminToken = (await signIn(http, admin.email, admin.password)).body.Content.token;
    agent = await registerUser(app, { fullName: 'Elena Petrova', roles: ['agent'], agencyId: tenants.agencyId });
  });
  afterAll(() => app.close());

  const logMeIn = (email: string, token = adminToken) => http.get(`/api/auth/logmein?email=${encodeURIComponent(email)}`).set(bearer(token));

  it("answers a token of the user, as sign-in would, and records who asked as UserImpersonated", async () => {
    const res = await logMeIn(agent.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.Content.token)).toMatchObject({ sub: agent.email, FullName: 'Elena Petrova', role: 'agent', AgencyName: tenants.agencyName, AgencyId: tenants.agencyId });
    // The token works as the agent.
    expect((await http.get('/api/languages/sync').set(bearer(res.body.Content.token))).status).toBe(200);

    const events = await db('events').where({ stream_id: `user-${agent.id}`, type: 'UserImpersonated' });
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({ id: agent.id, by: admin.email });
    expect(events[0].metadata.userId).toBe(admin.email);
  });

  it('is refused to anyone but admins (403) and to nobody signed in (401)', async () => {
    const editor = await registerUser(app, { roles: ['editor'] });
    const editorToken = (await signIn(http, editor.email, editor.password)).body.Content.token;
    for (const token of [editorToken, tokenFor(['agent']), tokenFor(['operations', 'accounts', 'editor'])]) {
      const res = await logMeIn(agent.email, token);
      expectErrorEnvelope(res, 403);
      expect(res.body.ErrorMessage).toBe('You are not allowed to access this page');
    }
    expectErrorEnvelope(await http.get(`/api/auth/logmein?email=${encodeURIComponent(agent.email)}`), 401);
    expect(await db('events').where({ stream_id: `user-${agent.id}`, type: 'UserImpersonated' })).toHaveLength(1);
  });

  it('answers 404 for an unknown email and 400 without one', async () => {
    const res = await logMeIn('nobody@identity.test');
    expectErrorEnvelope(res, 404);
    expect(res.body.ErrorMessage).toBe('User not found');
    const missing = await http.get('/api/auth/logmein').set(bearer(adminToken));
    expectErrorEnvelope(missing, 400);
    expect(missing.body.ErrorMessage).toContain('Email address is required');
  });

  it('refuses an admin who asks to become a superadmin (403); a superadmin may', async () => {
    const boss = await registerUser(app, { roles: ['superadmin'], supplierId: tenants.supplierId });
    const refused = await logMeIn(boss.email);
    expectErrorEnvelope(refused, 403);
    expect(refused.body.ErrorMessage).toBe('An admin cannot log in as a superadmin');
    const allowed = await logMeIn(boss.email, tokenFor(['admin', 'superadmin'], { email: 'root@identity.test', supplierId: tenants.supplierId }));
    expect(allowed.status).toBe(200);
    expect(claimsOf(allowed.body.Content.token).role).toBe('superadmin');
  });

  it("answers another supplier's staff with 'not found or not allowed'", async () => {
    const other: RegisteredTenant = await app.get(CommandBus).execute(new RegisterSupplierCommand({ name: 'Other Desert Safaris', city: 'Sharjah' }, systemContext('test')));
    const stranger = await registerUser(app, { roles: ['editor'], supplierId: other.id });
    const res = await logMeIn(stranger.email);
    expectErrorEnvelope(res, 404);
    expect(res.body.ErrorMessage).toBe('User not found or you are not allowed to log in as them');
  });
});
