import { CommandBus } from '@nestjs/cqrs';
import jwt from 'jsonwebtoken';
import { ChangeUserRolesCommand, type ChangedUser } from '@tbo/identity';
import { loadConfig, systemContext } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { caughtUp, claimsOf, registerTenants, registerUser } from '../support/identity';

/** What the source once signed with when JWT_SECRET was unset; a token made with it must never work again. */
const OLD_DEFAULT_SECRET = 'dev-only-secret-change-me-in-production';

/**
 * Which signed tokens the API accepts: only ones sign-in could have issued, for a user who exists
 * and still has the token's tenant and roles, with an expiry and a password version.
 */
describe('bearer tokens', () => {
  const api = apiSuite({ TOKEN_CHECK_CACHE_MS: '0' });
  let good: string;
  let claims: Record<string, unknown>;
  const config = loadConfig();
  const sign = (payload: Record<string, unknown>, secret = config.JWT_SECRET, options: jwt.SignOptions = { expiresIn: 600 }) =>
    jwt.sign(payload, secret, { algorithm: 'HS256', issuer: config.JWT_ISSUER, ...options });
  /** A route any signed-in user may call. */
  const call = (token: string) => api.http.get('/api/languages/sync').set(bearer(token));

  beforeAll(async () => {
    // No caching of users between requests, so a role change shows at once.
    good = await tokenFor(['editor']);
    const { iat: _iat, exp: _exp, iss: _iss, ...rest } = claimsOf(good);
    claims = rest;
  });
  afterAll(async () => {
    delete process.env.TOKEN_CHECK_CACHE_MS;
  });

  it('accepts a token as sign-in issues it (the baseline every refusal below differs from in one way)', async () => {
    expect((await call(sign(claims))).status).toBe(200);
  });

  it('refuses a token signed with the old default secret, for a made-up superadmin and for a real user alike', async () => {
    expect(config.JWT_SECRET).not.toBe(OLD_DEFAULT_SECRET);
    const forged = sign({ sub: 'root@nowhere.test', role: 'superadmin', FullName: 'Root', AgencyName: '', IsAgencyAdmin: '0', pwv: 0 }, OLD_DEFAULT_SECRET);
    expectErrorEnvelope(await call(forged), 401);
    expectErrorEnvelope(await api.http.post('/api/languages').set(bearer(forged)).send({ id: 0, name: 'Forged', code: 'frg' }), 401);
    expectErrorEnvelope(await call(sign(claims, OLD_DEFAULT_SECRET)), 401);
  });

  it('refuses a token without an expiry', async () => {
    const forever = sign(claims, config.JWT_SECRET, {});
    expect(claimsOf(forever).exp).toBeUndefined();
    expectErrorEnvelope(await call(forever), 401);
  });

  it('refuses a token without a password version', async () => {
    const { pwv: _pwv, ...withoutPwv } = claims;
    expectErrorEnvelope(await call(sign(withoutPwv)), 401);
  });

  it('refuses a correctly signed token of a user who does not exist', async () => {
    const res = await call(sign({ ...claims, sub: 'nobody.at.all@test.local' }));
    expectErrorEnvelope(res, 401);
    expect(res.body.ErrorMessage).toBe('Unauthorized');
  });

  it('refuses a token that claims a role or a tenant its user does not have', async () => {
    expectErrorEnvelope(await call(sign({ ...claims, role: ['editor', 'superadmin'] })), 401);
    const other = await registerTenants(api.app);
    expectErrorEnvelope(await call(sign({ ...claims, SupplierId: other.supplierId })), 401);
    const { SupplierId: _s, ...noSupplier } = claims;
    expectErrorEnvelope(await call(sign(noSupplier)), 401);
  });

  it("refuses a user's token once one of its roles was taken away", async () => {
    const tenants = await registerTenants(api.app);
    const user = await registerUser(api.app, { roles: ['admin', 'editor'], supplierId: tenants.supplierId });
    const token = await tokenFor(['admin', 'editor'], { email: user.email });
    expect((await call(token)).status).toBe(200);
    const changed: ChangedUser = await api.app.get(CommandBus).execute(new ChangeUserRolesCommand({ email: user.email, roles: ['editor'] }, systemContext('test')));
    await caughtUp(api.app, changed.position);
    expectErrorEnvelope(await call(token), 401);
    expect((await call(await tokenFor(['editor'], { email: user.email }))).status).toBe(200);
  });
});
