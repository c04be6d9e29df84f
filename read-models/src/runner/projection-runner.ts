import type { Knex } from 'knex';
import { applyNextBatch, isTransient, ProjectionApplyError, type GenerationRow, type PrefetchedBatch } from './apply-batch';
import { assertProjectionName, type EventFeed, type Projection } from './projection';
import { createGenerationTables, pointViewsAt } from './projection-tables';

/** Namespace of our advisory locks (the first key of the two-key form). */
export const PROJECTION_LOCK_CLASS = 7301;

export interface RunnerLogger {
  log(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

export interface RunnerOptions {
  batchSize?: number;
  /** Polling fallback when no notification arrives. */
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates generation 1 of a projection the first time it is seen (tables, views, status row). */
export async function ensureLiveGeneration(db: Knex, projection: Projection): Promise<void> {
  assertProjectionName(projection.name);
  await db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [PROJECTION_LOCK_CLASS, projection.name]);
    const live = await trx('projection_generations').where({ name: projection.name, status: 'live' }).first();
    if (live) return;
    const max = await trx('projection_generations').where({ name: projection.name }).max<{ max: number | null }>('generation as max').first();
    const generation = (max?.max ?? 0) + 1;
    await createGenerationTables(trx, projection, generation);
    await pointViewsAt(trx, projection, generation);
    await trx('projection_generations').insert({ name: projection.name, generation, version: projection.version, status: 'live' });
  });
}

/**
 * Keeps one projection's live generation up to date. Any number of processes may run one:
 * each batch takes the projection's advisory lock for its transaction, so only one applies
 * at a time and the checkpoint moves in the same transaction as the rows.
 */
export class ProjectionRunner {
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private burstUntil = 0;
  private unsubscribe: (() => void) | null = null;
  /** The next batch, read while the last one was applied; only the very next step may use it. */
  private prefetched: PrefetchedBatch | null = null;
  private readonly reading = new Set<Promise<unknown>>();
  private readonly batchSize: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Knex,
    private readonly feed: EventFeed,
    readonly projection: Projection,
    private readonly logger: RunnerLogger,
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 1000;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    await ensureLiveGeneration(this.db, this.projection);
    this.stopped = false;
    this.unsubscribe = this.feed.onAppended(() => this.wake());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake();
    await this.loop;
    this.loop = null;
    this.prefetched = null;
    // No read of ours outlives the runner (the caller may close the store's pool next).
    await Promise.all(this.reading);
  }

  /**
   * Applies everything appended before the call (for the command line and tests). An empty
   * batch is not enough to stop on: events can sit behind the watermark of an open transaction.
   */
  async catchUp(timeoutMs = 60_000): Promise<void> {
    await ensureLiveGeneration(this.db, this.projection);
    const target = await this.feed.headPosition();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const n = await this.stepWithRecovery();
      if (n > 0) continue;
      const gen = await this.db<GenerationRow>('projection_generations').where({ name: this.projection.name, status: 'live' }).first();
      if (!gen || gen.state === 'failed' || this.feed.comparePositions(gen.checkpoint, target) >= 0) return;
      if (Date.now() > deadline) throw new Error(`Projection ${this.projection.name} did not catch up within ${timeoutMs} ms`);
      await sleep(10);
    }
  }

  wake(): void {
    this.woken = true;
    // A just-committed event may still sit behind another open transaction's watermark:
    // look again a few times shortly after a wake-up instead of waiting for the next poll.
    this.burstUntil = Date.now() + 250;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let backoff = 100;
    while (!this.stopped) {
      try {
        const n = await this.stepWithRecovery();
        backoff = 100;
        if (n > 0) continue;
        await this.idle(n === 0 && (await this.eventsPending()));
      } catch (err) {
        this.prefetched = null;
        this.logger.warn('projection runner: transient error, retrying', {
          projection: this.projection.name,
          error: (err as Error).message,
          retryInMs: backoff,
        });
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }

  /**
   * Whether the store holds events past the checkpoint that the last read could not see yet
   * (an older transaction somewhere is still open): then look again soon, not at the next poll.
   */
  private async eventsPending(): Promise<boolean> {
    const [gen, head] = await Promise.all([
      this.db<GenerationRow>('projection_generations').select('checkpoint').where({ name: this.projection.name, status: 'live' }).first(),
      this.feed.headPosition(),
    ]);
    return !!gen && this.feed.comparePositions(head, gen.checkpoint) > 0;
  }

  private async idle(pending = false): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    const wait = Date.now() < this.burstUntil ? 5 : pending ? 25 : this.pollMs;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, wait);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
    this.wakeUp = null;
    this.woken = false;
  }

  /** One batch; when the projection's code fails, finds the exact event one by one and stops there. */
  private async stepWithRecovery(): Promise<number> {
    try {
      return await this.step(this.batchSize, true);
    } catch (err) {
      if (!(err instanceof ProjectionApplyError)) throw err;
      this.prefetched = null;
      // One by one through the failed batch only: when none of its events fails alone (the
      // failure was the batch's, not an event's), go back to whole batches rather than crawl
      // through the rest of the backlog one transaction per event.
      let applied = 0;
      for (let i = 0; i < err.events.length; i++) {
        try {
          const n = await this.step(1);
          if (n <= 0) return applied > 0 ? applied : n;
          applied += n;
        } catch (single) {
          if (!(single instanceof ProjectionApplyError)) throw single;
          await this.markFailed(single);
          return -1;
        }
      }
      return applied;
    }
  }

  /**
   * Answers events applied; -1 when another process holds the projection or it is stopped on a failure.
   * With readAhead, a full batch starts the read of the next one while it is being applied.
   */
  private async step(limit: number, readAhead = false): Promise<number> {
    // Taken whatever happens: a read ahead serves the very next step or nothing.
    const prefetched = this.prefetched;
    this.prefetched = null;
    let ahead: PrefetchedBatch | null = null;
    const n = await this.db.transaction(async (trx) => {
      const lock = await trx.raw<{ rows: { locked: boolean }[] }>('SELECT pg_try_advisory_xact_lock(?, hashtext(?)) AS locked', [
        PROJECTION_LOCK_CLASS,
        this.projection.name,
      ]);
      if (!lock.rows[0]!.locked) return -1;
      const gen = await trx<GenerationRow>('projection_generations').where({ name: this.projection.name, status: 'live' }).first();
      if (!gen || gen.state === 'failed') return -1;
      const generation = gen.generation;
      return applyNextBatch(trx, this.feed, this.projection, gen, limit, {
        prefetched,
        onRead: (batch) => {
          if (readAhead && batch.events.length === limit) ahead = this.readAhead(generation, batch.next, limit);
        },
      });
    });
    // Kept only once the batch it follows has committed.
    this.prefetched = ahead;
    return n;
  }

  private readAhead(generation: number, after: string | null, limit: number): PrefetchedBatch {
    // Started from a promise so that even a synchronous throw only costs the step a fresh read.
    const result = Promise.resolve()
      .then(() => this.feed.readAll(after, limit, { types: this.projection.handles }))
      .then(
        (batch) => batch,
        () => null,
      );
    this.reading.add(result);
    void result.then(() => this.reading.delete(result));
    return { generation, after, limit, result };
  }

  private async markFailed(err: ProjectionApplyError): Promise<void> {
    const event = err.events[0]!;
    const cause = err.cause as Error;
    const error = (cause?.stack ?? String(cause)).slice(0, 4000);
    await this.db('projection_generations')
      .where({ name: this.projection.name, status: 'live' })
      .update({
        state: 'failed',
        failed_position: event.position,
        failed_event_id: event.eventId,
        failed_event_type: event.type,
        error,
        failed_at: this.db.fn.now(),
        updated_at: this.db.fn.now(),
      });
    this.logger.error('projection stopped on an event it cannot apply', {
      projection: this.projection.name,
      position: event.position,
      eventId: event.eventId,
      eventType: event.type,
      error: cause?.message ?? String(cause),
    });
  }
}

export { isTransient };
