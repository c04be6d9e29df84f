import type { Knex } from 'knex';
import { z } from 'zod';
import { EventSchemaRegistry, type RecordedEvent } from '@tbo/event-schemas';
import { ProjectionHost, ProjectionRunner, projectionStatus, rebuildProjection, retryAllParked, retryParked, skipParked, type Projection } from '@tbo/read-models';
import { eventRowKey, liveGeneration, openKnex, openStore, parkedRows, RecordingLogger, sleep, testMetadata, uniqueTag, waitForCheckpoint } from './projection-test-kit';

/**
 * An event a projection's code cannot apply is parked: the projection moves past it and goes on
 * with everything else; the later events of the same stream are parked behind it (that item is
 * stale, never wrong) until a platform admin retries it (after a fix) or skips it, and a skip is
 * recorded with who did it. Only that projection is concerned, and a rebuild meets the event
 * anew in its own generation.
 */

const tag = uniqueTag();
const TYPE = `FailureProbeRecorded${tag}`;
const STREAMS = 4;
/** Event n goes to stream n % 4: the streams interleave in the global order. */
const streamOf = (n: number) => `fail${tag}-${n % STREAMS}`;
/** The stream the poison events are in. */
const POISONED = 1;

const registry = new EventSchemaRegistry().register({
  type: TYPE,
  version: 1,
  schema: z.object({ n: z.number().int(), poison: z.string().nullable() }),
  example: { n: 1, poison: null },
});

/** Poison labels the code still chokes on (deleting one is "deploying the fix"), and how often each was tried. */
const bugs = new Set(['p1', 'p2', 'p3']);
const attempts = new Map<string, number>();

function recorder(name: string, failsOnPoison: boolean): Projection {
  const table = `${name}_rows`;
  return {
    name,
    version: 1,
    handles: [TYPE],
    tables: {
      [table]: (t) => {
        eventRowKey(t);
        t.integer('n').notNullable().unique();
        // The order events were applied in.
        t.specificType('seq', 'bigserial');
      },
    },
    async apply({ trx, table: physical }, e) {
      const { n, poison } = e.data as { n: number; poison: string | null };
      if (failsOnPoison && poison) {
        attempts.set(poison, (attempts.get(poison) ?? 0) + 1);
        if (bugs.has(poison)) throw new TypeError(`cannot apply poison ${poison} (n=${n})`);
      }
      await trx(physical(table)).insert({ event_id: e.eventId, n });
    },
  };
}

const fragile = recorder(`fail_a_${tag}`, true);
const sturdy = recorder(`fail_b_${tag}`, false);

describe('projection runner: an event the code cannot apply', () => {
  const storeHandle = openStore(registry, { max: 4, applicationName: `fail-store-${tag}` });
  const db: Knex = openKnex(`fail-runner-${tag}`, 4);
  const logger = new RecordingLogger();
  const host = new ProjectionHost(db, storeHandle.store, [fragile, sturdy], logger, { batchSize: 50, pollMs: 100 });
  let next = 0;
  const revisions = new Map<string, number>();

  /** Appends events n = next .. next+count-1, one append each, to their streams; the given n's are poison. */
  const append = async (count: number, poison: Record<number, string> = {}) => {
    const end = next + count;
    for (; next < end; next++) {
      const stream = streamOf(next);
      const revision = revisions.get(stream);
      const res = await storeHandle.store.appendToStream(stream, [{ type: TYPE, data: { n: next, poison: poison[next] ?? null } }], {
        expectedRevision: revision ?? 'no_stream',
        metadata: { ...testMetadata(), tenantId: `supplier-${700 + (next % STREAMS)}` },
      });
      revisions.set(stream, res.nextExpectedRevision);
    }
  };
  const events = new Map<number, RecordedEvent>();
  const eventNumbered = async (n: number): Promise<RecordedEvent> => {
    if (!events.has(n)) for (const e of await storeHandle.store.readStream(streamOf(n))) events.set((e.data as { n: number }).n, e);
    return events.get(n)!;
  };
  const appliedNs = async (p: Projection): Promise<number[]> =>
    (await db(Object.keys(p.tables)[0]!).select('n').orderBy('n')).map((r: { n: number }) => r.n);
  /** n's of the poisoned stream in the order they were applied. */
  const appliedOrderOfPoisoned = async (p: Projection): Promise<number[]> =>
    (await db(Object.keys(p.tables)[0]!).select('n').orderBy('seq'))
      .map((r: { n: number }) => r.n)
      .filter((n: number) => n % STREAMS === POISONED);
  const range = (from: number, to: number, except: (n: number) => boolean = () => false) =>
    Array.from({ length: to - from }, (_, i) => from + i).filter((n) => !except(n));
  /** The poisoned stream's n's from `from` (inclusive) to `to` (exclusive). */
  const poisonedFrom = (from: number, to: number) => range(from, to).filter((n) => n % STREAMS === POISONED);
  const status = async (p: Projection) => (await projectionStatus(db, storeHandle.store, [p]))[0]!;
  const caughtUp = async (p: Projection) => waitForCheckpoint(db, storeHandle.store, p.name, await storeHandle.store.headPosition());
  const parkedNs = async (p: Projection, generation?: number) =>
    Promise.all((await parkedRows(db, p.name, generation)).map(async (r) => ({ n: await nOf(r.event_id), reason: r.reason })));
  const nOf = async (eventId: string) => {
    for (let pass = 0; pass < 2; pass++) {
      for (const [n, e] of events) if (e.eventId === eventId) return n;
      for (let s = 0; s < STREAMS; s++) for (const e of await storeHandle.store.readStream(streamOf(s))) events.set((e.data as { n: number }).n, e);
    }
    throw new Error(`unknown event ${eventId}`);
  };

  afterAll(async () => {
    await host.stop();
    await db.destroy();
    await storeHandle.close();
  });

  it('parks the event and goes on: other streams are applied, its stream is held behind it, and the status says where and why', async () => {
    await append(100, { 37: 'p1' }); // inside the first batch of 50
    const poison = await eventNumbered(37);
    await host.start();

    await caughtUp(fragile);
    await caughtUp(sturdy);

    // Every stream but the poisoned one in full; the poisoned one up to the poison, nothing after it.
    const isHeld = (n: number) => n % STREAMS === POISONED && n >= 37;
    expect(await appliedNs(fragile)).toEqual(range(0, 100, isHeld));
    expect(await appliedNs(sturdy)).toEqual(range(0, 100));

    // The poison failed; the later events of its stream are held behind it, in order.
    expect(await parkedNs(fragile)).toEqual([{ n: 37, reason: 'failed' }, ...poisonedFrom(38, 100).map((n) => ({ n, reason: 'held' }))]);
    const [first] = await parkedRows(db, fragile.name);
    expect(first).toMatchObject({
      position: poison.position,
      event_id: poison.eventId,
      event_type: TYPE,
      stream_id: streamOf(37),
      supplier_id: 700 + POISONED,
      tenant_id: `supplier-${700 + POISONED}`,
      attempts: 1,
      error: expect.stringContaining('cannot apply poison p1 (n=37)'),
    });

    const held = poisonedFrom(38, 100).length;
    const s = await status(fragile);
    expect(s).toMatchObject({ name: fragile.name, state: 'running', caughtUp: true, eventsApplied: 100 - 1 - held });
    expect(s.parked).toMatchObject({
      count: 1 + held,
      streams: 1,
      oldest: { position: poison.position, eventId: poison.eventId, eventType: TYPE, streamId: streamOf(37), supplierId: 701, reason: 'failed' },
    });
    expect(s.parked.oldest!.error).toContain('cannot apply poison p1 (n=37)');
    expect(await status(sturdy)).toMatchObject({ state: 'running', caughtUp: true, parked: { count: 0, streams: 0, oldest: null }, eventsApplied: 100 });
    // One error (the poison), one warning per held event; nothing about the sturdy projection.
    expect(logger.entries.filter((e) => e.level === 'error').map((e) => [e.meta?.projection, e.meta?.eventId])).toEqual([[fragile.name, poison.eventId]]);
    expect(logger.entries.filter((e) => e.level === 'warn').map((e) => e.meta?.projection)).toEqual(Array<string>(held).fill(fragile.name));

    // Parked means parked: the runner does not keep hammering the event.
    const tried = attempts.get('p1')!;
    expect(tried).toBe(2); // in the batch, then alone
    await sleep(500);
    expect(attempts.get('p1')).toBe(tried);

    // New events: applied, except the poisoned stream's, which join the queue behind the poison.
    await append(20);
    await caughtUp(fragile);
    await caughtUp(sturdy);
    expect(await appliedNs(sturdy)).toEqual(range(0, 120));
    expect(await appliedNs(fragile)).toEqual(range(0, 120, isHeld));
    expect((await parkedNs(fragile)).map((p) => p.n)).toEqual([37, ...poisonedFrom(38, 120)]);
  });

  it('retry applies the stream again in order, and keeps everything parked while the first still fails', async () => {
    const poison = await eventNumbered(37);
    const before = await parkedRows(db, fragile.name);
    const tried = attempts.get('p1')!;
    expect(await retryParked(db, storeHandle.store, sturdy)).toEqual({ outcome: 'nothing-parked' });
    expect(await retryParked(db, storeHandle.store, fragile, { eventId: (await eventNumbered(0)).eventId })).toEqual({ outcome: 'not-parked' });

    const result = await retryParked(db, storeHandle.store, fragile);
    expect(result).toMatchObject({ outcome: 'retried', streamId: streamOf(37), applied: 0, remaining: before.length, failing: { eventId: poison.eventId, attempts: 2 } });
    if (result.outcome !== 'retried') throw new Error('not retried');
    expect(result.failing!.error).toContain('cannot apply poison p1 (n=37)');
    expect(attempts.get('p1')).toBe(tried + 1);
    // A held event's id retries its stream, from the first.
    expect(await retryParked(db, storeHandle.store, fragile, { eventId: (await eventNumbered(41)).eventId })).toMatchObject({ applied: 0, failing: { eventId: poison.eventId } });
    expect(attempts.get('p1')).toBe(tried + 2);

    const after = await parkedRows(db, fragile.name);
    expect(after.map((r) => r.event_id)).toEqual(before.map((r) => r.event_id));
    expect(after[0]!.tried_at!.getTime()).toBeGreaterThan(before[0]!.tried_at!.getTime());
    expect(await appliedNs(fragile)).toEqual(range(0, 120, (n) => n % STREAMS === POISONED && n >= 37));
  });

  it('skip drops the first event for good, records who skipped it, and applies the events held behind it, in order', async () => {
    const poison = await eventNumbered(37);
    expect(await skipParked(db, storeHandle.store, sturdy, 'nobody')).toEqual({ outcome: 'nothing-parked' });
    // Only the first of a stream can be skipped.
    const heldOne = await eventNumbered(41);
    expect(await skipParked(db, storeHandle.store, fragile, 'ops@test.local', { eventId: heldOne.eventId })).toMatchObject({ outcome: 'held', first: { eventId: poison.eventId } });

    const held = poisonedFrom(38, 120);
    const result = await skipParked(db, storeHandle.store, fragile, 'ops@test.local');
    expect(result).toMatchObject({ outcome: 'skipped', skipped: { eventId: poison.eventId }, streamId: streamOf(37), applied: held.length, remaining: 0, failing: null });

    const skips = await db('projection_skips').where({ name: fragile.name });
    expect(skips).toEqual([
      expect.objectContaining({
        name: fragile.name,
        position: poison.position,
        event_id: poison.eventId,
        event_type: TYPE,
        stream_id: streamOf(37),
        supplier_id: 701,
        skipped_by: 'ops@test.local',
        error: expect.stringContaining('cannot apply poison p1'),
        skipped_at: expect.any(Date),
      }),
    ]);

    expect(await appliedNs(fragile)).toEqual(range(0, 120, (n) => n === 37));
    expect(await appliedOrderOfPoisoned(fragile)).toEqual(poisonedFrom(0, 120).filter((n) => n !== 37));
    expect(await parkedRows(db, fragile.name)).toEqual([]);
    expect(await status(fragile)).toMatchObject({ state: 'running', parked: { count: 0, oldest: null }, caughtUp: true, eventsApplied: 119 });
    expect(await skipParked(db, storeHandle.store, fragile, 'ops@test.local')).toEqual({ outcome: 'nothing-parked' });

    // The stream is clear: its new events apply at once.
    await append(4);
    await caughtUp(fragile);
    expect(await appliedNs(fragile)).toEqual(range(0, 124, (n) => n === 37));
  });

  it('after a fix, retry applies the event that failed and those held behind it, and the runner carries on', async () => {
    await append(20, { 125: 'p2' });
    await caughtUp(fragile);
    expect(await appliedNs(fragile)).toEqual(range(0, 144, (n) => n === 37 || (n % STREAMS === POISONED && n >= 125)));
    expect((await parkedNs(fragile)).map((p) => p.n)).toEqual(poisonedFrom(125, 144));

    bugs.delete('p2'); // the fix is deployed
    const result = await retryParked(db, storeHandle.store, fragile, { eventId: (await eventNumbered(129)).eventId });
    expect(result).toMatchObject({ outcome: 'retried', applied: poisonedFrom(125, 144).length, remaining: 0, failing: null });
    expect(await appliedNs(fragile)).toEqual(range(0, 144, (n) => n === 37));
    expect(await appliedOrderOfPoisoned(fragile)).toEqual(poisonedFrom(0, 144).filter((n) => n !== 37));

    await append(6);
    await caughtUp(fragile);
    await caughtUp(sturdy);
    expect(await appliedNs(fragile)).toEqual(range(0, 150, (n) => n === 37));
    expect(await appliedNs(sturdy)).toEqual(range(0, 150));
    expect(await status(fragile)).toMatchObject({ parked: { count: 0 }, eventsApplied: 149 });
    expect(await db('projection_skips').where({ name: fragile.name }).select('position')).toEqual([{ position: (await eventNumbered(37)).position }]);
  });

  it('a rebuild meets the events anew in its own generation, and drops the old generation with its parked events', async () => {
    await append(10, { 153: 'p3' });
    await caughtUp(fragile);
    const old = (await liveGeneration(db, fragile.name))!;
    expect((await parkedNs(fragile)).map((p) => p.n)).toEqual(poisonedFrom(153, 160));

    // p1 was skipped in the old generation, but the code still fails on it: the new generation parks it too.
    const said: { message: string; meta?: Record<string, unknown> }[] = [];
    const generation = await rebuildProjection(db, storeHandle.store, fragile, (message, meta) => said.push({ message, meta }), 30);
    expect(generation).toBe(old.generation + 1);
    expect(await parkedRows(db, fragile.name, old.generation)).toEqual([]); // gone with its generation

    const parkedNow = await parkedNs(fragile);
    expect(parkedNow).toEqual([{ n: 37, reason: 'failed' }, ...poisonedFrom(38, 160).map((n) => ({ n, reason: 'held' }))]);
    expect(said.filter((s) => s.message === 'parked').map((s) => s.meta?.eventId)).toEqual(
      await Promise.all([37, ...poisonedFrom(38, 160)].map(async (n) => (await eventNumbered(n)).eventId)),
    );
    expect(await appliedNs(fragile)).toEqual(range(0, 160, (n) => n % STREAMS === POISONED && n >= 37));
    expect(await status(fragile)).toMatchObject({ generation, state: 'running', parked: { count: parkedNow.length, streams: 1 }, building: null });

    // The live runner goes on with the new generation; skip applies the held events up to the next that fails (p3).
    await append(2);
    await caughtUp(fragile);
    const skipped = await skipParked(db, storeHandle.store, fragile, 'ops@test.local');
    expect(skipped).toMatchObject({ outcome: 'skipped', generation, skipped: { eventId: (await eventNumbered(37)).eventId }, applied: poisonedFrom(38, 153).length });
    if (skipped.outcome !== 'skipped') throw new Error('not skipped');
    expect(skipped.failing).toMatchObject({ eventId: (await eventNumbered(153)).eventId, reason: 'failed' });
    expect(skipped.failing!.error).toContain('cannot apply poison p3 (n=153)');
    expect(skipped.remaining).toBe(poisonedFrom(153, 162).length);

    bugs.delete('p3');
    expect(await retryAllParked(db, storeHandle.store, fragile)).toEqual([
      expect.objectContaining({ generation, streamId: streamOf(153), applied: poisonedFrom(153, 162).length, remaining: 0, failing: null }),
    ]);
    expect(await retryAllParked(db, storeHandle.store, fragile)).toEqual([]);
    expect(await appliedNs(fragile)).toEqual(range(0, 162, (n) => n === 37));
    expect(await appliedOrderOfPoisoned(fragile)).toEqual(poisonedFrom(0, 162).filter((n) => n !== 37));
    expect(await status(fragile)).toMatchObject({ parked: { count: 0 }, eventsApplied: 161 });
    // The other projection applies the last two appends on its own time: wait for it too.
    await caughtUp(sturdy);
    expect(await appliedNs(sturdy)).toEqual(range(0, 162));
  });

  it('a batch that fails as a whole, though each of its events applies alone, parks nothing', async () => {
    // E.g. a statement too big for one batch: the runner goes one by one through that batch, then
    // back to whole batches (not one transaction per event for the rest of the backlog).
    const calls: number[] = [];
    let failedBatches = 0;
    const table = `fail_c_${tag}_rows`;
    const batchy: Projection = {
      ...recorder(`fail_c_${tag}`, false),
      async applyBatch(ctx, events) {
        const ns = events.map((e) => (e.data as { n: number }).n);
        calls.push(events.length);
        if (events.length > 1 && ns.includes(45)) {
          failedBatches++;
          throw new RangeError('batch too large');
        }
        await ctx.trx(ctx.table(table)).insert(events.map((e) => ({ event_id: e.eventId, n: (e.data as { n: number }).n })));
      },
    };
    const batchLogger = new RecordingLogger();
    await new ProjectionRunner(db, storeHandle.store, batchy, batchLogger, { batchSize: 20 }).catchUp();

    expect(failedBatches).toBe(1);
    expect(await appliedNs(batchy)).toEqual(range(0, 162));
    expect(await status(batchy)).toMatchObject({ state: 'running', parked: { count: 0 }, eventsApplied: 162 });
    expect(batchLogger.count('error') + batchLogger.count('warn')).toBe(0);
    // 0-19, 20-39, the failed 40-59, its 20 events alone, then 60-79 ... 140-159, 160-161 as batches again.
    expect(calls).toEqual([20, 20, 20, ...Array<number>(20).fill(1), 20, 20, 20, 20, 20, 2]);
  });
});
