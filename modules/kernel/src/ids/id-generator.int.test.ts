import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { IdGenerator } from './id-generator';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const kind = `test_${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  await pool.query(`DROP SEQUENCE IF EXISTS ${IdGenerator.sequenceName(kind)}`);
  await pool.end();
});

describe('IdGenerator', () => {
  it('gives ids asked for at once from one round trip, each distinct, in the order asked', async () => {
    const ids = new IdGenerator(pool);
    expect(await ids.next(kind)).toBe(1);
    const texts: string[] = [];
    const query = pool.query.bind(pool);
    pool.query = ((config: string, values?: unknown[]) => {
      texts.push(config);
      return query(config, values);
    }) as typeof pool.query;
    try {
      expect(await Promise.all([1, 2, 3, 4, 5].map(() => ids.next(kind)))).toEqual([2, 3, 4, 5, 6]);
      expect(texts.filter((t) => t.includes('nextval'))).toHaveLength(1);
    } finally {
      pool.query = query;
    }
    expect(await ids.nextMany(kind, 3)).toEqual([7, 8, 9]);
    await ids.atLeast(kind, 100);
    expect(await ids.next(kind)).toBe(101);
  });
});
