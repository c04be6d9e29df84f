import type { Knex } from 'knex';
import { applyNextBatch, applyWithRecovery, type GenerationRow, type ParkedEventRow, type ParkedNotice } from './apply-batch';
import { handlesOf, type EventFeed, type Projection } from './projection';
import { PROJECTION_LOCK_CLASS, ensureLiveGeneration } from './projection-runner';
import { createGenerationTables, dropGenerationTables, pointViewsAt } from './projection-tables';

/** A parked event as the status, the API and the command line show it. */
export interface ParkedEventView {
  position: string;
  eventId: string;
  eventType: string;
  streamId: string;
  revision: number;
  /** The supplier the event belongs to, when its data or metadata says. */
  supplierId: number | null;
  tenantId: string | null;
  /** 'failed': the projection's code refused it; 'held': waiting behind an earlier parked event of its stream. */
  reason: 'failed' | 'held';
  /** The error (stack) of the last attempt; null for an event held without having been tried. */
  error: string | null;
  attempts: number;
  parkedAt: string;
  triedAt: string | null;
}

export interface ParkedSummary {
  count: number;
  /** Streams (items) with parked events: each of them is stale in the read model. */
  streams: number;
  oldest: ParkedEventView | null;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  generation: number | null;
  /** A projection never stops on an event any more (it parks it): 'missing' until it first runs. */
  state: 'running' | 'missing';
  checkpoint: string | null;
  head: string | null;
  caughtUp: boolean;
  /** The code's version is newer than the live tables: run a rebuild. */
  stale: boolean;
  eventsApplied: number;
  updatedAt: string | null;
  /** Events of the live generation the projection could not apply (and those held behind them). */
  parked: ParkedSummary;
  building: { generation: number; checkpoint: string | null; parked: number } | null;
}

export function parkedView(row: ParkedEventRow): ParkedEventView {
  return {
    position: row.position,
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    revision: Number(row.revision),
    supplierId: row.supplier_id,
    tenantId: row.tenant_id,
    reason: row.reason,
    error: row.error,
    attempts: row.attempts,
    parkedAt: new Date(row.parked_at).toISOString(),
    triedAt: row.tried_at ? new Date(row.tried_at).toISOString() : null,
  };
}

export async function projectionStatus(db: Knex, feed: EventFeed, projections: readonly Projection[]): Promise<ProjectionStatus[]> {
  const names = projections.map((p) => p.name);
  const [rows, counts, oldest, head] = await Promise.all([
    db<GenerationRow>('projection_generations').whereIn('status', ['live', 'building']).whereIn('name', names),
    db('projection_parked_events as p')
      .join('projection_generations as g', function () {
        this.on('g.name', 'p.name').andOn('g.generation', 'p.generation');
      })
      .whereIn('g.status', ['live', 'building'])
      .whereIn('p.name', names)
      .groupBy('p.name', 'p.generation')
      .select('p.name', 'p.generation', db.raw('count(*)::int AS count'), db.raw('count(DISTINCT p.stream_id)::int AS streams')) as Promise<
      { name: string; generation: number; count: number; streams: number }[]
    >,
    db('projection_parked_events as p')
      .join('projection_generations as g', function () {
        this.on('g.name', 'p.name').andOn('g.generation', 'p.generation');
      })
      .where('g.status', 'live')
      .whereIn('p.name', names)
      .distinctOn('p.name')
      .orderBy([{ column: 'p.name' }, { column: 'p.id' }])
      .select('p.*') as Promise<ParkedEventRow[]>,
    feed.headPosition(),
  ]);
  return projections.map((p) => {
    const live = rows.find((r) => r.name === p.name && r.status === 'live');
    const building = rows.find((r) => r.name === p.name && r.status === 'building');
    const parked = live && counts.find((c) => c.name === p.name && c.generation === live.generation);
    const first = live && oldest.find((o) => o.name === p.name && o.generation === live.generation);
    return {
      name: p.name,
      version: p.version,
      liveVersion: live?.version ?? null,
      generation: live?.generation ?? null,
      state: live ? 'running' : 'missing',
      checkpoint: live?.checkpoint ?? null,
      head,
      caughtUp: !!live && feed.comparePositions(live.checkpoint, head) >= 0,
      stale: !!live && live.version < p.version,
      eventsApplied: Number(live?.events_applied ?? 0),
      updatedAt: live?.updated_at ? new Date(live.updated_at).toISOString() : null,
      parked: { count: parked?.count ?? 0, streams: parked?.streams ?? 0, oldest: first ? parkedView(first) : null },
      building: building
        ? {
            generation: building.generation,
            checkpoint: building.checkpoint,
            parked: counts.find((c) => c.name === p.name && c.generation === building.generation)?.count ?? 0,
          }
        : null,
    };
  });
}

/**
 * Read your writes: waits until the projection has passed `position` (a command's answer),
 * at most `timeoutMs`. Answers whether it got there. A position past the store's head was never
 * answered by a command (it is made up, or from another database): nothing to wait for, answered
 * at once as caught up, so such a value cannot hold a request open for the whole timeout.
 */
export async function waitForProjection(db: Knex, feed: EventFeed, name: string, position: string, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const types = handlesOf(name);
  let delay = 2;
  let headChecked = false;
  try {
    feed.comparePositions(position, position);
  } catch {
    // A position from another store's format: nothing to wait for.
    return false;
  }
  for (;;) {
    const gen = await db<GenerationRow>('projection_generations').select('checkpoint').where({ name, status: 'live' }).first();
    if (gen && feed.comparePositions(gen.checkpoint, position) >= 0) return true;
    // Once there is something to wait for: every position a command answered is at or below the head.
    if (!headChecked) {
      headChecked = true;
      if (feed.comparePositions(position, await feed.headPosition()) > 0) return true;
    }
    // The runner moves its checkpoint past other projections' events only now and then (wake-signal.ts):
    // the command's change is shown already when no event of this projection's types lies up to its position.
    if (gen && types && (await noneOfTypesUpTo(feed, gen.checkpoint, position, types))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 50);
  }
}

/** No event of `types` after `checkpoint` up to `position`, and everything up to it readable (past the watermark). */
async function noneOfTypesUpTo(feed: EventFeed, checkpoint: string | null, position: string, types: readonly string[]): Promise<boolean> {
  const { events, next } = await feed.readAll(checkpoint, 1, { types });
  const pending = events[0];
  return pending ? feed.comparePositions(pending.position, position) > 0 : feed.comparePositions(next, position) >= 0;
}

/**
 * Read your writes without a position: waits (at most `timeoutMs`) until the projection has applied
 * every event of its types that the store held when called; with `after`, as waitForProjection.
 * Events of other types past its checkpoint do not count: the runner is not woken for them, so its
 * checkpoint may lag the head until its next poll although nothing it shows is missing.
 */
export async function waitUntilCurrent(db: Knex, feed: EventFeed, projection: Pick<Projection, 'name' | 'handles'>, after?: string, timeoutMs = 2000): Promise<boolean> {
  if (after) return waitForProjection(db, feed, projection.name, after, timeoutMs);
  const head = await feed.headPosition();
  if (!head) return true;
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    const gen = await db<GenerationRow>('projection_generations').select('checkpoint').where({ name: projection.name, status: 'live' }).first();
    if (gen) {
      if (feed.comparePositions(gen.checkpoint, head) >= 0) return true;
      if (await noneOfTypesUpTo(feed, gen.checkpoint, head, projection.handles)) return true;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 50);
  }
}

export interface RebuildProgress {
  (message: string, meta?: Record<string, unknown>): void;
}

/**
 * A connection of the rebuild's own, for session-level advisory locks: unlike transaction
 * locks they last across several transactions. Released with every lock dropped; when that
 * cannot be checked (the connection broke), the connection is closed, and its locks with it.
 */
async function openLockSession(db: Knex) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- knex's client is untyped
  const client = db.client as any;
  const conn: unknown = await client.acquireConnection();
  return {
    transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return db.transaction(fn, { connection: conn });
    },
    async lock(lockClass: number, name: string): Promise<void> {
      await db.raw('SELECT pg_advisory_lock(?, hashtext(?))', [lockClass, name]).connection(conn);
    },
    async unlock(lockClass: number, name: string): Promise<void> {
      await db.raw('SELECT pg_advisory_unlock(?, hashtext(?))', [lockClass, name]).connection(conn);
    },
    async release(): Promise<void> {
      try {
        await db.raw('SELECT pg_advisory_unlock_all()').connection(conn);
      } catch {
        await client.destroyRawConnection(conn).catch(() => undefined);
      }
      await client.releaseConnection(conn);
    },
  };
}

/**
 * Blue/green rebuild: builds a new generation's tables beside the live ones from the first
 * event, then, holding the projection's lock so the live runners pause, applies the last few
 * events and commits them, and only then repoints the views in a transaction of their own.
 * Queries read the old tables until that commit and the new ones after it.
 *
 * Why two transactions: a REPEATABLE READ query (syncLanguages) takes its snapshot before it
 * locks the view; when it has to wait for the switch, it then reads the *new* tables with a
 * snapshot from before the switch committed, so it would not see rows the switch transaction
 * itself wrote (a language the old tables had shown would vanish from one answer). With the
 * rows committed first, the switch writes no rows, only the views and the status.
 *
 * A second rebuild of the same projection waits until this one is done (session lock).
 */
export async function rebuildProjection(db: Knex, feed: EventFeed, projection: Projection, progress: RebuildProgress = () => undefined, batchSize = 2000): Promise<number> {
  await ensureLiveGeneration(db, projection);
  const session = await openLockSession(db);
  try {
    await session.lock(PROJECTION_LOCK_CLASS + 1, projection.name);
    const building = await session.transaction(async (trx) => {
      // Only a rebuild that died leaves a building generation behind (a running one holds the lock).
      const stale = await trx<GenerationRow>('projection_generations').where({ name: projection.name, status: 'building' });
      for (const g of stale) {
        await dropGenerationTables(trx, projection, g.generation);
        await trx('projection_generations').where({ name: projection.name, generation: g.generation }).delete();
      }
      const max = await trx('projection_generations').where({ name: projection.name }).max<{ max: number }>('generation as max').first();
      const generation = (max?.max ?? 0) + 1;
      await createGenerationTables(trx, projection, generation);
      await trx('projection_generations').insert({ name: projection.name, generation, version: projection.version, status: 'building' });
      return { name: projection.name, generation, checkpoint: null as string | null };
    });
    progress('building', { projection: projection.name, generation: building.generation });

    // An event the code cannot apply is parked in the new generation as the live runner parks it
    // in the live one (a rebuild starts with no parked events: each generation meets them anew).
    const parked: ParkedNotice[] = [];
    const step = (limit: number, parkFailure: boolean) =>
      session.transaction(async (trx) => {
        parked.length = 0;
        return applyNextBatch(trx, feed, projection, building, limit, { parkFailure, onParked: (notice) => parked.push(notice) });
      });
    const tellParked = () => {
      for (const { event, reason, cause } of parked.splice(0)) {
        progress('parked', {
          projection: projection.name,
          position: event.position,
          eventId: event.eventId,
          eventType: event.type,
          streamId: event.streamId,
          reason,
          ...(cause ? { error: (cause as Error)?.message ?? String(cause) } : {}),
        });
      }
    };
    const stepWithRecovery = async (limit: number, parkFailure: boolean) => {
      const n = await step(limit, parkFailure);
      tellParked();
      return n;
    };

    try {
      let total = 0;
      for (;;) {
        const n = await applyWithRecovery(stepWithRecovery, batchSize);
        total += n;
        if (n > 0) progress('applied', { projection: projection.name, events: total });
        if (n < batchSize) break;
      }
      // The live runners pause (their try-lock fails) until the transactions below are done.
      await session.lock(PROJECTION_LOCK_CLASS, projection.name);
      try {
        while ((await applyWithRecovery(stepWithRecovery, batchSize)) > 0);
        await session.transaction(async (trx) => {
          const old = await trx<GenerationRow>('projection_generations').where({ name: projection.name, status: 'live' }).first();
          if (old) await trx('projection_generations').where({ name: projection.name, generation: old.generation }).update({ status: 'retired' });
          await trx('projection_generations')
            .where({ name: projection.name, generation: building.generation })
            .update({ status: 'live', updated_at: trx.fn.now() });
          await pointViewsAt(trx, projection, building.generation);
        });
      } finally {
        await session.unlock(PROJECTION_LOCK_CLASS, projection.name).catch(() => undefined);
      }
      progress('switched', { projection: projection.name, generation: building.generation });
    } catch (err) {
      await dropGenerationTables(db, projection, building.generation);
      await db('projection_generations').where({ name: projection.name, generation: building.generation }).delete();
      throw err;
    }

    const retired = await db<GenerationRow>('projection_generations').where({ name: projection.name, status: 'retired' });
    for (const g of retired) {
      await dropGenerationTables(db, projection, g.generation);
      await db('projection_generations').where({ name: projection.name, generation: g.generation }).delete();
    }
    return building.generation;
  } finally {
    await session.release();
  }
}
