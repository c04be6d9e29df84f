import type { Knex } from 'knex';
import type { RecordedEvent } from '@tbo/event-schemas';
import type { EventFeed, Projection, ProjectionContext } from './projection';
import { tableResolver } from './projection-tables';
import type { StepCommit } from './step-transaction';

export interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'live' | 'retired';
  checkpoint: string | null;
  /** Always 'running' now ('failed' was the stop before events were parked; see projectionParkingMigration). */
  state: 'running' | 'failed';
  events_applied: number;
  failed_position: string | null;
  failed_event_id: string | null;
  failed_event_type: string | null;
  error: string | null;
  failed_at: Date | null;
  updated_at: Date;
}

/** A row of projection_parked_events. */
export interface ParkedEventRow {
  id: string;
  name: string;
  generation: number;
  position: string;
  /** Where to read the event again from: the first event of its type after this position is it. */
  read_after: string | null;
  event_id: string;
  event_type: string;
  stream_id: string;
  revision: string | number;
  tenant_id: string | null;
  supplier_id: number | null;
  /** 'failed': the projection's code refused it; 'held': parked behind an earlier event of its stream. */
  reason: 'failed' | 'held';
  error: string | null;
  attempts: number;
  parked_at: Date;
  tried_at: Date | null;
}

/** An event the projection's code could not apply (as opposed to a lost connection). */
export class ProjectionApplyError extends Error {
  constructor(
    /** The events read in the step that failed (the one-by-one search goes through all of them). */
    readonly events: RecordedEvent[],
    override readonly cause: unknown,
  ) {
    super(`Projection failed on ${events.length === 1 ? events[0]!.type : `a batch of ${events.length}`}: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/** What a read of the feed answers. */
export type FeedBatch = Awaited<ReturnType<EventFeed['readAll']>>;

/**
 * A batch read ahead of time (the runner reads the next batch while it applies one). It is the
 * same as a fresh read from `after` (events past the watermark are final), so it may be used
 * only while the generation's checkpoint is still exactly `after`.
 */
export interface PrefetchedBatch {
  generation: number;
  after: string | null;
  limit: number;
  /** null when the read failed: the step then reads afresh (and meets the error itself). */
  result: Promise<FeedBatch | null>;
}

/** An event the step parked instead of applying. */
export interface ParkedNotice {
  event: RecordedEvent;
  reason: 'failed' | 'held';
  /** Why it failed ('failed' only). */
  cause?: unknown;
}

export interface ApplyNextBatchOptions {
  prefetched?: PrefetchedBatch | null;
  /** Called with the batch once read, before it is applied. */
  onRead?(batch: FeedBatch): void;
  /**
   * For the one-by-one search (limit 1): when the event fails, and not transiently, park it and
   * move the checkpoint past it in this transaction instead of throwing.
   */
  parkFailure?: boolean;
  /** Called for each event parked in this step (after the writes, before the commit). */
  onParked?(notice: ParkedNotice): void;
  /**
   * The caller saw, under the projection's lock, that the generation has no parked events:
   * nothing can be held behind one, so the batch's streams need not be looked up.
   */
  noneParked?: boolean;
  /** Sends the checkpoint's update with the COMMIT rather than on its own (see stepTransaction). */
  withCommit?: StepCommit['withCommit'];
}

/**
 * Reads the next batch after the generation's checkpoint, applies it and moves the checkpoint,
 * all in the caller's transaction: each event takes effect exactly once, crash or not.
 *
 * Events of a stream that has parked events in this generation are not applied: they are
 * parked too ('held', in order behind the first), since applying them on top of a change that
 * is missing would make the item wrong rather than merely stale. Retry and skip apply them.
 *
 * Answers the number of events read and dealt with (applied or parked).
 */
export async function applyNextBatch(
  trx: Knex.Transaction,
  feed: EventFeed,
  projection: Projection,
  gen: Pick<GenerationRow, 'name' | 'generation' | 'checkpoint'>,
  limit: number,
  options: ApplyNextBatchOptions = {},
): Promise<number> {
  const batch = (await prefetchedFor(options.prefetched, gen, limit)) ?? (await feed.readAll(gen.checkpoint, limit, { types: projection.handles }));
  const { events, next } = batch;
  options.onRead?.(batch);
  if (events.length === 0 && feed.comparePositions(next, gen.checkpoint) <= 0) return 0;
  let applied = 0;
  if (events.length) {
    /** The position each event is read again from (the event before it, or the checkpoint). */
    const index = new Map(events.map((e, i) => [e, i]));
    const readAfter = (e: RecordedEvent) => {
      const i = index.get(e)!;
      return i > 0 ? events[i - 1]!.position : gen.checkpoint;
    };
    const held = options.noneParked ? new Set<string>() : await parkedStreams(trx, gen, events);
    let toApply = events;
    if (held.size > 0) {
      toApply = events.filter((e) => !held.has(e.streamId));
      const toHold = events.filter((e) => held.has(e.streamId));
      await insertParked(
        trx,
        gen,
        toHold.map((event) => ({ event, readAfter: readAfter(event), reason: 'held' as const, error: null })),
      );
      for (const event of toHold) options.onParked?.({ event, reason: 'held' });
    }
    if (toApply.length) {
      const table = tableResolver(projection, gen.generation);
      const parkable = options.parkFailure === true && toApply.length === 1;
      try {
        // In a savepoint when the event is to be parked if it fails: the transaction survives the failure.
        if (parkable) await trx.transaction((sp) => applyEvents(projection, { trx: sp, table }, toApply));
        else await applyEvents(projection, { trx, table }, toApply);
        applied = toApply.length;
      } catch (err) {
        if (isTransient(err)) throw err;
        if (!parkable) throw new ProjectionApplyError(events, err);
        const event = toApply[0]!;
        await insertParked(trx, gen, [{ event, readAfter: readAfter(event), reason: 'failed', error: errorText(err), tried: true }]);
        options.onParked?.({ event, reason: 'failed', cause: err });
      }
    }
  }
  const checkpoint = trx('projection_generations')
    .where({ name: gen.name, generation: gen.generation })
    .update({ checkpoint: next, events_applied: trx.raw('events_applied + ?', [applied]), updated_at: trx.fn.now() });
  if (options.withCommit) options.withCommit(checkpoint);
  else await checkpoint;
  gen.checkpoint = next;
  return events.length;
}

/** The projection's batch path when it has one, else apply() for each event in order. */
export async function applyEvents(projection: Projection, ctx: ProjectionContext, events: RecordedEvent[]): Promise<void> {
  if (projection.applyBatch) await projection.applyBatch(ctx, events);
  else for (const e of events) await projection.apply(ctx, e);
}

/**
 * One step with the search for the event that fails: runs `step` for a whole batch; when the
 * projection's code fails on it, goes one by one through that batch, parking what fails alone
 * (so one supplier's bad event stops neither the projection nor anyone else's changes). When
 * none of its events fails alone (the failure was the batch's, not an event's), it goes back to
 * whole batches rather than crawl through the rest of the backlog one transaction per event.
 *
 * `step(limit, parkFailure)` runs applyNextBatch in a transaction of its own and answers what it
 * answers (or -1 when the projection is not this caller's to apply now).
 */
export async function applyWithRecovery(
  step: (limit: number, parkFailure: boolean) => Promise<number>,
  limit: number,
  onBatchFailed: (err: ProjectionApplyError) => void = () => undefined,
): Promise<number> {
  try {
    return await step(limit, false);
  } catch (err) {
    if (!(err instanceof ProjectionApplyError)) throw err;
    onBatchFailed(err);
    let done = 0;
    for (let i = 0; i < err.events.length; i++) {
      const n = await step(1, true);
      if (n <= 0) return done > 0 ? done : n;
      done += n;
    }
    return done;
  }
}

/**
 * Which of the batch's streams have parked events in this generation: one index probe per batch
 * (the streams go as one array parameter, not one placeholder each), usually answering none.
 */
async function parkedStreams(trx: Knex.Transaction, gen: Pick<GenerationRow, 'name' | 'generation'>, events: readonly RecordedEvent[]): Promise<Set<string>> {
  const streams = [...new Set(events.map((e) => e.streamId))];
  const rows = await trx('projection_parked_events')
    .distinct('stream_id')
    .where({ name: gen.name, generation: gen.generation })
    .whereRaw('stream_id = ANY(?::text[])', [streams]);
  return new Set(rows.map((r: { stream_id: string }) => r.stream_id));
}

interface ParkedInsert {
  event: RecordedEvent;
  readAfter: string | null;
  reason: 'failed' | 'held';
  error: string | null;
  tried?: boolean;
}

async function insertParked(trx: Knex.Transaction, gen: Pick<GenerationRow, 'name' | 'generation'>, rows: ParkedInsert[]): Promise<void> {
  if (!rows.length) return;
  await trx('projection_parked_events').insert(
    rows.map(({ event, readAfter, reason, error, tried }) => {
      const tenant = tenantOf(event);
      return {
        name: gen.name,
        generation: gen.generation,
        position: event.position,
        read_after: readAfter,
        event_id: event.eventId,
        event_type: event.type,
        stream_id: event.streamId,
        revision: event.revision,
        tenant_id: tenant.tenantId,
        supplier_id: tenant.supplierId,
        reason,
        error,
        attempts: tried ? 1 : 0,
        tried_at: tried ? trx.fn.now() : null,
      };
    }),
  );
}

/** The tenant an event belongs to, when its data (supplierId) or its metadata (tenantId) says. */
export function tenantOf(event: Pick<RecordedEvent, 'data' | 'metadata'>): { tenantId: string | null; supplierId: number | null } {
  const data = event.data as { supplierId?: unknown } | null;
  const fromData = data && typeof data === 'object' && Number.isSafeInteger(data.supplierId) ? (data.supplierId as number) : null;
  const tenantId = typeof event.metadata?.tenantId === 'string' ? event.metadata.tenantId : null;
  const fromMetadata = /^supplier-(\d{1,9})$/.exec(tenantId ?? '');
  const supplierId = fromData ?? (fromMetadata ? Number(fromMetadata[1]) : null);
  return { tenantId: tenantId ?? (supplierId !== null ? `supplier-${supplierId}` : null), supplierId };
}

/** What is kept of an error: the stack (its first line is the message), at most 4,000 characters. */
export function errorText(err: unknown): string {
  const e = err as Error | null;
  return (e?.stack ?? e?.message ?? String(err)).slice(0, 4000);
}

/**
 * The prefetched batch when it was read from the checkpoint as it stands now (the caller read it
 * under the lock); otherwise someone moved it (another runner, a skip) and it is thrown away.
 * An empty one is not used either: a fresh read may already see more.
 */
async function prefetchedFor(
  prefetched: PrefetchedBatch | null | undefined,
  gen: Pick<GenerationRow, 'generation' | 'checkpoint'>,
  limit: number,
): Promise<FeedBatch | null> {
  if (!prefetched || prefetched.generation !== gen.generation || prefetched.after !== gen.checkpoint || prefetched.limit !== limit) return null;
  const batch = await prefetched.result;
  return batch && batch.events.length > 0 ? batch : null;
}

/**
 * Lost connections, restarts, serialisation failures, and the server short of resources or
 * cancelling statements: try again, do not blame the event. Anything else the projection's code
 * throws is the event's: it is parked (a wrong guess here parks an event an admin then retries;
 * the other way round, a full disk would park every event).
 */
export function isTransient(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (typeof e.code === 'string') {
    // 08 connection, 53 insufficient resources, 57 operator intervention (shutdown, statement
    // timeout), 58 system error; serialisation failure, deadlock, lock not available, object in use.
    if (/^(08|53|57|58)[0-9A-Z]{3}$/.test(e.code)) return true;
    if (['40001', '40P01', '40003', '55P03', '55006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(e.code)) return true;
  }
  return /Connection terminated|terminating connection|Client has encountered a connection error|timeout exceeded when trying to connect|Knex: Timeout acquiring/i.test(
    e.message ?? '',
  );
}
