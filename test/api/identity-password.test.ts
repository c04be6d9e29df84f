import { issueToken, loadConfig } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, apiSuite } from '../support/api';
import { claimsOf, registerTenants, registerUser, settled, signIn, uniqueAddress, type TestUser } from '../support/identity';

describe('PUT /api/auth/changepassword', () => {
  const api = apiSuite();

  beforeAll(async () => {
    await registerTenants(api.app);
  });

  const tokenOf = async (user: TestUser) => {
    const res = await signIn(api.http, user.email, user.password);
    expect(res.status).toBe(200);
    return res.body.Content.token as string;
  };
  /** From an address of its own unless given (sent as X-Forwarded-For, like signIn()), so the throttle's per-address counts stay this test's. */
  const change = (token: string, body: object, address = uniqueAddress()) => api.http.put('/api/auth/changepassword').set(bearer(token)).set('X-Forwarded-For', address).send(body);

  describe('refuses, with a message the form shows as it is', () => {
    let user: TestUser;
    let token: string;
    beforeAll(async () => {
      user = await registerUser(api.app);
      token = await tokenOf(user);
    });

    const refused = async (body: object, field: string, message: string) => {
      const res = await change(token, body);
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toBe(message);
      expect(res.body.Content.errors[field]).toEqual([message]);
    };

    it('a password shorter than 8 characters', async () => {
      await refused({ password: 'Dune-7x', passwordRepeat: 'Dune-7x', currentPassword: user.password }, 'password', 'The new password must be at least 8 characters long');
    });

    it('a password longer than 128 characters', async () => {
      const long = 'Sand-dune'.repeat(15);
      await refused({ password: long, passwordRepeat: long, currentPassword: user.password }, 'password', 'The new password must be at most 128 characters long');
    });

    it('a repeat that does not match', async () => {
      await refused({ password: 'Dune-Bashing-9', passwordRepeat: 'Dune-Bashing-8', currentPassword: user.password }, 'passwordRepeat', 'The new password and its repeat do not match');
    });

    it('a wrong current password', async () => {
      await refused({ password: 'Dune-Bashing-9', passwordRepeat: 'Dune-Bashing-9', currentPassword: `${user.password}?` }, 'currentPassword', 'The current password is not correct');
    });

    it('a common password, whatever its case', async () => {
      await refused(
        { password: 'PassWord123', passwordRepeat: 'PassWord123', currentPassword: user.password },
        'password',
        'This password is one of the most common ones and easy to guess. Choose another one.',
      );
    });

    it('missing fields and unknown fields', async () => {
      const res = await change(token, { password: 'Dune-Bashing-9' });
      expectErrorEnvelope(res, 400);
      expect(res.body.Content.errors).toEqual({ passwordRepeat: ['Repeat the new password'], currentPassword: ['Enter your current password'] });
      expectErrorEnvelope(await change(token, { password: 'Dune-Bashing-9', passwordRepeat: 'Dune-Bashing-9', currentPassword: user.password, email: 'x@y.z' }), 400);
    });

    it('nothing was changed by the refusals: the old password still signs in', async () => {
      expect((await signIn(api.http, user.email, user.password)).status).toBe(200);
    });
  });

  it('accepts a 64-character password and answers Content null; the new password signs in, the old one not', async () => {
    const user = await registerUser(api.app);
    const token = await tokenOf(user);
    const long = 'Camel-caravan-across-the-Empty-Quarter-at-dawn-2026-and-back!!xy';
    expect([...long]).toHaveLength(64);
    const res = await change(token, { password: long, passwordRepeat: long, currentPassword: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ IsOk: true, Code: 200, Content: null, ErrorTitle: null, ErrorMessage: null });
    await settled(api.app);
    expect((await signIn(api.http, user.email, long)).status).toBe(200);
    expect((await signIn(api.http, user.email, user.password)).body.ErrorMessage).toBe('Wrong email of password');
  });

  it('tokens issued before the change stop working (401); one issued right after works, in the same second too', async () => {
    const user = await registerUser(api.app);
    const before = await tokenOf(user);
    const alsoBefore = await tokenOf(user);
    const next = 'Falcon-Over-Hatta-5';
    expect((await change(before, { password: next, passwordRepeat: next, currentPassword: user.password })).status).toBe(200);
    await settled(api.app);
    const after = (await signIn(api.http, user.email, next)).body.Content.token as string;
    expect(claimsOf(after).pwv).toBe(1);

    for (const old of [before, alsoBefore]) {
      const res = await api.http.get('/api/languages/sync').set(bearer(old));
      expectErrorEnvelope(res, 401);
      expect(res.body.ErrorMessage).toBe('Unauthorized');
    }
    expect((await api.http.get('/api/languages/sync').set(bearer(after))).status).toBe(200);
    expect((await change(after, { password: 'Falcon-Over-Hatta-6', passwordRepeat: 'Falcon-Over-Hatta-6', currentPassword: next })).status).toBe(200);
    expect((await api.http.get('/api/languages/sync').set(bearer(after))).status).toBe(401);
  });

  it('counts wrong current passwords as failed sign-ins of the account from that address (the form cannot be used to guess faster)', async () => {
    const user = await registerUser(api.app);
    const token = await tokenOf(user);
    const address = uniqueAddress();
    const body = { password: 'Oasis-Liwa-2026', passwordRepeat: 'Oasis-Liwa-2026', currentPassword: 'guess' };
    for (let i = 0; i < 5; i++) expectErrorEnvelope(await change(token, body, address), 400);
    const refused = await change(token, body, address);
    expectErrorEnvelope(refused, 429);
    expect(refused.body.ErrorMessage).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expectErrorEnvelope(await signIn(api.http, user.email, user.password, address), 429);
    // From another address the owner still signs in.
    expect((await signIn(api.http, user.email, user.password, uniqueAddress())).status).toBe(200);
  });

  it('20 wrong current passwords in parallel from one address: 5 are checked (400), 15 answer 429, and the password is unchanged', async () => {
    const user = await registerUser(api.app);
    const token = await tokenOf(user);
    const address = uniqueAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(token, { password: 'Oasis-Liwa-2026', passwordRepeat: 'Oasis-Liwa-2026', currentPassword: `guess-${i}` }, address)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array<number>(5).fill(400), ...Array<number>(15).fill(429)]);
    expect((await signIn(api.http, user.email, user.password)).status).toBe(200);
  });

  it('answers 401 for a token whose user does not exist', async () => {
    const config = loadConfig();
    const ghost = issueToken(
      { email: 'ghost@identity.test', fullName: 'Ghost', roles: ['editor'], supplierId: null, agencyId: null, agencyName: '', isAgencyAdmin: false },
      { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER, ttlSeconds: 600, passwordVersion: 0 },
    );
    const res = await change(ghost, { password: 'Oasis-Liwa-2026', passwordRepeat: 'Oasis-Liwa-2026', currentPassword: 'whatever' });
    expectErrorEnvelope(res, 401);
  });
});
