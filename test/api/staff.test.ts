import { CANNOT_SET_OWN_PASSWORD, LAST_ADMIN } from '@tbo/identity';
import { apiSuite, bearer, expectErrorEnvelope } from '../support/api';
import { claimsOf, registerTenants, registerUser, signIn, uniqueEmail, type TestUser } from '../support/identity';

describe('/api/staff (the admin settings staff tab)', () => {
  const api = apiSuite();
  let tenants: Awaited<ReturnType<typeof registerTenants>>;
  let admin: TestUser;
  let adminToken: string;

  const tokenOf = async (email: string, password: string) => {
    const res = await signIn(api.http, email, password);
    expect(res.status).toBe(200);
    return res.body.Content.token as string;
  };
  const put = (path: string, body: object, token = adminToken) => api.http.put(`/api/staff${path}`).set(bearer(token)).send(body);
  const listOf = async (token = adminToken) => (await api.http.get('/api/staff').set(bearer(token))).body.Content as { id: number; email: string; roles: string[]; active: boolean }[];

  beforeAll(async () => {
    tenants = await registerTenants(api.app);
    admin = await registerUser(api.app, { fullName: 'Amina Admin', roles: ['admin'], supplierId: tenants.supplierId });
    adminToken = await tokenOf(admin.email, admin.password);
  });

  it('adds a user who signs in with a password shown once; role changes and deactivation hold from their next call', async () => {
    const email = uniqueEmail('omar');
    const added = await api.http.post('/api/staff').set(bearer(adminToken)).send({ email, fullName: 'Omar Ops', roles: ['operations', 'editor'] });
    expect(added.status).toBe(200);
    const password: string = added.body.Content.password;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await listOf()).find((u) => u.email === email)).toMatchObject({ roles: ['operations', 'editor'], active: true });

    const first = await tokenOf(email, password);
    expect(claimsOf(first)).toMatchObject({ role: ['operations', 'editor'], SupplierId: tenants.supplierId });
    const asOmar = (token: string) => api.http.get('/api/languages/sync').set(bearer(token));
    expect((await asOmar(first)).status).toBe(200);

    // Editor taken away: the token claiming it stops working; a new sign-in carries the new roles.
    expect((await put(`/${added.body.Content.id}/roles`, { roles: ['operations'] })).status).toBe(200);
    expect((await asOmar(first)).status).toBe(401);
    const second = await tokenOf(email, password);
    expect(claimsOf(second).role).toBe('operations');

    expect((await put(`/${added.body.Content.id}/active`, { active: false })).status).toBe(200);
    expect((await asOmar(second)).status).toBe(401);
    expect((await signIn(api.http, email, password)).status).toBe(400);

    expect((await put(`/${added.body.Content.id}/active`, { active: true })).status).toBe(200);
    // Reactivation gives access back to a new sign-in, not to the tokens the deactivation ended.
    expect((await asOmar(second)).status).toBe(401);
    const chosen = 'Saffron-Dunes-2026';
    expect((await put(`/${added.body.Content.id}/password`, { password: chosen })).body.Content.password).toBeUndefined();
    await tokenOf(email, chosen);

    // Every change is an event with who did it.
    const events = await api.db('events').where({ stream_id: `user-${added.body.Content.id}` }).orderBy('revision');
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserRolesChanged', 'UserDeactivated', 'UserReactivated', 'UserPasswordChanged']);
    expect(events.every((e) => e.metadata.userId === admin.email)).toBe(true);
  });

  it("never sets the admin's own password: the account page asks for the current one", async () => {
    const refused = await put(`/${admin.id}/password`, { password: 'Taken-Over-2026' });
    expectErrorEnvelope(refused, 400);
    expect(refused.body.ErrorMessage).toContain(CANNOT_SET_OWN_PASSWORD);
    // Nor one the server makes up; the old password still signs in.
    expectErrorEnvelope(await put(`/${admin.id}/password`, {}), 400);
    await tokenOf(admin.email, admin.password);
  });

  it('never removes the last admin: neither by a demotion nor when two admins deactivate each other at once', async () => {
    const demoteSelf = await put(`/${admin.id}/roles`, { roles: ['editor'] });
    expectErrorEnvelope(demoteSelf, 400);
    expect(demoteSelf.body.ErrorMessage).toBe(LAST_ADMIN);

    const other = await registerUser(api.app, { fullName: 'Bilal Admin', roles: ['admin', 'sales'], supplierId: tenants.supplierId });
    const otherToken = await tokenOf(other.email, other.password);
    const [a, b] = await Promise.all([put(`/${other.id}/active`, { active: false }), put(`/${admin.id}/active`, { active: false }, otherToken)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)!.body.ErrorMessage).toBe(LAST_ADMIN);
    const admins = (await api.db('users').where({ supplier_id: tenants.supplierId, active: true }).whereRaw(`'admin' = any(roles)`)).map((u) => u.id);
    expect(admins).toHaveLength(1);
    // Put the one deactivated back for the next test.
    const survivor = admins[0] === admin.id ? adminToken : otherToken;
    expect((await put(`/${admins[0] === admin.id ? other.id : admin.id}/active`, { active: true }, survivor)).status).toBe(200);
    adminToken = await tokenOf(admin.email, admin.password);
  });

  it("shows and changes only the caller's supplier's users: another supplier's answer 404", async () => {
    const otherTenants = await registerTenants(api.app);
    const stranger = await registerUser(api.app, { roles: ['admin'], supplierId: otherTenants.supplierId });
    expect((await listOf()).some((u) => u.id === stranger.id)).toBe(false);
    for (const [path, body] of [[`/${stranger.id}/roles`, { roles: ['editor'] }], [`/${stranger.id}/active`, { active: false }], [`/${stranger.id}/password`, {}]] as const) {
      expectErrorEnvelope(await put(path, body), 404);
    }
    expect(await api.db('events').where({ stream_id: `user-${stranger.id}` }).whereNot({ type: 'UserRegistered' })).toHaveLength(0);
  });
});
