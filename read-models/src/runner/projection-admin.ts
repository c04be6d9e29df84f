import type { Knex } from 'knex';
import { applyNextBatch, type GenerationRow } from './apply-batch';
import type { EventFeed, Projection } from './projection';
import { PROJECTION_LOCK_CLASS, ensureLiveGeneration } from './projection-runner';
import { createGenerationTables, dropGenerationTables, pointViewsAt } from './projection-tables';

export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  generation: number | null;
  state: 'running' | 'failed' | 'missing';
  checkpoint: string | null;
  head: string | null;
  caughtUp: boolean;
  /** The code's version is newer than the live tables: run a rebuild. */
  stale: boolean;
  eventsApplied: number;
  updatedAt: string | null;
  failure: { position: string; eventId: string | null; eventType: string | null; error: string; at: string } | null;
  building: { generation: number; checkpoint: string | null } | null;
}

export async function projectionStatus(db: Knex, feed: EventFeed, projections: readonly Projection[]): Promise<ProjectionStatus[]> {
  const rows = await db<GenerationRow>('projection_generations').whereIn('status', ['live', 'building']);
  const head = await feed.headPosition();
  return projections.map((p) => {
    const live = rows.find((r) => r.name === p.name && r.status === 'live');
    const building = rows.find((r) => r.name === p.name && r.status === 'building');
    return {
      name: p.name,
      version: p.version,
      liveVersion: live?.version ?? null,
      generation: live?.generation ?? null,
      state: live ? live.state : 'missing',
      checkpoint: live?.checkpoint ?? null,
      head,
      caughtUp: !!live && live.state === 'running' && feed.comparePositions(live.checkpoint, head) >= 0,
      stale: !!live && live.version < p.version,
      eventsApplied: Number(live?.events_applied ?? 0),
      updatedAt: live?.updated_at ? new Date(live.updated_at).toISOString() : null,
      failure:
        live?.state === 'failed'
          ? {
              position: live.failed_position ?? '',
              eventId: live.failed_event_id,
              eventType: live.failed_event_type,
              error: live.error ?? '',
              at: new Date(live.failed_at ?? live.updated_at).toISOString(),
            }
          : null,
      building: building ? { generation: building.generation, checkpoint: building.checkpoint } : null,
    };
  });
}

/** Clears a failure so the runner tries the same event again (after a fix is deployed). */
export async function retryProjection(db: Knex, name: string): Promise<boolean> {
  const n = await db('projection_generations')
    .where({ name, status: 'live', state: 'failed' })
    .update({ state: 'running', error: null, failed_position: null, failed_event_id: null, failed_event_type: null, failed_at: null, updated_at: db.fn.now() });
  return n > 0;
}

/** Moves past the failing event for good; the skip is recorded with who did it. */
export async function skipFailedEvent(db: Knex, name: string, skippedBy: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [PROJECTION_LOCK_CLASS, name]);
    const gen = await trx<GenerationRow>('projection_generations').where({ name, status: 'live', state: 'failed' }).first();
    if (!gen?.failed_position) return false;
    await trx('projection_skips').insert({
      name,
      generation: gen.generation,
      position: gen.failed_position,
      event_id: gen.failed_event_id,
      event_type: gen.failed_event_type,
      error: gen.error,
      skipped_by: skippedBy,
    });
    await trx('projection_generations').where({ name, generation: gen.generation }).update({
      checkpoint: gen.failed_position,
      state: 'running',
      error: null,
      failed_position: null,
      failed_event_id: null,
      failed_event_type: null,
      failed_at: null,
      updated_at: trx.fn.now(),
    });
    return true;
  });
}

/**
 * Read your writes: waits until the projection has passed `position` (a command's answer),
 * at most `timeoutMs`. Answers whether it got there.
 */
export async function waitForProjection(db: Knex, feed: EventFeed, name: string, position: string, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    const gen = await db<GenerationRow>('projection_generations').select('checkpoint').where({ name, status: 'live' }).first();
    try {
      if (gen && feed.comparePositions(gen.checkpoint, position) >= 0) return true;
    } catch {
      // A position from another store's format: nothing to wait for.
      return false;
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

    try {
      let total = 0;
      for (;;) {
        const n = await session.transaction((trx) => applyNextBatch(trx, feed, projection, building, batchSize));
        total += n;
        if (n > 0) progress('applied', { projection: projection.name, events: total });
        if (n < batchSize) break;
      }
      // The live runners pause (their try-lock fails) until both transactions below are done.
      await session.lock(PROJECTION_LOCK_CLASS, projection.name);
      try {
        await session.transaction(async (trx) => {
          while ((await applyNextBatch(trx, feed, projection, building, batchSize)) > 0);
        });
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
