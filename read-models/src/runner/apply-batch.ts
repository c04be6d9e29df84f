import type { Knex } from 'knex';
import type { RecordedEvent } from '@tbo/event-schemas';
import type { EventFeed, Projection } from './projection';
import { tableResolver } from './projection-tables';

export interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'live' | 'retired';
  checkpoint: string | null;
  state: 'running' | 'failed';
  events_applied: number;
  failed_position: string | null;
  failed_event_id: string | null;
  failed_event_type: string | null;
  error: string | null;
  failed_at: Date | null;
  updated_at: Date;
}

/** An event the projection's code could not apply (as opposed to a lost connection). */
export class ProjectionApplyError extends Error {
  constructor(
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

export interface ApplyNextBatchOptions {
  prefetched?: PrefetchedBatch | null;
  /** Called with the batch once read, before it is applied. */
  onRead?(batch: FeedBatch): void;
}

/**
 * Reads the next batch after the generation's checkpoint, applies it and moves the checkpoint,
 * all in the caller's transaction: each event takes effect exactly once, crash or not.
 * Answers the number of events applied.
 */
export async function applyNextBatch(
  trx: Knex.Transaction,
  feed: EventFeed,
  projection: Projection,
  gen: Pick<GenerationRow, 'name' | 'generation' | 'checkpoint'>,
  limit: number,
  options: ApplyNextBatchOptions = {},
): Promise<number> {
  const { events, next } =
    (await prefetchedFor(options.prefetched, gen, limit)) ?? (await feed.readAll(gen.checkpoint, limit, { types: projection.handles }));
  options.onRead?.({ events, next });
  if (events.length === 0 && feed.comparePositions(next, gen.checkpoint) <= 0) return 0;
  if (events.length) {
    const ctx = { trx, table: tableResolver(projection, gen.generation) };
    try {
      if (projection.applyBatch) await projection.applyBatch(ctx, events);
      else for (const e of events) await projection.apply(ctx, e);
    } catch (err) {
      if (isTransient(err)) throw err;
      throw new ProjectionApplyError(events, err);
    }
  }
  await trx('projection_generations')
    .where({ name: gen.name, generation: gen.generation })
    .update({ checkpoint: next, events_applied: trx.raw('events_applied + ?', [events.length]), updated_at: trx.fn.now() });
  gen.checkpoint = next;
  return events.length;
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

/** Lost connections, restarts and serialisation failures: try again, do not blame the event. */
export function isTransient(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && (/^08/.test(e.code) || ['57P01', '57P02', '57P03', '40001', '40P01', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(e.code))) {
    return true;
  }
  return /Connection terminated|terminating connection|Client has encountered a connection error|timeout exceeded when trying to connect|Knex: Timeout acquiring/i.test(
    e.message ?? '',
  );
}
