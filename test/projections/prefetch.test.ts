import type { Knex } from 'knex';
import { z } from 'zod';
import { EventSchemaRegistry, type RecordedEvent } from '@tbo/event-schemas';
import { ProjectionRunner, skipParked, type EventFeed, type Projection } from '@tbo/read-models';
import { eventRowKey, liveGeneration, openKnex, openStore, parkedRows, RecordingLogger, sleep, testMetadata, uniqueTag, waitFor } from './projection-test-kit';

/**
 * The runner reads batch k+1 while it applies batch k. That read is only good while the
 * checkpoint stays where it was read from: when another runner moves the checkpoint in between
 * (applying events, or parking one it cannot apply), it must be thrown away, or events would be
 * applied twice or skipped.
 * Each scenario forces the move into exactly that gap (a hook before the runner's next
 * transaction) and then checks every event was applied exactly once.
 */

const tag = uniqueTag();
const BATCH = 20;

const registry = new EventSchemaRegistry();

/** One row per event, counting how often it was applied; poison events fail. Handles an event type of its own. */
function recorder(name: string): Projection {
  const table = `${name}_rows`;
  registry.register({
    type: typeOf(name),
    version: 1,
    schema: z.object({ n: z.number().int(), poison: z.boolean() }),
    example: { n: 1, poison: false },
  });
  return {
    name,
    version: 1,
    handles: [typeOf(name)],
    tables: {
      [table]: (t) => {
        eventRowKey(t);
        t.integer('n').notNullable();
        t.integer('applied').notNullable().defaultTo(1);
      },
    },
    async apply({ trx, table: physical }, e) {
      const { n, poison } = e.data as { n: number; poison: boolean };
      if (poison) throw new TypeError(`poison n=${n}`);
      await trx(physical(table))
        .insert({ event_id: e.eventId, n })
        .onConflict('event_id')
        .merge({ applied: trx.raw('??.applied + 1', [physical(table)]) });
    },
  };
}

function typeOf(projectionName: string): string {
  return `PrefetchProbe${projectionName.replace(/_/g, '')}`;
}

interface ReadCall {
  after: string | null;
  limit: number;
  done: Promise<unknown>;
}

/** The store, recording each read; `failRead` makes chosen reads fail as a lost connection would. */
function recordingFeed(inner: EventFeed, failRead: (call: number) => boolean = () => false) {
  const reads: ReadCall[] = [];
  const listeners: ((call: ReadCall, index: number) => void)[] = [];
  const feed: EventFeed = {
    readAll(after, limit, options) {
      const index = reads.length;
      const done = failRead(index)
        ? sleep(5).then(() => Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })))
        : inner.readAll(after, limit, options);
      const call = { after, limit, done: done.catch(() => undefined) };
      reads.push(call);
      for (const l of listeners) l(call, index);
      return done;
    },
    onAppended: (l) => inner.onAppended(l),
    comparePositions: (a, b) => inner.comparePositions(a, b),
    headPosition: () => inner.headPosition(),
  };
  return { feed, reads, onRead: (l: (call: ReadCall, index: number) => void) => listeners.push(l) };
}

/** The runner's knex, with a hook run once before its next transaction starts (between two steps). */
function hookedKnex(db: Knex) {
  let before: (() => Promise<void>) | null = null;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return async (...args: unknown[]) => {
          const hook = before;
          before = null;
          if (hook) await hook();
          return (target.transaction as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: proxy, beforeNextTransaction: (hook: () => Promise<void>) => (before = hook) };
}

describe('projection runner: reading the next batch ahead', () => {
  const storeHandle = openStore(registry, { max: 6, applicationName: `prefetch-store-${tag}` });
  const db = openKnex(`prefetch-runner-${tag}`, 4);
  const otherDb = openKnex(`prefetch-other-${tag}`, 2);
  const store = storeHandle.store;
  let scenario = 0;

  afterAll(async () => {
    await db.destroy();
    await otherDb.destroy();
    await storeHandle.close();
  });

  /**
   * A fresh stream of the projection's type with n = 0..count-1 in appends of 10; a poison event is
   * appended alone to a stream of its own (so that nothing is held behind it when it is parked).
   * Answers the recorded events in order (index n).
   */
  async function appendEvents(p: Projection, count: number, poison: number[] = []): Promise<RecordedEvent[]> {
    const TYPE = p.handles[0]!;
    const stream = `prefetch${tag}-${++scenario}`;
    let revision: number | 'no_stream' = 'no_stream';
    let chunk: { type: string; data: { n: number; poison: boolean } }[] = [];
    const flush = async () => {
      if (!chunk.length) return;
      revision = (await store.appendToStream(stream, chunk, { expectedRevision: revision, metadata: testMetadata() })).nextExpectedRevision;
      chunk = [];
    };
    for (let n = 0; n < count; n++) {
      if (poison.includes(n)) {
        await flush();
        await store.appendToStream(`${stream}p${n}`, [{ type: TYPE, data: { n, poison: true } }], { expectedRevision: 'no_stream', metadata: testMetadata() });
        continue;
      }
      chunk.push({ type: TYPE, data: { n, poison: false } });
      if (chunk.length === 10) await flush();
    }
    await flush();
    const recorded = [...(await store.readStream(stream))];
    for (const n of poison) recorded.push(...(await store.readStream(`${stream}p${n}`)));
    recorded.sort((a, b) => (a.data as { n: number }).n - (b.data as { n: number }).n);
    // Readable in global order only once every older transaction on the server has ended.
    await waitFor('the events to be readable', async () => {
      const { events } = await store.readAll(recorded[recorded.length - 2]!.position, 10, { types: [TYPE] });
      return events.some((e) => e.eventId === recorded[recorded.length - 1]!.eventId);
    });
    return recorded;
  }

  async function applied(p: Projection): Promise<Map<number, number>> {
    const rows: { n: number; applied: number }[] = await db(Object.keys(p.tables)[0]!).select('n', 'applied');
    return new Map(rows.map((r) => [r.n, r.applied]));
  }

  /** Every event applied exactly once, except the skipped ones, which are not applied at all; nothing left parked. */
  async function expectExactlyOnce(p: Projection, count: number, skipped: number[] = []): Promise<void> {
    const got = await applied(p);
    const expected = new Map(
      Array.from({ length: count }, (_, n) => n)
        .filter((n) => !skipped.includes(n))
        .map((n) => [n, 1]),
    );
    expect([...got.entries()].sort((a, b) => a[0] - b[0])).toEqual([...expected.entries()]);
    const gen = (await liveGeneration(db, p.name))!;
    expect(await parkedRows(db, p.name)).toEqual([]);
    expect(Number(gen.events_applied)).toBe(count - skipped.length);
  }

  it('uses the batch it read ahead: no position is read twice on the way', async () => {
    const p = recorder(`pf_use_${tag}`);
    const events = await appendEvents(p, 5 * BATCH + 7);
    const { feed, reads } = recordingFeed(store);
    const runner = new ProjectionRunner(db, feed, p, new RecordingLogger(), { batchSize: BATCH });
    await runner.catchUp();

    await expectExactlyOnce(p, 5 * BATCH + 7);
    // Each batch read once: batches 2..6 came from reads started while the one before was applied.
    const starts = [null, ...[1, 2, 3, 4, 5].map((k) => events[k * BATCH - 1]!.position)];
    expect(starts.map((at) => reads.filter((r) => r.after === at).length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(reads.slice(0, 6).map((r) => r.after)).toEqual(starts);
    expect(reads.every((r) => r.limit === BATCH)).toBe(true);
  });

  it('throws the read ahead away when a second runner moved the checkpoint in between', async () => {
    const p = recorder(`pf_runner_${tag}`);
    const events = await appendEvents(p, 5 * BATCH);
    const hooked = hookedKnex(db);
    const { feed, reads, onRead } = recordingFeed(store);
    const runner = new ProjectionRunner(hooked.db, feed, p, new RecordingLogger(), { batchSize: BATCH });
    const other = new ProjectionRunner(otherDb, store, p, new RecordingLogger(), { batchSize: 30 });

    onRead((call, index) => {
      if (index !== 1) return;
      // The read ahead of batch 2 has started, inside batch 1's transaction. Before the next
      // step: let it finish (so it is there to be misused), then the other runner applies
      // everything from batch 2 on.
      expect(call.after).toBe(events[BATCH - 1]!.position);
      hooked.beforeNextTransaction(async () => {
        await call.done;
        await other.catchUp();
      });
    });
    await runner.catchUp();

    await expectExactlyOnce(p, 5 * BATCH);
    const gen = (await liveGeneration(db, p.name))!;
    // The step after the hook read afresh from where the other runner left the checkpoint.
    expect(reads.map((r) => r.after).slice(0, 2)).toEqual([null, events[BATCH - 1]!.position]);
    expect(reads[2]!.after).not.toBe(events[BATCH - 1]!.position);
    expect(store.comparePositions(reads[2]!.after, events[5 * BATCH - 1]!.position)).toBeGreaterThanOrEqual(0);
    expect(store.comparePositions(gen.checkpoint, events[5 * BATCH - 1]!.position)).toBeGreaterThanOrEqual(0);
  });

  it('throws the read ahead away when another runner parked an event and moved the checkpoint in between', async () => {
    const p = recorder(`pf_park_${tag}`);
    const poison = BATCH + 10; // in batch 2, the one read ahead
    const events = await appendEvents(p, 5 * BATCH, [poison]);
    const hooked = hookedKnex(db);
    const { feed, reads, onRead } = recordingFeed(store);
    const runner = new ProjectionRunner(hooked.db, feed, p, new RecordingLogger(), { batchSize: BATCH });
    const other = new ProjectionRunner(otherDb, store, p, new RecordingLogger(), { batchSize: BATCH });

    onRead((call, index) => {
      if (index !== 1) return;
      hooked.beforeNextTransaction(async () => {
        await call.done;
        // The other runner applies batch 2 up to the poison, parks it, and goes on to the end.
        await other.catchUp();
        expect((await parkedRows(otherDb, p.name)).map((r) => r.position)).toEqual([events[poison]!.position]);
      });
    });
    await runner.catchUp();

    // Nothing applied twice (the read ahead of batch 2 was not used), the poison not at all.
    const gen = (await liveGeneration(db, p.name))!;
    expect(Number(gen.events_applied)).toBe(5 * BATCH - 1);
    expect(reads[1]!.after).toBe(events[BATCH - 1]!.position);
    expect(reads[2]!.after).not.toBe(events[BATCH - 1]!.position);
    expect(store.comparePositions(reads[2]!.after, events[5 * BATCH - 1]!.position)).toBeGreaterThanOrEqual(0);

    // An admin skips it: recorded, and the runner is where it was.
    expect(await skipParked(otherDb, store, p, 'ops@test.local')).toMatchObject({ outcome: 'skipped', applied: 0, failing: null });
    await runner.catchUp();
    await expectExactlyOnce(p, 5 * BATCH, [poison]);
    expect((await db('projection_skips').where({ name: p.name })).map((s: { position: string }) => s.position)).toEqual([events[poison]!.position]);
  });

  it('drops the read ahead when the batch fails, finds the event one by one, parks it and applies the rest once', async () => {
    const p = recorder(`pf_fail_${tag}`);
    const poison = 2 * BATCH + 5; // batch 3: read ahead while batch 2 was applied
    const events = await appendEvents(p, 5 * BATCH, [poison]);
    const logger = new RecordingLogger();
    const { feed, reads } = recordingFeed(store);
    const runner = new ProjectionRunner(db, feed, p, logger, { batchSize: BATCH });
    await runner.catchUp();

    expect((await parkedRows(db, p.name)).map((r) => [r.position, r.reason])).toEqual([[events[poison]!.position, 'failed']]);
    // Batch 3 came from the read ahead; the one-by-one search read afresh from batch 3's start, through batch 3.
    const ones = reads.filter((r) => r.limit === 1);
    expect(ones.map((r) => r.after)).toEqual(events.slice(2 * BATCH - 1, 3 * BATCH - 1).map((e) => e.position));
    expect(logger.count('error')).toBe(1);

    expect(await skipParked(db, store, p, 'ops@test.local')).toMatchObject({ outcome: 'skipped' });
    await expectExactlyOnce(p, 5 * BATCH, [poison]);
  });

  it('reads afresh when the read ahead failed', async () => {
    const p = recorder(`pf_lost_${tag}`);
    await appendEvents(p, 3 * BATCH + 3);
    const logger = new RecordingLogger();
    const { feed, reads } = recordingFeed(store, (call) => call === 1 || call === 3);
    const runner = new ProjectionRunner(db, feed, p, logger, { batchSize: BATCH });
    await runner.catchUp();

    await expectExactlyOnce(p, 3 * BATCH + 3);
    expect(reads[2]!.after).toBe(reads[1]!.after); // the failed read ahead, read again in the step
    expect(logger.count('warn') + logger.count('error')).toBe(0);
  });

  it('stop() waits for a read ahead still in flight and leaves none behind', async () => {
    const p = recorder(`pf_stop_${tag}`);
    await appendEvents(p, 4 * BATCH);
    let slowReads = 0;
    let settled = 0;
    const slow: EventFeed = {
      readAll: async (after, limit, options) => {
        slowReads++;
        try {
          await sleep(150);
          return await store.readAll(after, limit, options);
        } finally {
          settled++;
        }
      },
      onAppended: (l) => store.onAppended(l),
      comparePositions: (a, b) => store.comparePositions(a, b),
      headPosition: () => store.headPosition(),
    };
    const runner = new ProjectionRunner(db, slow, p, new RecordingLogger(), { batchSize: BATCH, pollMs: 50 });
    await runner.start();
    await waitFor('a read ahead to be in flight', async () => slowReads >= 2, 10_000, 5);
    await runner.stop();
    expect(settled).toBe(slowReads);
    const reads = slowReads;
    await sleep(300);
    expect(slowReads).toBe(reads);

    // Whatever was applied before the stop, once; the rest after a restart, once.
    await runner.catchUp();
    await expectExactlyOnce(p, 4 * BATCH);
  });
});
