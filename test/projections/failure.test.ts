import type { Knex } from 'knex';
import { z } from 'zod';
import { EventSchemaRegistry, type RecordedEvent } from '@tbo/event-schemas';
import { ProjectionHost, ProjectionRunner, projectionStatus, retryProjection, skipFailedEvent, type Projection } from '@tbo/read-models';
import { liveGeneration, openKnex, openStore, RecordingLogger, sleep, testMetadata, uniqueTag, waitFor, waitForCheckpoint } from './projection-test-kit';

/**
 * An event a projection's code cannot apply stops that projection, exactly there, and only it;
 * the status tells where and why; an admin retries it (after a fix) or skips it, and a skip is
 * recorded with who did it.
 */

const tag = uniqueTag();
const TYPE = `FailureProbeRecorded${tag}`;
const STREAM = `fail${tag}-1`;

const registry = new EventSchemaRegistry().register({
  type: TYPE,
  version: 1,
  schema: z.object({ n: z.number().int(), poison: z.string().nullable() }),
  example: { n: 1, poison: null },
});

/** Poison labels the code still chokes on (deleting one is "deploying the fix"), and how often each was tried. */
const bugs = new Set(['p1', 'p2']);
const attempts = new Map<string, number>();

function recorder(name: string, failsOnPoison: boolean): Projection {
  const table = `${name}_rows`;
  return {
    name,
    version: 1,
    handles: [TYPE],
    tables: {
      [table]: (t) => {
        t.uuid('event_id').primary();
        t.integer('n').notNullable().unique();
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
  let revision: number | 'no_stream' = 'no_stream';

  /** Appends events n = next .. next+count-1 in appends of 10; the given n's are poison. */
  const append = async (count: number, poison: Record<number, string> = {}) => {
    const end = next + count;
    while (next < end) {
      const events = [];
      for (let i = 0; i < 10 && next < end; i++, next++) events.push({ type: TYPE, data: { n: next, poison: poison[next] ?? null } });
      revision = (await storeHandle.store.appendToStream(STREAM, events, { expectedRevision: revision, metadata: testMetadata() })).nextExpectedRevision;
    }
  };
  const eventNumbered = async (n: number): Promise<RecordedEvent> =>
    (await storeHandle.store.readStream(STREAM)).find((e) => (e.data as { n: number }).n === n)!;
  const appliedNs = async (p: Projection): Promise<number[]> =>
    (await db(Object.keys(p.tables)[0]!).select('n').orderBy('n')).map((r: { n: number }) => r.n);
  const range = (from: number, to: number, except: number[] = []) =>
    Array.from({ length: to - from }, (_, i) => from + i).filter((n) => !except.includes(n));
  const status = async (p: Projection) => (await projectionStatus(db, storeHandle.store, [p]))[0]!;
  const failedAt = (p: Projection, position: string) =>
    waitFor(`${p.name} to stop at ${position}`, async () => {
      const gen = await liveGeneration(db, p.name);
      if (gen?.state === 'failed' && gen.failed_position !== position) throw new Error(`${p.name} stopped at ${gen.failed_position}, not at ${position}`);
      return gen?.state === 'failed' ? gen : null;
    });

  afterAll(async () => {
    await host.stop();
    await db.destroy();
    await storeHandle.close();
  });

  it('stops only that projection, exactly at the event, and says where and why', async () => {
    await append(100, { 37: 'p1' }); // inside the first batch of 50
    const poison = await eventNumbered(37);
    await host.start();

    await failedAt(fragile, poison.position);
    await waitForCheckpoint(db, storeHandle.store, sturdy.name, await storeHandle.store.headPosition());

    // Everything before the poison applied, even within its batch; nothing after it.
    expect(await appliedNs(fragile)).toEqual(range(0, 37));
    expect(await appliedNs(sturdy)).toEqual(range(0, 100));

    const s = await status(fragile);
    expect(s).toMatchObject({ name: fragile.name, state: 'failed', caughtUp: false });
    expect(s.failure).toMatchObject({ position: poison.position, eventId: poison.eventId, eventType: TYPE });
    expect(s.failure!.error).toContain('cannot apply poison p1 (n=37)');
    expect(s.eventsApplied).toBe(37);
    expect(await status(sturdy)).toMatchObject({ state: 'running', caughtUp: true, failure: null, eventsApplied: 100 });
    expect(logger.entries.filter((e) => e.level === 'error').map((e) => e.meta?.projection)).toEqual([fragile.name]);

    // Stopped means stopped: the runner does not keep hammering the event.
    const tried = attempts.get('p1')!;
    await sleep(500);
    expect(attempts.get('p1')).toBe(tried);

    // The other projection keeps going while this one is stopped.
    await append(20);
    await waitFor('the sturdy projection to apply new events', async () => (await appliedNs(sturdy)).length === 120);
    expect(await appliedNs(fragile)).toEqual(range(0, 37));
    expect((await status(fragile)).failure!.position).toBe(poison.position);
  });

  it('retry tries the same event again, and stops there again while the bug remains', async () => {
    const poison = await eventNumbered(37);
    const before = await liveGeneration(db, fragile.name);
    const tried = attempts.get('p1')!;
    expect(await retryProjection(db, sturdy.name)).toBe(false); // nothing to retry there
    expect(await retryProjection(db, fragile.name)).toBe(true);

    await waitFor('the retry to run into the bug again', async () => {
      const gen = await liveGeneration(db, fragile.name);
      return (attempts.get('p1') ?? 0) > tried && gen?.state === 'failed' ? gen : null;
    });
    const after = (await liveGeneration(db, fragile.name))!;
    expect(after.failed_position).toBe(poison.position);
    expect(after.failed_at!.getTime()).toBeGreaterThan(before!.failed_at!.getTime());
    expect(after.checkpoint).toBe(before!.checkpoint);
    expect(await appliedNs(fragile)).toEqual(range(0, 37));
  });

  it('skip moves past the event for good, records who skipped it, and applies what follows', async () => {
    const poison = await eventNumbered(37);
    expect(await skipFailedEvent(db, sturdy.name, 'nobody')).toBe(false);
    expect(await skipFailedEvent(db, fragile.name, 'ops@test.local')).toBe(true);

    const skips = await db('projection_skips').where({ name: fragile.name });
    expect(skips).toEqual([
      expect.objectContaining({
        name: fragile.name,
        position: poison.position,
        event_id: poison.eventId,
        event_type: TYPE,
        skipped_by: 'ops@test.local',
        error: expect.stringContaining('cannot apply poison p1'),
        skipped_at: expect.any(Date),
      }),
    ]);

    await waitForCheckpoint(db, storeHandle.store, fragile.name, await storeHandle.store.headPosition());
    expect(await appliedNs(fragile)).toEqual(range(0, 120, [37]));
    expect(await status(fragile)).toMatchObject({ state: 'running', failure: null, caughtUp: true, eventsApplied: 119 });
    expect(await skipFailedEvent(db, fragile.name, 'ops@test.local')).toBe(false); // nothing to skip any more
  });

  it('after a fix, retry applies the event that failed and carries on', async () => {
    await append(20, { 125: 'p2' });
    const poison = await eventNumbered(125);
    await failedAt(fragile, poison.position);
    expect(await appliedNs(fragile)).toEqual(range(0, 125, [37]));

    bugs.delete('p2'); // the fix is deployed
    expect(await retryProjection(db, fragile.name)).toBe(true);
    await waitForCheckpoint(db, storeHandle.store, fragile.name, await storeHandle.store.headPosition());
    expect(await appliedNs(fragile)).toEqual(range(0, 140, [37]));
    expect(await appliedNs(sturdy)).toEqual(range(0, 140));
    expect(await db('projection_skips').where({ name: fragile.name }).select('position')).toEqual([{ position: (await eventNumbered(37)).position }]);
  });

  it('a batch that fails as a whole, though each of its events applies alone, does not stop the projection', async () => {
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
    expect(await appliedNs(batchy)).toEqual(range(0, 140));
    expect(await status(batchy)).toMatchObject({ state: 'running', failure: null, eventsApplied: 140 });
    expect(batchLogger.count('error')).toBe(0);
    // 0-19, 20-39, the failed 40-59, its 20 events alone, then 60-79 ... 120-139 as batches again.
    expect(calls).toEqual([20, 20, 20, ...Array<number>(20).fill(1), 20, 20, 20, 20]);
  });
});
