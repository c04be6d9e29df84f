import { CommandBus } from '@nestjs/cqrs';
import jwt from 'jsonwebtoken';
import { RegisterSupplierCommand, type RegisteredTenant } from '@tbo/identity';
import { loadConfig, systemContext } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { claimsOf, registerTenants, registerUser, signIn, type TestUser } from '../support/identity';

describe('GET /api/auth/logmein (log me in)', () => {
  const api = apiSuite();
  let tenants: Awaited<ReturnType<typeof registerTenants>>;
  let admin: TestUser;
  let adminToken: string;
  let agent: TestUser;
  let colleague: TestUser;

  beforeAll(async () => {
    tenants = await registerTenants(api.app);
    admin = await registerUser(api.app, { roles: ['admin'], supplierId: tenants.supplierId });
    adminToken = (await signIn(api.http, admin.email, admin.password)).body.Content.token;
    agent = await registerUser(api.app, { fullName: 'Elena Petrova', roles: ['agent'], agencyId: tenants.agencyId });
    colleague = await registerUser(api.app, { fullName: 'Sara Khan', roles: ['editor', 'operations'], supplierId: tenants.supplierId });
  });

  const logMeIn = (email: string, token = adminToken) => api.http.get(`/api/auth/logmein?email=${encodeURIComponent(email)}`).set(bearer(token));

  it("answers a token of a user of the admin's own supplier, as sign-in would, and records who asked as UserImpersonated", async () => {
    const res = await logMeIn(colleague.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.Content.token)).toMatchObject({ sub: colleague.email, FullName: 'Sara Khan', role: ['editor', 'operations'], SupplierId: tenants.supplierId });
    // The token works as that user.
    expect((await api.http.get('/api/languages/sync').set(bearer(res.body.Content.token))).status).toBe(200);

    const events = await api.db('events').where({ stream_id: `user-${colleague.id}`, type: 'UserImpersonated' });
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({ id: colleague.id, by: admin.email });
    expect(events[0].metadata.userId).toBe(admin.email);
  });

  it('is refused to anyone but admins (403) and to nobody signed in (401)', async () => {
    const editor = await registerUser(api.app, { roles: ['editor'] });
    const editorToken = (await signIn(api.http, editor.email, editor.password)).body.Content.token;
    for (const token of [editorToken, await tokenFor(['agent']), await tokenFor(['operations', 'accounts', 'editor'])]) {
      const res = await logMeIn(agent.email, token);
      expectErrorEnvelope(res, 403);
      expect(res.body.ErrorMessage).toBe('You are not allowed to access this page');
    }
    expectErrorEnvelope(await api.http.get(`/api/auth/logmein?email=${encodeURIComponent(agent.email)}`), 401);
    expect(await api.db('events').where({ stream_id: `user-${agent.id}`, type: 'UserImpersonated' })).toHaveLength(0);
  });

  it('answers 404 for an unknown email and 400 without one', async () => {
    const res = await logMeIn('nobody@identity.test');
    expectErrorEnvelope(res, 404);
    expect(res.body.ErrorMessage).toBe('User not found');
    const missing = await api.http.get('/api/auth/logmein').set(bearer(adminToken));
    expectErrorEnvelope(missing, 400);
    expect(missing.body.ErrorMessage).toContain('Email address is required');
  });

  it('refuses the admin their own account (400), and in a chain the first admin too: their way back is their own token', async () => {
    const self = await logMeIn(admin.email);
    expectErrorEnvelope(self, 400);
    expect(self.body.ErrorMessage).toBe('You cannot log in as yourself');
    const second = await registerUser(api.app, { roles: ['admin'], supplierId: tenants.supplierId });
    const asSecond = (await logMeIn(second.email)).body.Content.token;
    const back = await logMeIn(admin.email.toUpperCase(), asSecond);
    expectErrorEnvelope(back, 400);
    expect(back.body.ErrorMessage).toBe('You cannot log in as yourself');
    expect(await api.db('events').where({ stream_id: `user-${admin.id}`, type: 'UserImpersonated' })).toHaveLength(0);
  });

  it('refuses an admin who asks to become a superadmin (403); a superadmin may', async () => {
    const boss = await registerUser(api.app, { roles: ['superadmin'], supplierId: tenants.supplierId });
    const refused = await logMeIn(boss.email);
    expectErrorEnvelope(refused, 403);
    expect(refused.body.ErrorMessage).toBe('An admin cannot log in as a superadmin');
    const allowed = await logMeIn(boss.email, await tokenFor(['admin', 'superadmin'], { email: 'root@identity.test', supplierId: tenants.supplierId }));
    expect(allowed.status).toBe(200);
    expect(claimsOf(allowed.body.Content.token).role).toBe('superadmin');
  });

  it("refuses a supplier's admin another supplier's staff and an agency's agents (403); a platform superadmin may log in as either", async () => {
    const other: RegisteredTenant = await api.app.get(CommandBus).execute(new RegisterSupplierCommand({ name: 'Other Desert Safaris', city: 'Sharjah' }, systemContext('test')));
    const stranger = await registerUser(api.app, { roles: ['editor'], supplierId: other.id });
    for (const target of [stranger, agent]) {
      const res = await logMeIn(target.email);
      expectErrorEnvelope(res, 403);
      expect(res.body.ErrorMessage).toBe('Only a superadmin may log in as a user of another supplier or agency');
      expect(await api.db('events').where({ stream_id: `user-${target.id}`, type: 'UserImpersonated' })).toHaveLength(0);
    }

    const platform = await tokenFor(['superadmin'], { email: 'platform@identity.test', supplierId: null });
    const asStranger = await logMeIn(stranger.email, platform);
    expect(asStranger.status).toBe(200);
    expect(claimsOf(asStranger.body.Content.token)).toMatchObject({ sub: stranger.email, SupplierId: other.id });
    const asAgent = await logMeIn(agent.email, platform);
    expect(asAgent.status).toBe(200);
    expect(claimsOf(asAgent.body.Content.token)).toMatchObject({ sub: agent.email, FullName: 'Elena Petrova', role: 'agent', AgencyName: tenants.agencyName, AgencyId: tenants.agencyId });
    expect((await api.http.get('/api/languages/sync').set(bearer(asAgent.body.Content.token))).status).toBe(200);
    const events = await api.db('events').where({ stream_id: `user-${agent.id}`, type: 'UserImpersonated' });
    expect(events.map((e) => e.data)).toEqual([{ id: agent.id, by: 'platform@identity.test' }]);
  });

  it('refuses an admin of no supplier or agency who is not a superadmin, even for an existing user (403)', async () => {
    const res = await logMeIn(colleague.email, await tokenFor(['admin'], { email: 'loose.admin@identity.test', supplierId: null }));
    expectErrorEnvelope(res, 403);
  });

  describe('a log-me-in token ends with its admin', () => {
    /** A route any signed-in user may call. */
    const works = async (token: string) => (await api.http.get('/api/languages/sync').set(bearer(token))).status;
    const freshAdmin = async () => {
      const who = await registerUser(api.app, { roles: ['admin'], supplierId: tenants.supplierId });
      return { ...who, token: (await signIn(api.http, who.email, who.password)).body.Content.token as string };
    };

    it("carries the admin's password version in its actor claim", async () => {
      const res = await logMeIn(colleague.email);
      expect(claimsOf(res.body.Content.token).act).toEqual({ sub: admin.email, pwv: 0 });
    });

    it("answers 401 once the admin's password changed (the admin's new token may log in as the user again)", async () => {
      const acting = await freshAdmin();
      const asColleague = (await logMeIn(colleague.email, acting.token)).body.Content.token as string;
      expect(await works(asColleague)).toBe(200);

      const next = 'Sandstorm-Over-Liwa-7';
      const changed = await api.http.put('/api/auth/changepassword').set(bearer(acting.token)).send({ password: next, passwordRepeat: next, currentPassword: acting.password });
      expect(changed.status).toBe(200);
      const refused = await api.http.get('/api/languages/sync').set(bearer(asColleague));
      expectErrorEnvelope(refused, 401);
      expect(refused.body.ErrorMessage).toBe('Unauthorized');

      const again = (await signIn(api.http, acting.email, next)).body.Content.token as string;
      const asColleagueAgain = (await logMeIn(colleague.email, again)).body.Content.token as string;
      expect(claimsOf(asColleagueAgain).act).toEqual({ sub: acting.email, pwv: 1 });
      expect(await works(asColleagueAgain)).toBe(200);
    });

    it("in a chain the first admin stays the actor: their password change ends the chain's last token too", async () => {
      const first = await freshAdmin();
      const second = await registerUser(api.app, { roles: ['admin'], supplierId: tenants.supplierId });
      const asSecond = (await logMeIn(second.email, first.token)).body.Content.token as string;
      const asColleague = (await logMeIn(colleague.email, asSecond)).body.Content.token as string;
      expect(claimsOf(asColleague)).toMatchObject({ sub: colleague.email, act: { sub: first.email, pwv: 0 } });
      expect(await works(asColleague)).toBe(200);
      const next = 'Sandstorm-Over-Liwa-8';
      expect((await api.http.put('/api/auth/changepassword').set(bearer(first.token)).send({ password: next, passwordRepeat: next, currentPassword: first.password })).status).toBe(200);
      expect(await works(asSecond)).toBe(401);
      expect(await works(asColleague)).toBe(401);
    });

    it('answers 401 once the admin lost the admin role, and once they were deactivated', async () => {
      const demoted = await freshAdmin();
      const asColleague = (await logMeIn(colleague.email, demoted.token)).body.Content.token as string;
      expect(await works(asColleague)).toBe(200);
      expect((await api.http.put(`/api/staff/${demoted.id}/roles`).set(bearer(adminToken)).send({ roles: ['editor'] })).status).toBe(200);
      expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(asColleague)), 401);

      const stopped = await freshAdmin();
      const asColleagueToo = (await logMeIn(colleague.email, stopped.token)).body.Content.token as string;
      expect(await works(asColleagueToo)).toBe(200);
      expect((await api.http.put(`/api/staff/${stopped.id}/active`).set(bearer(adminToken)).send({ active: false })).status).toBe(200);
      expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(asColleagueToo)), 401);
    });

    it("answers 401 for a token whose actor has no password version (issued before it was carried), or another tenant's admin", async () => {
      const config = loadConfig();
      const { iat: _iat, exp: _exp, iss: _iss, sub: _sub, act: _act, ...claims } = claimsOf((await logMeIn(colleague.email)).body.Content.token);
      const sign = (act: unknown) => jwt.sign({ ...claims, act }, config.JWT_SECRET, { algorithm: 'HS256', subject: colleague.email, issuer: config.JWT_ISSUER, expiresIn: 600 });
      expect(await works(sign({ sub: admin.email, pwv: 0 }))).toBe(200);
      expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(sign({ sub: admin.email }))), 401);
      // An admin of another supplier never had the power over this supplier's staff.
      const other: RegisteredTenant = await api.app.get(CommandBus).execute(new RegisterSupplierCommand({ name: 'Far Dunes Safaris', city: 'Ajman' }, systemContext('test')));
      const stranger = await registerUser(api.app, { roles: ['admin'], supplierId: other.id });
      expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(sign({ sub: stranger.email, pwv: 0 }))), 401);
    });
  });
});
