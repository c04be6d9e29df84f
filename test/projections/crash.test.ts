import type { Knex } from 'knex';
import { z } from 'zod';
import { EventSchemaRegistry } from '@tbo/event-schemas';
import { ProjectionRunner, rebuildProjection, type Projection } from '@tbo/read-models';
import { eventRowKey, liveGeneration, openKnex, openStore, RecordingLogger, testMetadata, uniqueTag, waitFor, waitForCheckpoint } from './projection-test-kit';

/**
 * The runner's connection dies in the middle of a batch (pg_terminate_backend, as when Postgres
 * restarts or a proxy drops it). The batch and its checkpoint roll back together, the runner
 * retries, and the read tables end up exactly as a rebuild from scratch makes them: nothing
 * applied twice, nothing lost.
 */

const tag = uniqueTag();
const TYPE = `CrashProbeRecorded${tag}`;
const ROWS = `crash_${tag}_rows`;
const STREAMS = `crash_${tag}_streams`;
const STREAM_COUNT = 20;
const PER_APPEND = 20;

const registry = new EventSchemaRegistry().register({
  type: TYPE,
  version: 1,
  schema: z.object({ n: z.number().int() }),
  example: { n: 1 },
});

/** Only while the runners run: the rebuild it is compared with needs no window to crash in. */
let slowApply = true;

/**
 * Slow on purpose (2 ms per event, so a batch of 200 is in flight for about half a second).
 * Its state would show any batch applied twice or half applied: per-event rows counting their
 * applications, and per-stream totals with an order-sensitive checksum and a gap counter.
 */
const projection: Projection = {
  name: `crash_${tag}`,
  version: 1,
  handles: [TYPE],
  tables: {
    [ROWS]: (t) => {
      eventRowKey(t, { place: true });
      t.integer('n').notNullable();
      t.integer('applied_count').notNullable().defaultTo(1);
    },
    [STREAMS]: (t) => {
      t.text('stream').primary();
      t.integer('events').notNullable();
      t.integer('last_revision').notNullable();
      t.bigInteger('checksum').notNullable();
      t.integer('gaps').notNullable().defaultTo(0);
    },
  },
  async apply({ trx, table }, e) {
    const { n } = e.data as { n: number };
    if (slowApply) await trx.raw('SELECT pg_sleep(0.002)');
    await trx(table(ROWS))
      .insert({ event_id: e.eventId, stream: e.streamId, revision: e.revision, n })
      .onConflict('event_id')
      .merge({ applied_count: trx.raw('??.applied_count + 1', [table(ROWS)]) });
    await trx.raw(
      `INSERT INTO ?? AS s (stream, events, last_revision, checksum, gaps) VALUES (?, 1, ?, ?, CASE WHEN ? = 0 THEN 0 ELSE 1 END)
       ON CONFLICT (stream) DO UPDATE SET
         events = s.events + 1,
         last_revision = EXCLUDED.last_revision,
         checksum = (s.checksum * 31 + EXCLUDED.checksum) % 1000000007,
         gaps = s.gaps + CASE WHEN EXCLUDED.last_revision = s.last_revision + 1 THEN 0 ELSE 1 END`,
      [table(STREAMS), e.streamId, e.revision, n, e.revision],
    );
  },
};

describe('projection runner: the connection dies mid-batch', () => {
  const storeHandle = openStore(registry, { max: 6, applicationName: `crash-store-${tag}` });
  const admin = openKnex(`crash-admin-${tag}`, 3);
  const runnerDbs: Knex[] = [];
  const runners: ProjectionRunner[] = [];
  let appended = 0;
  let n = 0;

  const appendRound = async () => {
    for (let s = 0; s < STREAM_COUNT; s++) {
      const events = Array.from({ length: PER_APPEND }, () => ({ type: TYPE, data: { n: n++ } }));
      await storeHandle.store.appendToStream(`crash${tag}-${s}`, events, { expectedRevision: 'any', metadata: testMetadata() });
      appended += events.length;
    }
  };

  /** The runner's backend once it is inside a batch that has already written rows. */
  const findMidBatch = (applicationName: string): Promise<number> =>
    waitFor(
      'the runner to be inside a batch that has written',
      async () => {
        const res = await admin.raw<{ rows: { pid: number }[] }>(
          `SELECT pid FROM pg_stat_activity
            WHERE application_name = ? AND backend_xid IS NOT NULL AND state IN ('active', 'idle in transaction')`,
          [applicationName],
        );
        return res.rows[0]?.pid ?? null;
      },
      20_000,
      5,
    );

  const terminate = async (pid: number): Promise<boolean> => {
    const res = await admin.raw<{ rows: { killed: boolean }[] }>('SELECT pg_terminate_backend(?) AS killed', [pid]);
    return res.rows[0]!.killed;
  };

  const killMidBatch = async (applicationName: string): Promise<boolean> => terminate(await findMidBatch(applicationName));

  const appliedSoFar = async () => Number((await liveGeneration(admin, projection.name))?.events_applied ?? 0);

  afterAll(async () => {
    for (const r of runners) await r.stop().catch(() => undefined);
    for (const d of runnerDbs) await d.destroy().catch(() => undefined);
    await admin.destroy();
    await storeHandle.close();
  });

  /** A started runner on a pool of its own, named so the test can find and kill its connection; closed in afterAll. */
  const startRunner = async (appName: string) => {
    const db = openKnex(appName, 3);
    runnerDbs.push(db);
    const logger = new RecordingLogger();
    const runner = new ProjectionRunner(db, storeHandle.store, projection, logger, { batchSize: 200, pollMs: 100 });
    runners.push(runner);
    await runner.start();
    return { runner, logger };
  };

  it('retries, applies every event exactly once, and matches a rebuild from scratch', async () => {
    for (let i = 0; i < 5; i++) await appendRound(); // 2,000 events: ~5 s of applying at 2 ms each

    const appName1 = `crash-runner-${tag}-1`;
    const { runner: runner1, logger: logger1 } = await startRunner(appName1);

    // Four kills while runner 1 works, letting it make progress between them; more events arrive meanwhile.
    let kills = 0;
    for (let k = 0; k < 4; k++) {
      const before = await appliedSoFar();
      if (await killMidBatch(appName1)) kills++;
      if (k === 1) await appendRound();
      await waitFor('progress after a kill', async () => (await appliedSoFar()) > before, 20_000);
    }
    expect(kills).toBe(4);
    // Each kill hit a batch: the runner took it as a transient error and tried again.
    expect(logger1.count('warn')).toBeGreaterThanOrEqual(kills);
    expect(logger1.count('error')).toBe(0);
    expect((await liveGeneration(admin, projection.name))!.state).toBe('running');

    // A crash of the whole process: its connection dies mid-batch while it is being stopped;
    // a new runner (another process, another pool) carries on from the checkpoint.
    const victim = await findMidBatch(appName1);
    const stopping = runner1.stop();
    expect(await terminate(victim)).toBe(true);
    await stopping;
    const stoppedAt = await appliedSoFar();
    expect(stoppedAt).toBeLessThan(appended); // the second runner has work to do

    await appendRound();
    const appName2 = `crash-runner-${tag}-2`;
    const { runner: runner2, logger: logger2 } = await startRunner(appName2);
    expect(await killMidBatch(appName2)).toBe(true);

    const head = await storeHandle.store.headPosition();
    const gen = await waitForCheckpoint(admin, storeHandle.store, projection.name, head, 60_000);
    await runner2.stop();
    expect(gen.state).toBe('running');
    expect(logger2.count('warn')).toBeGreaterThanOrEqual(1);
    expect(logger2.count('error')).toBe(0);
    expect(Number(gen.events_applied)).toBe(appended);

    // Exactly once, in order, complete.
    const rows = await admin(ROWS).select('*').orderBy('event_id');
    expect(rows.length).toBe(appended);
    expect(rows.filter((r: { applied_count: number }) => r.applied_count !== 1)).toEqual([]);
    const streams = await admin(STREAMS).select('*').orderBy('stream');
    expect(streams.length).toBe(STREAM_COUNT);
    for (const s of streams) {
      expect(s.gaps).toBe(0);
      expect(s.last_revision).toBe(s.events - 1);
    }
    expect(streams.reduce((sum: number, s: { events: number }) => sum + s.events, 0)).toBe(appended);

    // The same events applied from scratch, without crashes, into a new generation.
    slowApply = false;
    const before = gen.generation;
    const rebuilt = await rebuildProjection(admin, storeHandle.store, projection, () => undefined, 1000);
    expect(rebuilt).toBeGreaterThan(before);
    expect(await admin(ROWS).select('*').orderBy('event_id')).toEqual(rows);
    expect(await admin(STREAMS).select('*').orderBy('stream')).toEqual(streams);
  }, 90_000);
});
