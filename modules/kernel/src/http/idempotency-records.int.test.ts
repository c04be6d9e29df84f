import { randomUUID } from 'node:crypto';
import knex from 'knex';
import { IdempotencyRecords } from './idempotency-records';

const db = knex({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 2 } });
const records = new IdempotencyRecords(db);
const scope = `tester@example.com POST /api/things ${randomUUID()}`;
const rowOf = (key: string) => db('command_idempotency').where({ scope, key }).first<{ request_hash: string; status: string; answer: unknown; work: unknown } | undefined>();
/** A claim as one request holds it (its own token). */
const held = (key: string) => ({ scope, key, token: randomUUID() });

afterAll(async () => {
  await db('command_idempotency').where({ scope }).delete();
  await db.destroy();
});

describe('IdempotencyRecords', () => {
  it('lets only the first of the same key asked for at once claim it, and each other key its own claim', async () => {
    const [k1, k2] = [randomUUID(), randomUUID()];
    const claims = await Promise.all([records.claim({ ...held(k1), hash: 'h1' }), records.claim({ ...held(k1), hash: 'h1' }), records.claim({ ...held(k2), hash: 'h2' })]);
    expect(claims).toEqual([true, false, true]);
    expect(await rowOf(k1)).toMatchObject({ request_hash: 'h1', status: 'pending', answer: null });
    expect(await rowOf(k2)).toMatchObject({ request_hash: 'h2', status: 'pending' });
    expect(await records.claim({ ...held(k2), hash: 'h2' })).toBe(false);
  });

  it('writes answers given at once to their own keys, and releases only a pending claim', async () => {
    const [c1, c2, c3] = [held(randomUUID()), held(randomUUID()), held(randomUUID())];
    await Promise.all([c1, c2, c3].map((c) => records.claim({ ...c, hash: 'h' })));
    await Promise.all([records.answer({ ...c1, answer: { code: 200, answer: { id: 1, note: 'quote " and \\ backslash' } } }), records.answer({ ...c2, answer: { code: 400, answer: null } })]);
    expect(await rowOf(c1.key)).toMatchObject({ status: 'done', answer: { code: 200, answer: { id: 1, note: 'quote " and \\ backslash' } } });
    expect(await rowOf(c2.key)).toMatchObject({ status: 'done', answer: { code: 400, answer: null } });
    await records.release(c1);
    await records.release(c3);
    expect(await rowOf(c1.key)).toMatchObject({ status: 'done' });
    expect(await rowOf(c3.key)).toBeUndefined();
  });

  it("keeps a claim to its holder: another request's note, answer or release changes nothing", async () => {
    const mine = held(randomUUID());
    const theirs = { ...mine, token: randomUUID() };
    await records.claim({ ...mine, hash: 'h' });
    expect(await records.note({ ...theirs, work: { bookingId: 2 } })).toBe(false);
    await records.answer({ ...theirs, answer: { code: 200, answer: { id: 2 } } });
    await records.release(theirs);
    expect(await rowOf(mine.key)).toMatchObject({ status: 'pending', answer: null, work: null });
    expect(await records.note({ ...mine, work: { bookingId: 1 } })).toBe(true);
    expect(await rowOf(mine.key)).toMatchObject({ status: 'pending', work: { bookingId: 1 } });
    await records.answer({ ...mine, answer: { code: 200, answer: { id: 1 } } });
    expect(await rowOf(mine.key)).toMatchObject({ status: 'done', answer: { code: 200, answer: { id: 1 } }, work: { bookingId: 1 } });
  });

  it('releases a claim that keeps its note as stale at once and held by no one, for the next retry to take over', async () => {
    const mine = held(randomUUID());
    await records.claim({ ...mine, hash: 'h' });
    await records.note({ ...mine, work: { bookingId: 3 } });
    await records.release(mine, true);
    const row = await db('command_idempotency').where({ scope, key: mine.key }).first<{ status: string; work: unknown; claim_token: string | null; stale: boolean }>(
      'status', 'work', 'claim_token', db.raw(`created_at < now() - interval '10 minutes' AS stale`),
    );
    expect(row).toEqual({ status: 'pending', work: { bookingId: 3 }, claim_token: null, stale: true });
    // Held by no one: its releaser cannot answer it either.
    await records.answer({ ...mine, answer: { code: 200, answer: { id: 3 } } });
    expect(await rowOf(mine.key)).toMatchObject({ status: 'pending', answer: null });
  });
});
