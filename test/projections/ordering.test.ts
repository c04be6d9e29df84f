import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { EventSchemaRegistry, type NewEvent } from '@tbo/event-schemas';
import { parsePgPosition, type ExpectedRevision } from '@tbo/kernel';
import { ProjectionRunner, type Projection } from '@tbo/read-models';
import {
  eventRowKey,
  liveGeneration,
  openKnex,
  openStore,
  RecordingLogger,
  testMetadata,
  uniqueTag,
  waitForCheckpoint,
  type StoreHandle,
} from './projection-test-kit';

/**
 * Many writers append while the runner runs; the projection must see every event exactly once,
 * each stream in revision order and the whole store in global order. Postgres makes this hard:
 * a position is taken at insert but becomes visible at commit, so a reader that checkpoints on
 * the highest position it has seen skips the events of a writer that commits late. Some of our
 * writers commit late on purpose (they hold their append transaction open for a few ms).
 */

const WRITERS = 16;
const EVENTS_PER_WRITER = 1300; // 20,800 in all
const PRIVATE_STREAMS_PER_WRITER = 3;
const SHARED_STREAMS = 6;

const tag = uniqueTag();

interface Appended {
  stream: string;
}

interface RunResult {
  appended: Map<string, Appended>;
  perStream: Map<string, number>;
}

function probeType(run: number | string): string {
  return `OrderingProbeRecorded${tag}R${run}`;
}

function registryFor(run: number | string): EventSchemaRegistry {
  return new EventSchemaRegistry().register({
    type: probeType(run),
    version: 1,
    schema: z.object({ writer: z.number().int(), seq: z.number().int() }),
    example: { writer: 0, seq: 0 },
  });
}

/** Records every event it is given, with the order it was given in (applied_seq). */
function orderingProjection(run: number | string): Projection {
  const table = `ord_${tag}_r${run}_events`;
  return {
    name: `ord_${tag}_r${run}`,
    version: 1,
    handles: [probeType(run)],
    tables: {
      [table]: (t) => {
        eventRowKey(t, { place: true });
        t.bigInteger('pos_tx').notNullable();
        t.bigInteger('pos_gp').notNullable();
        t.specificType('applied_seq', 'bigserial');
        t.integer('dup_count').notNullable().defaultTo(0);
      },
    },
    async apply(ctx, e) {
      const physical = ctx.table(table);
      const p = parsePgPosition(e.position);
      await ctx
        .trx(physical)
        .insert({ event_id: e.eventId, stream: e.streamId, revision: e.revision, pos_tx: p.tx.toString(), pos_gp: p.pos.toString() })
        .onConflict('event_id')
        .merge({ dup_count: ctx.trx.raw('??.dup_count + 1', [physical]) });
    },
  };
}

/**
 * An append whose transaction stays open a little after the insert, like a writer that is
 * descheduled between insert and commit: the same SQL function the store calls, on a
 * dedicated connection.
 */
async function slowAppend(client: PoolClient, stream: string, expected: number, events: (NewEvent & { eventId: string })[]): Promise<number> {
  await client.query('BEGIN');
  try {
    const res = await client.query<{ next_revision: string }>(
      'SELECT next_revision FROM append_events($1, $2, $3::uuid[], $4, $5, $6::jsonb[], $7::jsonb[])',
      [
        stream,
        expected,
        events.map((e) => e.eventId),
        events.map((e) => e.type),
        events.map(() => 1),
        events.map((e) => JSON.stringify(e.data)),
        events.map(() => JSON.stringify(testMetadata())),
      ],
    );
    await client.query('SELECT pg_sleep($1)', [0.002 + Math.random() * 0.02]);
    await client.query('COMMIT');
    return Number(res.rows[res.rows.length - 1]!.next_revision);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

async function writeConcurrently(writerStore: StoreHandle, run: number): Promise<RunResult> {
  const appended = new Map<string, Appended>();
  const perStream = new Map<string, number>();
  const type = probeType(run);
  const shared = Array.from({ length: SHARED_STREAMS }, (_, k) => `ords${tag}r${run}-${k}`);

  const record = (stream: string, events: { eventId: string }[]) => {
    for (const e of events) appended.set(e.eventId, { stream });
    perStream.set(stream, (perStream.get(stream) ?? 0) + events.length);
  };

  // The shared streams exist before the writers race for them: when two appends race to create
  // a stream, the event store can record them out of revision order (the known bug below).
  for (const stream of shared) {
    const events = [{ type, data: { writer: -1, seq: 0 }, eventId: randomUUID() }];
    await writerStore.store.appendToStream(stream, events, { expectedRevision: 'no_stream', metadata: testMetadata() });
    record(stream, events);
  }

  const writer = async (w: number) => {
    const lateCommitter = w % 4 === 0;
    const own = Array.from({ length: PRIVATE_STREAMS_PER_WRITER }, (_, j) => `ordp${tag}r${run}-w${w}s${j}`);
    const revision = new Map<string, number>(); // private streams: their last revision
    let seq = 0;
    while (seq < EVENTS_PER_WRITER) {
      const n = Math.min(1 + Math.floor(Math.random() * 3), EVENTS_PER_WRITER - seq);
      const events = Array.from({ length: n }, () => ({ type, data: { writer: w, seq: seq++ }, eventId: randomUUID() }));
      if (Math.random() < 0.5) {
        const stream = shared[Math.floor(Math.random() * shared.length)]!;
        await writerStore.store.appendToStream(stream, events, { expectedRevision: 'any', metadata: testMetadata() });
        record(stream, events);
        continue;
      }
      const stream = own[Math.floor(Math.random() * own.length)]!;
      const last = revision.get(stream);
      if (lateCommitter && last !== undefined && Math.random() < 0.3) {
        const client = await writerStore.pool.connect();
        try {
          revision.set(stream, await slowAppend(client, stream, last, events));
        } finally {
          client.release();
        }
      } else {
        const expectedRevision: ExpectedRevision = last === undefined ? 'no_stream' : last;
        const r = await writerStore.store.appendToStream(stream, events, { expectedRevision, metadata: testMetadata() });
        revision.set(stream, r.nextExpectedRevision);
      }
      record(stream, events);
    }
  };

  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return { appended, perStream };
}

describe('projection runner under concurrent writers', () => {
  const open: { close(): Promise<void> }[] = [];
  /** A started runner; `stopAll` closes it with both stores and its database, once (a failed test's afterEach does too). */
  const startRunner = async (writerStore: StoreHandle, readerStore: StoreHandle, db: Knex, projection: Projection, logger: RecordingLogger, pollMs: number) => {
    const runner = new ProjectionRunner(db, readerStore.store, projection, logger, { batchSize: 500, pollMs });
    let stopped = false;
    const stopAll = async () => {
      if (stopped) return;
      stopped = true;
      await runner.stop();
      await writerStore.close();
      await readerStore.close();
      await db.destroy();
    };
    open.push({ close: stopAll });
    await runner.start();
    return { stopAll };
  };
  afterAll(async () => {
    for (const o of open.reverse()) await o.close().catch(() => undefined);
  });

  it.each([1, 2, 3])('run %i: every event exactly once, each stream in revision order, the store in global order', async (run) => {
    const registry = registryFor(run);
    const projection = orderingProjection(run);
    const table = Object.keys(projection.tables)[0]!;
    const writerStore = openStore(registry, { max: WRITERS + 2, applicationName: `ord-writers-${tag}` });
    const readerStore = openStore(registry, { max: 4, applicationName: `ord-reader-${tag}` });
    const db: Knex = openKnex(`ord-runner-${tag}-${run}`, 4);
    const logger = new RecordingLogger();
    const { stopAll } = await startRunner(writerStore, readerStore, db, projection, logger, 200);
    const { appended, perStream } = await writeConcurrently(writerStore, run);
    // The runner was applying while the writers wrote (not only afterwards).
    const appliedDuringWrites = Number((await db(table).count<{ count: string }[]>('* as count'))[0]!.count);

    const head = await readerStore.store.headPosition();
    const gen = await waitForCheckpoint(db, readerStore.store, projection.name, head, 60_000);
    await stopAll();

    expect(appended.size).toBeGreaterThanOrEqual(20_000);
    expect(appliedDuringWrites).toBeGreaterThan(0);
    expect(gen.state).toBe('running');
    expect(logger.count('error')).toBe(0);

    const check = openKnex(`ord-check-${tag}`, 2);
    try {
      // Exactly once: one row per appended event, none applied twice, nothing foreign.
      const ids: { event_id: string }[] = await check(table).select('event_id');
      expect(ids.length).toBe(appended.size);
      const idSet = new Set(ids.map((r) => r.event_id));
      expect([...appended.keys()].filter((id) => !idSet.has(id))).toEqual([]);
      const dups = await check(table).where('dup_count', '>', 0).count<{ count: string }[]>('* as count');
      expect(Number(dups[0]!.count)).toBe(0);
      expect(Number((await liveGeneration(check, projection.name))!.events_applied)).toBe(appended.size);

      // Each stream complete, and applied in revision order 0, 1, 2, ...
      const streams: { stream: string; n: string; min: number; max: number }[] = await check(table)
        .select('stream')
        .count('* as n')
        .min('revision as min')
        .max('revision as max')
        .groupBy('stream');
      expect(new Map(streams.map((s) => [s.stream, Number(s.n)]))).toEqual(perStream);
      for (const s of streams) expect([s.min, s.max]).toEqual([0, Number(s.n) - 1]);
      const outOfOrder = await check.raw<{ rows: { stream: string; revision: number; prev: number }[] }>(
        `SELECT stream, revision, prev FROM (
           SELECT stream, revision, lag(revision) OVER (PARTITION BY stream ORDER BY applied_seq) AS prev FROM ??
         ) x WHERE prev IS NOT NULL AND revision <> prev + 1 LIMIT 5`,
        [table],
      );
      expect(outOfOrder.rows).toEqual([]);

      // The whole store in global (transaction, position) order.
      const globalOutOfOrder = await check.raw<{ rows: { n: string }[] }>(
        `SELECT count(*) AS n FROM (
           SELECT pos_tx, pos_gp,
                  lag(pos_tx) OVER (ORDER BY applied_seq) AS ptx, lag(pos_gp) OVER (ORDER BY applied_seq) AS pgp FROM ??
         ) x WHERE ptx IS NOT NULL AND (pos_tx, pos_gp) <= (ptx, pgp)`,
        [table],
      );
      expect(Number(globalOutOfOrder.rows[0]!.n)).toBe(0);
    } finally {
      await check.destroy();
    }
  }, 90_000);

  /**
   * Appends to one stream that race (two creating it with 'any', or 'stream_exists') must still
   * reach projections in revision order: append_events serialises them per stream before it
   * writes, so a waiter never records later revisions under an older transaction id.
   */
  it('appends racing to create a stream, or with stream_exists, reach projections in revision order', async () => {
    const run = 'race';
    const projection = orderingProjection(run);
    const table = Object.keys(projection.tables)[0]!;
    const writerStore = openStore(registryFor(run), { max: 14, applicationName: `ord-race-writers-${tag}` });
    const readerStore = openStore(registryFor(run), { max: 3, applicationName: `ord-race-reader-${tag}` });
    const db: Knex = openKnex(`ord-race-runner-${tag}`, 3);
    const { stopAll } = await startRunner(writerStore, readerStore, db, projection, new RecordingLogger(), 100);

    const append = (stream: string, w: number, expectedRevision: ExpectedRevision) =>
      writerStore.store.appendToStream(stream, [{ type: probeType(run), data: { writer: w, seq: 0 } }], { expectedRevision, metadata: testMetadata() });
    for (let round = 0; round < 30; round++) {
      const stream = `ordrace${tag}-${round}`;
      await Promise.all(Array.from({ length: 12 }, (_, w) => append(stream, w, 'any')));
      await Promise.all(Array.from({ length: 12 }, (_, w) => append(stream, w, 'stream_exists')));
    }
    await waitForCheckpoint(db, readerStore.store, projection.name, await readerStore.store.headPosition());
    await stopAll();

    const check = openKnex(`ord-race-check-${tag}`, 1);
    try {
      expect(Number((await check(table).count<{ count: string }[]>('* as count'))[0]!.count)).toBe(30 * 24);
      const outOfOrder = await check.raw<{ rows: unknown[] }>(
        `SELECT stream, revision, prev FROM (
           SELECT stream, revision, lag(revision) OVER (PARTITION BY stream ORDER BY applied_seq) AS prev FROM ??
         ) x WHERE prev IS NOT NULL AND revision <> prev + 1 LIMIT 5`,
        [table],
      );
      expect(outOfOrder.rows).toEqual([]);
    } finally {
      await check.destroy();
    }
  }, 60_000);
});
