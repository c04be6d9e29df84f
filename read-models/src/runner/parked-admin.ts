import type { Knex } from 'knex';
import type { RecordedEvent } from '@tbo/event-schemas';
import { applyEvents, errorText, isTransient, type GenerationRow, type ParkedEventRow } from './apply-batch';
import type { EventFeed, Projection } from './projection';
import { parkedView, type ParkedEventView } from './projection-admin';
import { PROJECTION_LOCK_CLASS } from './projection-runner';
import { tableResolver } from './projection-tables';

/**
 * What a platform administrator does about parked events (see apply-batch.ts): list them, apply a stream's
 * parked events again after a fix, or skip the first one for good.
 */
/** The parked events of the projection's live generation, oldest first (at most `limit`). */
export async function listParkedEvents(db: Knex, name: string, limit = 1000): Promise<ParkedEventView[]> {
  const rows = await db<ParkedEventRow>('projection_parked_events as p')
    .join('projection_generations as g', function () {
      this.on('g.name', 'p.name').andOn('g.generation', 'p.generation');
    })
    .where({ 'p.name': name, 'g.status': 'live' })
    .orderBy('p.id')
    .limit(limit)
    .select('p.*');
  return rows.map(parkedView);
}

/** What retrying or skipping did to one stream's parked events. */
export interface ParkedStreamOutcome {
  generation: number;
  streamId: string;
  /** Events of the stream applied now, and no longer parked. */
  applied: number;
  /** Events of the stream still parked: the first of them failed again, the rest are held behind it. */
  remaining: number;
  /** The first event still parked, with the error it failed with now; null when the stream is clear. */
  failing: ParkedEventView | null;
}

export type RetryParkedResult =
  | ({ outcome: 'retried' } & ParkedStreamOutcome)
  /** The live generation has no parked events. */
  | { outcome: 'nothing-parked' }
  /** No parked event of the live generation has that id. */
  | { outcome: 'not-parked' };

export type SkipParkedResult =
  | ({ outcome: 'skipped'; skipped: ParkedEventView } & ParkedStreamOutcome)
  | { outcome: 'nothing-parked' }
  | { outcome: 'not-parked' }
  /** The event is held behind an earlier parked event of its stream: that one is to be skipped (or retried) first. */
  | { outcome: 'held'; first: ParkedEventView };

/**
 * Applies the parked events of one stream again, in order (after a fix is deployed): each one
 * that applies is no longer parked; at the first that still fails, it and the rest stay parked
 * and its error is answered. With an event id, its stream (from the stream's first parked
 * event, whichever of them the id names); without one, the stream of the oldest parked event.
 * One transaction, holding the projection's lock (the runner waits; so does a rebuild's switch).
 */
export async function retryParked(db: Knex, feed: EventFeed, projection: Projection, options: { eventId?: string } = {}): Promise<RetryParkedResult> {
  return db.transaction(async (trx) => {
    const target = await lockAndFind(trx, projection.name, options.eventId);
    if ('outcome' in target) return target;
    return { outcome: 'retried' as const, ...(await reapplyStream(trx, feed, projection, target.gen, target.first.stream_id)) };
  });
}

/** Retries every stream with parked events, oldest first, each in a transaction of its own (after a fix for a bug many events met). */
export async function retryAllParked(db: Knex, feed: EventFeed, projection: Projection): Promise<ParkedStreamOutcome[]> {
  const out: ParkedStreamOutcome[] = [];
  const tried = new Set<string>();
  for (;;) {
    const result = await db.transaction(async (trx) => {
      const target = await lockAndFind(trx, projection.name, undefined, [...tried]);
      if ('outcome' in target) return null;
      return reapplyStream(trx, feed, projection, target.gen, target.first.stream_id);
    });
    if (!result) return out;
    tried.add(result.streamId);
    out.push(result);
  }
}

/**
 * Drops the first parked event of a stream for good (recorded in projection_skips with who did
 * it), then applies the events held behind it, as a retry does. With an event id, that event,
 * which must be the first of its stream; without one, the oldest parked event.
 */
export async function skipParked(db: Knex, feed: EventFeed, projection: Projection, skippedBy: string, options: { eventId?: string } = {}): Promise<SkipParkedResult> {
  return db.transaction(async (trx) => {
    const target = await lockAndFind(trx, projection.name, options.eventId);
    if ('outcome' in target) return target;
    const { gen, first, named } = target;
    if (named && named.id !== first.id) return { outcome: 'held' as const, first: parkedView(first) };
    await trx('projection_skips').insert({
      name: projection.name,
      generation: gen.generation,
      position: first.position,
      event_id: first.event_id,
      event_type: first.event_type,
      stream_id: first.stream_id,
      supplier_id: first.supplier_id,
      error: first.error,
      skipped_by: skippedBy,
    });
    await trx('projection_parked_events').where({ id: first.id }).delete();
    const rest = await reapplyStream(trx, feed, projection, gen, first.stream_id);
    return { outcome: 'skipped' as const, skipped: parkedView(first), ...rest };
  });
}

type Target = { gen: GenerationRow; first: ParkedEventRow; named: ParkedEventRow | null } | { outcome: 'nothing-parked' } | { outcome: 'not-parked' };

/** Takes the projection's lock, then finds the live generation and the first parked event of the stream asked for. */
async function lockAndFind(trx: Knex.Transaction, name: string, eventId: string | undefined, exceptStreams: string[] = []): Promise<Target> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [PROJECTION_LOCK_CLASS, name]);
  const gen = await trx<GenerationRow>('projection_generations').where({ name, status: 'live' }).first();
  if (!gen) return { outcome: 'nothing-parked' };
  const parked = () => trx<ParkedEventRow>('projection_parked_events').where({ name, generation: gen.generation });
  let named: ParkedEventRow | null = null;
  let streamId: string;
  if (eventId !== undefined) {
    named = (await parked().where({ event_id: eventId }).first()) ?? null;
    if (!named) return (await parked().first()) ? { outcome: 'not-parked' } : { outcome: 'nothing-parked' };
    streamId = named.stream_id;
  } else {
    const oldest = await parked().whereNotIn('stream_id', exceptStreams).orderBy('id').first();
    if (!oldest) return { outcome: 'nothing-parked' };
    streamId = oldest.stream_id;
  }
  const first = (await parked().where({ stream_id: streamId }).orderBy('id').first())!;
  return { gen, first, named };
}

/** Applies a stream's parked events in order until one fails (in savepoints, so the failure is only recorded). */
async function reapplyStream(trx: Knex.Transaction, feed: EventFeed, projection: Projection, gen: GenerationRow, streamId: string): Promise<ParkedStreamOutcome> {
  const rows = await trx<ParkedEventRow>('projection_parked_events').where({ name: projection.name, generation: gen.generation, stream_id: streamId }).orderBy('id');
  const table = tableResolver(projection, gen.generation);
  let applied = 0;
  let failing: ParkedEventView | null = null;
  for (const row of rows) {
    try {
      const event = await readParkedEvent(feed, row);
      await trx.transaction((sp) => applyEvents(projection, { trx: sp, table }, [event]));
    } catch (err) {
      if (isTransient(err)) throw err;
      const [updated] = await trx<ParkedEventRow>('projection_parked_events')
        .where({ id: row.id })
        .update({ reason: 'failed', error: errorText(err), attempts: trx.raw('attempts + 1'), tried_at: trx.fn.now() } as never)
        .returning('*');
      failing = parkedView(updated!);
      break;
    }
    await trx('projection_parked_events').where({ id: row.id }).delete();
    applied++;
  }
  if (applied > 0) {
    await trx('projection_generations')
      .where({ name: projection.name, generation: gen.generation })
      .update({ events_applied: trx.raw('events_applied + ?', [applied]), updated_at: trx.fn.now() });
  }
  return { generation: gen.generation, streamId, applied, remaining: rows.length - applied, failing };
}

/** The parked event as the store gives it now (upcast by today's code): the first event of its type after where it was read from. */
async function readParkedEvent(feed: EventFeed, row: ParkedEventRow): Promise<RecordedEvent> {
  const { events } = await feed.readAll(row.read_after, 1, { types: [row.event_type] });
  const event = events[0];
  if (!event || event.eventId !== row.event_id) {
    throw new Error(`Parked event ${row.event_id} (${row.event_type} at ${row.position}) is no longer where it was read (after ${row.read_after ?? 'the start'})`);
  }
  return event;
}
