import { randomUUID } from 'node:crypto';
import knex from 'knex';
import { IdempotencyRecords } from './idempotency-records';

const db = knex({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 2 } });
const records = new IdempotencyRecords(db);
const scope = `tester@example.com POST /api/things ${randomUUID()}`;
const rowOf = (key: string) => db('command_idempotency').where({ scope, key }).first<{ request_hash: string; status: string; answer: unknown } | undefined>();

afterAll(async () => {
  await db('command_idempotency').where({ scope }).delete();
  await db.destroy();
});

describe('IdempotencyRecords', () => {
  it('lets only the first of the same key asked for at once claim it, and each other key its own claim', async () => {
    const [k1, k2] = [randomUUID(), randomUUID()];
    const claims = await Promise.all([records.claim({ scope, key: k1, hash: 'h1' }), records.claim({ scope, key: k1, hash: 'h1' }), records.claim({ scope, key: k2, hash: 'h2' })]);
    expect(claims).toEqual([true, false, true]);
    expect(await rowOf(k1)).toMatchObject({ request_hash: 'h1', status: 'pending', answer: null });
    expect(await rowOf(k2)).toMatchObject({ request_hash: 'h2', status: 'pending' });
    expect(await records.claim({ scope, key: k2, hash: 'h2' })).toBe(false);
  });

  it('writes answers given at once to their own keys, and releases only a pending claim', async () => {
    const [k1, k2, k3] = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all([k1, k2, k3].map((key) => records.claim({ scope, key, hash: 'h' })));
    await Promise.all([records.answer({ scope, key: k1, answer: { code: 200, answer: { id: 1, note: 'quote " and \\ backslash' } } }), records.answer({ scope, key: k2, answer: { code: 400, answer: null } })]);
    expect(await rowOf(k1)).toMatchObject({ status: 'done', answer: { code: 200, answer: { id: 1, note: 'quote " and \\ backslash' } } });
    expect(await rowOf(k2)).toMatchObject({ status: 'done', answer: { code: 400, answer: null } });
    await records.release(scope, k1);
    await records.release(scope, k3);
    expect(await rowOf(k1)).toMatchObject({ status: 'done' });
    expect(await rowOf(k3)).toBeUndefined();
  });
});
