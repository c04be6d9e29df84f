import { randomInt } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { stepTransaction } from './step-transaction';

/**
 * A step's transaction joins BEGIN to its first statement and its last statement to COMMIT (fewer round trips
 * on the path from a command to its change showing), and stays a transaction: all or nothing, and the pooled
 * connection comes back clean whatever failed.
 */

const table = `step_trx_probe_${randomInt(1e9)}`;
let db: Knex;
/** Statements sent on the pool's only connection. */
let sent: string[] = [];

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run through jest (test/support/global-setup.ts)');
  // One connection: what one step leaves on it, the next statement meets.
  db = knex({ client: 'pg', connection: { connectionString: url, application_name: 'step-transaction-test' }, pool: { min: 1, max: 1 } });
  await db.schema.createTable(table, (t) => {
    t.integer('id').primary();
    t.text('note').notNullable();
  });
  const client = (db.client as { acquireConnection(): Promise<{ query: (...args: unknown[]) => unknown }> }).acquireConnection;
  const connection = await client.call(db.client);
  const query = connection.query.bind(connection);
  connection.query = (...args: unknown[]) => {
    const config = args[0] as string | { text: string };
    sent.push(typeof config === 'string' ? config : config.text);
    return query(...args);
  };
  await (db.client as { releaseConnection(c: unknown): Promise<void> }).releaseConnection(connection);
});

afterAll(async () => {
  await db.schema.dropTableIfExists(table);
  await db.destroy();
});

beforeEach(async () => {
  await db(table).del();
  sent = [];
});

const notes = async () => (await db(table).orderBy('id').select('id', 'note')) as { id: number; note: string }[];
/** Whether the connection is inside a transaction (an aborted one answers with an error instead). */
const inTransaction = async () => (await db.raw<{ rows: { open: boolean }[] }>('SELECT now() <> statement_timestamp() AS open')).rows[0]!.open;

describe('stepTransaction', () => {
  it('sends a step of opening, rows and checkpoint in three round trips, committed together', async () => {
    const answer = await stepTransaction(db, async (trx, commit) => {
      const opened = await trx.raw<{ rows: { n: number }[] }>('SELECT 41 + 1 AS n');
      await trx(table).insert({ id: 1, note: 'row' });
      commit.withCommit(trx(table).insert({ id: 2, note: "checkpoint's" }));
      return opened.rows[0]!.n;
    });
    expect(answer).toBe(42);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^BEGIN; SELECT 41 \+ 1/);
    expect(sent[1]).toMatch(/^insert into/);
    expect(sent[2]).toMatch(/^insert into .*; COMMIT$/);
    expect(await notes()).toEqual([
      { id: 1, note: 'row' },
      { id: 2, note: "checkpoint's" },
    ]);
    expect(await inTransaction()).toBe(false);
  });

  it('sends BEGIN on its own before a first statement with bindings, and COMMIT alone without a closing statement', async () => {
    await stepTransaction(db, async (trx) => {
      await trx(table).insert({ id: 3, note: 'bound' });
    });
    expect(sent).toEqual(['BEGIN', expect.stringMatching(/^insert into/), 'COMMIT']);
    expect(await notes()).toEqual([{ id: 3, note: 'bound' }]);
  });

  it('keeps nothing when the statement joined to COMMIT fails, and leaves the connection out of the aborted transaction', async () => {
    await db(table).insert({ id: 9, note: 'before' });
    sent = [];
    await expect(
      stepTransaction(db, async (trx, commit) => {
        await trx.raw('SELECT 1');
        await trx(table).insert({ id: 10, note: 'rolled back' });
        commit.withCommit(trx(table).insert({ id: 9, note: 'duplicate key' }));
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await inTransaction()).toBe(false);
    expect(await notes()).toEqual([{ id: 9, note: 'before' }]);
  });

  it('rolls back what the work wrote when the work throws', async () => {
    await expect(
      stepTransaction(db, async (trx) => {
        await trx.raw('SELECT 1');
        await trx(table).insert({ id: 11, note: 'rolled back' });
        throw new Error('the projection refused the event');
      }),
    ).rejects.toThrow('the projection refused the event');
    expect(await notes()).toEqual([]);
    expect(await inTransaction()).toBe(false);
  });

  it('sends nothing for a transaction that never ran a statement', async () => {
    await expect(
      stepTransaction(db, async () => {
        throw new Error('nothing to do');
      }),
    ).rejects.toThrow('nothing to do');
    await stepTransaction(db, async () => undefined);
    expect(sent).toEqual([]);
  });
});
