import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivityEntry } from '@tbo/read-models';
import { apiSuite, bearer } from '../support/api';
import { claimsOf, registerTenants, registerUser, signIn, uniqueEmail, type TestUser } from '../support/identity';
import { base64, eventually, newGuid, photoFile } from '../support/photos';

describe('/api/activity (the admin settings activity log)', () => {
  // A storage folder of its own: the photo upload below stores its original there.
  const api = apiSuite(async () => ({ STORAGE_DIR: await mkdtemp(join(tmpdir(), 'tbo-activity-')) }));
  let tenants: Awaited<ReturnType<typeof registerTenants>>;
  let admin: TestUser;
  let adminToken: string;
  let colleague: TestUser;
  let memberId: number;

  const tokenOf = async (user: TestUser) => (await signIn(api.http, user.email, user.password)).body.Content.token as string;
  const activity = async (query: string, token = adminToken) => {
    const res = await api.http.get(`/api/activity?${query}`).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.Content as { entities: ActivityEntry[]; pagingInfo: { totalItems: number } };
  };

  beforeAll(async () => {
    tenants = await registerTenants(api.app);
    admin = await registerUser(api.app, { fullName: 'Amina Admin', roles: ['admin'], supplierId: tenants.supplierId });
    colleague = await registerUser(api.app, { fullName: 'Bilal Second', roles: ['admin', 'sales'], supplierId: tenants.supplierId });
    adminToken = await tokenOf(admin);

    const added = await api.http.post('/api/staff').set(bearer(adminToken)).send({ email: uniqueEmail('nadia'), fullName: 'Nadia Guide', roles: ['guide'] });
    memberId = added.body.Content.id;
    // Amina logs in as Bilal and, as him, changes Nadia's roles.
    const asBilal = (await api.http.get(`/api/auth/logmein?email=${encodeURIComponent(colleague.email)}`).set(bearer(adminToken))).body.Content.token;
    expect(claimsOf(asBilal)).toMatchObject({ sub: colleague.email, act: { sub: admin.email } });
    const changed = await api.http.put(`/api/staff/${memberId}/roles`).set(bearer(asBilal)).send({ roles: ['guide', 'driver'] });
    expect(changed.status).toBe(200);
    expect(await api.settled('activity', changed.body.Content.position)).toBe(true);
  });

  it('lists who did what to which item and when, newest first, and records both people of a log-me-in', async () => {
    const { entities } = await activity('page=1');
    expect(entities.slice(0, 2)).toEqual([
      expect.objectContaining({ user: colleague.email, userName: 'Bilal Second', actedBy: admin.email, actedByName: 'Amina Admin', type: 'UserRolesChanged', kind: 'user', itemLabel: 'Nadia Guide' }),
      expect.objectContaining({ user: admin.email, userName: 'Amina Admin', actedBy: null, type: 'UserImpersonated', kind: 'user', itemLabel: 'Bilal Second' }),
    ]);
    expect(entities.find((e) => e.type === 'UserRegistered' && e.itemLabel === 'Nadia Guide')).toMatchObject({ user: admin.email });
    expect(Date.now() - Date.parse(entities[0]!.at)).toBeLessThan(60_000);
    const events = await api.db('events').where({ stream_id: `user-${memberId}`, type: 'UserRolesChanged' });
    expect(events[0].metadata).toMatchObject({ userId: colleague.email, actedBy: admin.email });
  });

  it('filters by user (as the doer or the admin behind a log-me-in), kind of item and Dubai day', async () => {
    const byBilal = await activity(`user=${encodeURIComponent(colleague.email)}`);
    expect(byBilal.entities.map((e) => e.type)).toEqual(['UserRolesChanged']);
    const byAmina = await activity(`user=${encodeURIComponent(admin.email)}`);
    expect(byAmina.entities.map((e) => e.type)).toEqual(['UserRolesChanged', 'UserImpersonated', 'UserRegistered']);
    expect((await activity('kind=tour')).pagingInfo.totalItems).toBe(0);
    expect((await activity('kind=user')).pagingInfo.totalItems).toBe(3);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    expect((await activity(`from=${today}&to=${today}`)).pagingInfo.totalItems).toBe(3);
    expect((await activity('to=2020-01-01')).pagingInfo.totalItems).toBe(0);
    const filters = (await api.http.get('/api/activity/filters').set(bearer(adminToken))).body.Content;
    expect(filters).toEqual({ users: [{ email: admin.email, name: 'Amina Admin' }, { email: colleague.email, name: 'Bilal Second' }], kinds: ['user'] });
  });

  it('an upload is one entry, PhotoUploaded: the guid it claimed is bookkeeping, not activity', async () => {
    const uploaded = await api.http.post('/api/photos/upload').set(bearer(adminToken)).send({ guid: newGuid(), data: base64(await photoFile('png', 32, 24)), title: 'Dunes' });
    expect(uploaded.status).toBe(200);
    const photos = await eventually(async () => ((p) => (p.pagingInfo.totalItems > 0 ? p : undefined))(await activity('kind=photo')), 10_000, 'the upload in the log');
    expect(photos.entities.map((e) => e.type)).toContain('PhotoUploaded');
    expect((await activity('kind=photoguid')).pagingInfo.totalItems).toBe(0);
    expect((await activity('page=1')).entities.map((e) => e.type)).not.toContain('PhotoGuidClaimed');
  });

  it("is the caller's supplier's only", async () => {
    const other = await registerTenants(api.app);
    const stranger = await registerUser(api.app, { roles: ['admin'], supplierId: other.supplierId });
    expect((await activity('page=1', await tokenOf(stranger))).pagingInfo.totalItems).toBe(0);
  });
});
