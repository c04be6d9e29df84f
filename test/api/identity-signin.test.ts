import jwt from 'jsonwebtoken';
import { loadConfig } from '@tbo/kernel';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { claimsOf, registerTenants, registerUser, signIn, uniqueAddress, uniqueEmail, type TestUser } from '../support/identity';

const WRONG = { IsOk: false, Code: 400, Content: null, ErrorTitle: 'Sign in failed', ErrorMessage: 'Wrong email of password' };

describe('POST /api/auth/signin', () => {
  const api = apiSuite();
  let tenants: Awaited<ReturnType<typeof registerTenants>>;
  let editor: TestUser;
  let agentAdmin: TestUser;

  beforeAll(async () => {
    tenants = await registerTenants(api.app);
    editor = await registerUser(api.app, { fullName: 'Sara Khan', roles: ['editor'], supplierId: tenants.supplierId });
    agentAdmin = await registerUser(api.app, { fullName: 'Daniel Brooks', roles: ['agent', 'admin'], agencyId: tenants.agencyId, isAgencyAdmin: true });
  });

  it("answers a token with the spec's claims: one role as a string", async () => {
    const res = await signIn(api.http, editor.email, editor.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ IsOk: true, Code: 200, ErrorTitle: null, ErrorMessage: null });
    const claims = claimsOf(res.body.Content.token);
    expect(claims).toMatchObject({
      sub: editor.email,
      FullName: 'Sara Khan',
      AgencyName: '',
      IsAgencyAdmin: '0',
      role: 'editor',
      SupplierId: tenants.supplierId,
      pwv: 0,
      iss: 'tour-back-office',
    });
    expect(claims).not.toHaveProperty('AgencyId');
    expect(claims.exp as number).toBeGreaterThan(claims.iat as number);
    // The token opens signed-in routes.
    expect((await api.http.get('/api/languages/sync').set(bearer(res.body.Content.token))).status).toBe(200);
  });

  it("answers several roles as a list, with the agency's name and the agency-admin flag", async () => {
    const res = await signIn(api.http, agentAdmin.email, agentAdmin.password);
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.Content.token)).toMatchObject({
      sub: agentAdmin.email,
      FullName: 'Daniel Brooks',
      AgencyName: tenants.agencyName,
      IsAgencyAdmin: '1',
      role: ['agent', 'admin'],
      AgencyId: tenants.agencyId,
    });
  });

  it('takes the email in any case and with spaces around it', async () => {
    const res = await signIn(api.http, `  ${editor.email.toUpperCase()} `, editor.password);
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.Content.token).sub).toBe(editor.email);
  });

  it('answers a wrong password and an unknown email alike: 400, "Wrong email of password"', async () => {
    const wrongPassword = await signIn(api.http, editor.email, `${editor.password}x`);
    const unknownEmail = await signIn(api.http, uniqueEmail('nobody'), editor.password);
    expectErrorEnvelope(wrongPassword, 400);
    expect(wrongPassword.body).toEqual(WRONG);
    expect(unknownEmail.body).toEqual(WRONG);
    expect(unknownEmail.status).toBe(wrongPassword.status);
  });

  it('takes as long for an unknown email as for a wrong password (argon2 runs either way)', async () => {
    const user = await registerUser(api.app);
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await signIn(api.http, email, 'Not-The-Password-1');
      expect(res.body).toEqual(WRONG);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Interleaved, each under the account limit: 4 failures for the user, one per unknown email.
    for (let i = 0; i < 4; i++) {
      wrong.push(await time(user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    expect(median(unknown)).toBeGreaterThanOrEqual(median(wrong) * 0.5);
    // Both include a real argon2id verification (tens of milliseconds), not just a lookup.
    expect(median(unknown)).toBeGreaterThan(10);
  });

  it("refuses missing fields with the spec's messages, and unknown fields", async () => {
    const res = await api.http.post('/api/auth/signin').send({ email: '', password: '' });
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors).toEqual({ email: ['Email address is required'], password: ['Password is required'] });
    expectErrorEnvelope(await api.http.post('/api/auth/signin').send({ email: 'a@b.c', password: 'x', remember: true }), 400);
  });

  it('answers 401 without a token and 403 for a role the route does not allow, as envelopes', async () => {
    const anonymous = await api.http.put('/api/auth/changepassword').send({ password: 'x', passwordRepeat: 'x', currentPassword: 'y' });
    expectErrorEnvelope(anonymous, 401);
    expect(anonymous.body).toMatchObject({ ErrorTitle: 'Unauthorized', ErrorMessage: 'Unauthorized' });

    const token = (await signIn(api.http, editor.email, editor.password)).body.Content.token;
    const forbidden = await api.http.get(`/api/auth/logmein?email=${encodeURIComponent(agentAdmin.email)}`).set(bearer(token));
    expectErrorEnvelope(forbidden, 403);
    expect(forbidden.body.ErrorMessage).toBe('You are not allowed to access this page');

    expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(`${token}x`)), 401);
  });

  describe('throttling (defaults: 5 failures per account and address, 50 per account, 20 per address, per 15 minutes)', () => {
    const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

    it('answers the 6th failure for an account from one address with 429, even with the right password; the owner signs in from another address', async () => {
      const user = await registerUser(api.app);
      const attacker = uniqueAddress();
      for (let i = 1; i <= 5; i++) expect((await signIn(api.http, user.email, `wrong-${i}`, attacker)).body).toEqual(WRONG);

      const sixth = await signIn(api.http, user.email, 'wrong-6', attacker);
      expectErrorEnvelope(sixth, 429);
      expect(sixth.body.ErrorMessage).toBe('Too many sign-in attempts. Try again in 15 minutes.');
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expectErrorEnvelope(await signIn(api.http, user.email, user.password, attacker), 429);

      // The attacker cannot lock the owner out: from the owner's own address the right password works, and a typo is a 400.
      const owner = uniqueAddress();
      expect((await signIn(api.http, user.email, 'typo', owner)).body).toEqual(WRONG);
      expect((await signIn(api.http, user.email, user.password, owner)).status).toBe(200);
      // ...while the attacker's address stays locked for that account.
      expectErrorEnvelope(await signIn(api.http, user.email, user.password, attacker), 429);
      // Another account from another address is not affected.
      expect((await signIn(api.http, editor.email, editor.password, uniqueAddress())).status).toBe(200);
    });

    it('30 wrong passwords in parallel for one account from one address: 5 are checked (400), 25 answer 429', async () => {
      const user = await registerUser(api.app);
      const address = uniqueAddress();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(api.http, user.email, `parallel-${i}`, address)));
      expect(statuses(answers)).toEqual([...Array<number>(5).fill(400), ...Array<number>(25).fill(429)]);
      for (const refused of answers.filter((r) => r.status === 429)) expect(refused.body.ErrorMessage).toBe('Too many sign-in attempts. Try again in 15 minutes.');
      expectErrorEnvelope(await signIn(api.http, user.email, user.password, address), 429);
    });

    it('30 wrong passwords in parallel from one address, each for another account: 20 are checked, 10 answer 429', async () => {
      const address = uniqueAddress();
      const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(api.http, uniqueEmail('spray'), 'Guess-1234', address)));
      expect(statuses(answers)).toEqual([...Array<number>(20).fill(400), ...Array<number>(10).fill(429)]);
    });

    it('guesses spread over many addresses are bounded too: 50 failures per account over all addresses', async () => {
      const user = await registerUser(api.app);
      const answers = await Promise.all(Array.from({ length: 55 }, (_, i) => signIn(api.http, user.email, `spread-${i}`, uniqueAddress())));
      expect(statuses(answers)).toEqual([...Array<number>(50).fill(400), ...Array<number>(5).fill(429)]);
      expectErrorEnvelope(await signIn(api.http, user.email, user.password, uniqueAddress()), 429);
    });

    it("a success clears the account's failures", async () => {
      const user = await registerUser(api.app);
      const address = uniqueAddress();
      for (let i = 0; i < 4; i++) expect((await signIn(api.http, user.email, 'wrong', address)).status).toBe(400);
      expect((await signIn(api.http, user.email, user.password, address)).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await signIn(api.http, user.email, 'wrong', address)).status).toBe(400);
      expectErrorEnvelope(await signIn(api.http, user.email, 'wrong', address), 429);
    });

    it('answers 429 to an address after 20 failures, whichever accounts they were for', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < 20; i++) expect((await signIn(api.http, uniqueEmail('spray'), 'Guess-1234', address)).status).toBe(400);
      const user = await registerUser(api.app);
      const blocked = await signIn(api.http, user.email, user.password, address);
      expectErrorEnvelope(blocked, 429);
      expect(blocked.body.ErrorMessage).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
      expect((await signIn(api.http, user.email, user.password, uniqueAddress())).status).toBe(200);
    });
  });

  it('a token without a password version answers 401, even for a user that exists and a valid signature', async () => {
    const claims = claimsOf((await signIn(api.http, editor.email, editor.password)).body.Content.token);
    const { pwv: _pwv, iat: _iat, exp: _exp, iss: _iss, sub: _sub, ...rest } = claims;
    const config = loadConfig();
    const token = jwt.sign(rest, config.JWT_SECRET, { algorithm: 'HS256', subject: editor.email, issuer: config.JWT_ISSUER, expiresIn: 600 });
    expectErrorEnvelope(await api.http.get('/api/languages/sync').set(bearer(token)), 401);
    expect((await api.http.get('/api/languages/sync').set(bearer(await tokenFor(['agent'])))).status).toBe(200);
  });
});
