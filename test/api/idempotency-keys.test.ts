import { randomBytes } from 'node:crypto';
import { SECRET_ANSWER_WITHHELD } from '@tbo/kernel';
import { apiSuite, expectErrorEnvelope } from '../support/api';
import { registerUser, signIn, uniqueEmail } from '../support/identity';
import { agentBookingBody, octoSetupForFile, reserveBody, secondReseller } from '../support/octo-setup';

/** Idempotency-Key: scoped to the authenticated caller (a user or a reseller key), never stored with a secret in the answer. */
describe('Idempotency-Key: whose answers a repeat gets, and which answers are kept', () => {
  const api = apiSuite();
  const s = octoSetupForFile(api);
  const newKey = () => `test-${randomBytes(8).toString('hex')}`;
  const rowsOf = (key: string) => api.db('command_idempotency').where({ key }).select<{ scope: string; status: string; answer: unknown }[]>('scope', 'status', 'answer');

  it("answers two resellers sending the same key and body each their own reservation, never the other's", async () => {
    const other = await secondReseller(api, s);
    const key = newKey();
    const body = reserveBody(s);
    const a = await api.http.post('/octo/bookings').set(s.octo).set('Idempotency-Key', key).send(body);
    const b = await api.http.post('/octo/bookings').set(other.octo).set('Idempotency-Key', key).send(body);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.uuid).not.toBe(a.body.uuid);
    expect(b.body.id).not.toBe(a.body.id);
    // Each reseller's own repeat still answers its first answer.
    const againA = await api.http.post('/octo/bookings').set(s.octo).set('Idempotency-Key', key).send(body);
    const againB = await api.http.post('/octo/bookings').set(other.octo).set('Idempotency-Key', key).send(body);
    expect([againA.body.uuid, againB.body.uuid]).toEqual([a.body.uuid, b.body.uuid]);
    const scopes = (await rowsOf(key)).map((r) => r.scope);
    expect(scopes).toHaveLength(2);
    expect(scopes).toContain(`resellerkey:${s.keyId} POST /octo/bookings`);
    expect(new Set(scopes).size).toBe(2);
  });

  it('keeps nothing for a request nobody authenticated: sign-in with a key stores no token', async () => {
    const user = await registerUser(api.app, { roles: ['editor'], supplierId: s.supplierId });
    const key = newKey();
    const first = await signIn(api.http, user.email, user.password).set('Idempotency-Key', key);
    expect(first.status).toBe(200);
    const token: string = first.body.Content.token;
    expect(token).toEqual(expect.any(String));
    expect(await rowsOf(key)).toEqual([]);
    // Another caller sending the same key and body is not answered the first caller's token.
    const second = await signIn(api.http, user.email, user.password).set('Idempotency-Key', key);
    expect(second.status).toBe(200);
    expect(await rowsOf(key)).toEqual([]);
  });

  it('does not store an answer that carries a generated password or an issued key; a repeat is refused, not done twice', async () => {
    const key = newKey();
    const email = uniqueEmail('idem');
    const add = () => api.http.post('/api/staff').set(s.admin).set('Idempotency-Key', key).send({ email, fullName: 'Idris Idem', roles: ['operations'] });
    const added = await add();
    expect(added.status).toBe(200);
    const password: string = added.body.Content.password;
    expect(password.length).toBeGreaterThanOrEqual(12);
    const rows = await rowsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'done', answer: { code: 200, answer: null, withheld: true } });
    expect(JSON.stringify(rows)).not.toContain(password);
    const repeat = await add();
    expectErrorEnvelope(repeat, 409);
    expect(repeat.body.ErrorMessage).toBe(SECRET_ANSWER_WITHHELD);
    expect(JSON.stringify(repeat.body)).not.toContain(password);
    expect(Number((await api.db('users').where({ email }).count<{ count: string | number }[]>('* as count'))[0]!.count)).toBe(1);

    const keyKey = newKey();
    const issued = await api.http.post(`/api/contracts/${s.agencyId}/reseller-keys`).set(s.admin).set('Idempotency-Key', keyKey).send({ name: 'Idempotent key' });
    expect(issued.status).toBe(200);
    expect(JSON.stringify(await rowsOf(keyKey))).not.toContain(issued.body.Content.key);
  });

  it('takes the same key on another item of the same route as another request, not as a repeat', async () => {
    const one = await registerUser(api.app, { roles: ['editor'], supplierId: s.supplierId });
    const two = await registerUser(api.app, { roles: ['editor'], supplierId: s.supplierId });
    const key = newKey();
    const roles = (id: number) => api.http.put(`/api/staff/${id}/roles`).set(s.admin).set('Idempotency-Key', key).send({ roles: ['operations'] });
    const first = await roles(one.id);
    expect(first.status).toBe(200);
    expect(first.body.Content.id).toBe(one.id);
    const second = await roles(two.id);
    expectErrorEnvelope(second, 422);
    expect(second.body.ErrorMessage).toBe('This Idempotency-Key was already used for a different request');
  });

  describe('a claim left pending by a process that died mid-request', () => {
    const book = (key: string) => api.http.post('/api/agent/bookings').set(s.agent).set('Idempotency-Key', key).send(agentBookingBody(s));
    /**
     * A new key's row as a crashed request leaves it: pending, no answer, claimed `age` ago. Its scope and request hash
     * are those of an answered request with the same body (the hash covers the path and body, not the key).
     */
    const crashedClaim = async (age: string): Promise<string> => {
      const answered = newKey();
      expect((await book(answered)).status).toBe(200);
      const key = newKey();
      await api.db.raw(
        `INSERT INTO command_idempotency (scope, key, request_hash, status, created_at)
         SELECT scope, ?, request_hash, 'pending', now() - ?::interval FROM command_idempotency WHERE key = ?`,
        [key, age, answered],
      );
      return key;
    };

    it('is taken over once it is older than any request can take: the retry books, and its repeat replays that booking', async () => {
      const key = await crashedClaim('10 minutes');
      const retry = await book(key);
      expect(retry.status).toBe(200);
      const id: number = retry.body.Content.id;
      expect(id).toEqual(expect.any(Number));
      expect(await rowsOf(key)).toEqual([expect.objectContaining({ status: 'done' })]);
      const repeat = await book(key);
      expect(repeat.status).toBe(200);
      expect(repeat.body.Content.id).toBe(id);
    });

    it('is taken over by exactly one of two retries at once; the other replays its answer', async () => {
      const key = await crashedClaim('10 minutes');
      const [a, b] = await Promise.all([book(key), book(key)]);
      expect([a!.status, b!.status]).toEqual([200, 200]);
      expect(b!.body.Content.id).toBe(a!.body.Content.id);
    });

    it('is not taken over while fresh: a repeat waits, then answers 409 and leaves the claim as it was', async () => {
      const key = await crashedClaim('5 seconds');
      const before = await api.db('command_idempotency').where({ key }).first<{ created_at: Date }>('created_at');
      const repeat = await book(key);
      expectErrorEnvelope(repeat, 409);
      expect(repeat.body.ErrorMessage).toBe('The first request with this Idempotency-Key is still being processed');
      const after = await api.db('command_idempotency').where({ key }).first<{ status: string; created_at: Date }>('status', 'created_at');
      expect(after).toEqual({ status: 'pending', created_at: before!.created_at });
    });
  });
});
