import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { contractRegistry } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

/**
 * readAll runs as a prepared statement, so after a few calls Postgres plans it once for any parameters (a generic
 * plan), blind to the checkpoint and the watermark being near the head. Its "anything still to come" check once
 * became a sequential scan of the whole events table there: on every projection step, growing with the store. These
 * cases force the generic plan over a table big enough that only an index lookup is cheap, and read the plan back.
 */
describe('PostgresEventStore.readAll plans', () => {
  const url = process.env.DATABASE_URL!;
  const schema = `plans_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  // One connection, so the statement readAll prepares is the one EXPLAIN EXECUTE reads back.
  const pool = new Pool({ connectionString: url, max: 1, options: `-c search_path=${schema} -c plan_cache_mode=force_generic_plan` });
  const store = new PostgresEventStore(pool, contractRegistry(), url);

  beforeAll(async () => {
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.events (LIKE public.events INCLUDING ALL)`);
    // Many committed events of one type, a few of another: what a store looks like after a busy day.
    await admin.query(
      `INSERT INTO ${schema}.events (event_id, stream_id, revision, type, schema_version, data, metadata)
       SELECT gen_random_uuid(), 'plans-' || (g / 10), g % 10, CASE WHEN g % 1000 = 0 THEN 'ContractOtherHappened' ELSE 'ContractThingHappened' END,
              2, '{"n": 1, "label": "x"}', '{}'
         FROM generate_series(0, 29999) AS g`,
    );
    await admin.query(`ANALYZE ${schema}.events`);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });

  const planOf = async (statement: string, args: string): Promise<string> => {
    const res = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE "${statement}"(${args})`);
    return res.rows.map((r) => r['QUERY PLAN']).join('\n');
  };

  it('reads by type without scanning the whole table', async () => {
    const head = await store.headPosition();
    const read = await store.readAll(head, 10, { types: ['ContractOtherHappened'] });
    expect(read).toMatchObject({ events: [], behind: false });
    const plan = await planOf('tbo-read-all-types', `'0', '0', 10, '{ContractOtherHappened}'`);
    expect(plan).toContain('Index');
    expect(plan).not.toContain('Seq Scan');
  });

  it('reads every type without scanning the whole table', async () => {
    const head = await store.headPosition();
    const read = await store.readAll(head, 10);
    expect(read).toMatchObject({ events: [], behind: false });
    const plan = await planOf('tbo-read-all', `'0', '0', 10`);
    expect(plan).toContain('Index');
    expect(plan).not.toContain('Seq Scan');
  });
});
