import type { Knex } from 'knex';
import { applyNextBatch, applyWithRecovery, isTransient, type GenerationRow, type ParkedNotice, type PrefetchedBatch } from './apply-batch';
import { assertProjectionName, type EventFeed, type Projection } from './projection';
import { createGenerationTables, pointViewsAt } from './projection-tables';
import { stepTransaction } from './step-transaction';
import { WakeSignal } from './wake-signal';

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
  /** Shared by the runners of one process (ProjectionHost); a runner alone makes its own. */
  signal?: WakeSignal;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Under a stream of commands (events arriving while a step is being applied), steps of one projection
 * start at least BUSY_GAP_MS apart, so each takes the events of that time in one transaction instead of
 * one transaction per command: a step costs four round trips besides its rows, and at a few hundred
 * bookings a second those steps were most of the database's work. While the stream goes on (events keep
 * arriving during the steps and the gaps between them), the gap doubles with each busy step up to
 * MAX_BUSY_GAP_MS: a dozen projections stepping 60 times a second each still cost more round trips than
 * the commands they showed. A step and gap that no event interrupted put the gap back, and a lone command
 * is still applied at once: the gap follows only a step that was woken while it ran.
 */
const BUSY_GAP_MS = 15;
const MAX_BUSY_GAP_MS = 250;

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
 *
 * An event the projection's code cannot apply does not stop it: a projection is shared by
 * every supplier, and one supplier's bad event must not freeze everybody's reads. The event is
 * parked (projection_parked_events) and the checkpoint moves past it in the same transaction;
 * the later events of its stream are parked behind it, so that item stays as it was (stale,
 * never wrong) until a platform admin retries or skips (projection-admin.ts).
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
  private readonly signal: WakeSignal;
  /** The live generation and checkpoint as the last step of ours left them. */
  private generation: number | null = null;
  private checkpoint: string | null = null;
  private readEarly = false;
  /** Set through a step and the busy gap before it: a wake-up then says commands keep coming. */
  private watching = false;
  private wokenWhileWatching = false;
  /** When the last step started, and whether events kept arriving while it ran (see BUSY_GAP_MS). */
  private lastStepAt = 0;
  private busy = false;
  private busyGapMs = BUSY_GAP_MS;
  /** What the last read said of events waiting behind an open transaction (undefined: the feed cannot tell). */
  private lastReadBehind: boolean | undefined = undefined;

  /** A step's first statement: the lock, the live generation and whether anything is parked (see step). */
  private readonly openingSql: string;

  constructor(
    private readonly db: Knex,
    private readonly feed: EventFeed,
    readonly projection: Projection,
    private readonly logger: RunnerLogger,
    options: RunnerOptions = {},
  ) {
    assertProjectionName(projection.name);
    this.openingSql = `WITH lock AS (SELECT pg_try_advisory_xact_lock(${PROJECTION_LOCK_CLASS}, hashtext('${projection.name}')) AS locked),
              async AS (SELECT set_config('synchronous_commit', 'off', true))
         SELECT g.*, EXISTS (SELECT 1 FROM projection_parked_events p WHERE p.name = g.name AND p.generation = g.generation) AS has_parked
           FROM lock, async, projection_generations g
          WHERE lock.locked AND g.name = '${projection.name}' AND g.status = 'live'`;
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 1000;
    this.signal = options.signal ?? new WakeSignal(feed);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    await ensureLiveGeneration(this.db, this.projection);
    this.stopped = false;
    this.unsubscribe = this.signal.subscribe(() => this.wake(), this.projection.handles, { background: this.projection.background });
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
      if (!gen || this.feed.comparePositions(gen.checkpoint, target) >= 0) return;
      if (Date.now() > deadline) throw new Error(`Projection ${this.projection.name} did not catch up within ${timeoutMs} ms`);
      await sleep(10);
    }
  }

  wake(): void {
    this.woken = true;
    if (this.watching) this.wokenWhileWatching = true;
    // A just-committed event may still sit behind another open transaction's watermark:
    // shortly after a wake-up, look again quickly while events are pending (see idle()).
    this.burstUntil = Date.now() + 250;
    this.readEarly = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let backoff = 100;
    while (!this.stopped) {
      try {
        if (this.readEarly) {
          this.readEarly = false;
          // Read what woke us while the step opens its transaction and takes the lock: a read
          // ahead, used only if the checkpoint under the lock is still the one read from.
          if (!this.prefetched && this.generation !== null) this.prefetched = this.readAhead(this.generation, this.checkpoint, this.batchSize);
        }
        const n = await this.timedStep();
        backoff = 100;
        // A full batch says more is waiting; otherwise a wake-up (or events still behind an open
        // transaction) brings the next step, rather than an empty step after every one.
        if (n >= this.batchSize) continue;
        await this.idle(n >= 0 && (await this.eventsPending()));
      } catch (err) {
        this.watching = false;
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
   * Whether events of ours past the checkpoint were left by the last read because an older transaction
   * somewhere is still open: then look again soon, not at the next poll. The feed says so from the read's
   * own snapshot; a feed that cannot tell is compared with the process's shared head (no query of this
   * runner's own), which under a stream of commands is always ahead.
   */
  private async eventsPending(): Promise<boolean> {
    if (this.lastReadBehind !== undefined) return this.lastReadBehind;
    const head = await this.signal.headPosition();
    return this.feed.comparePositions(head, this.checkpoint) > 0;
  }

  private async timedStep(): Promise<number> {
    const startedAt = Date.now();
    // After a busy gap the window is already open, with what woke us during the gap in it.
    if (!this.watching) this.watchForWakeUps();
    const n = await this.stepWithRecovery();
    this.watching = false;
    this.lastStepAt = startedAt;
    const wasBusy = this.busy;
    this.busy = n > 0 && this.wokenWhileWatching;
    this.busyGapMs = this.busy && wasBusy ? Math.min(this.busyGapMs * 2, MAX_BUSY_GAP_MS) : BUSY_GAP_MS;
    return n;
  }

  private watchForWakeUps(): void {
    this.watching = true;
    this.wokenWhileWatching = false;
  }

  /** How long the next step must still wait while commands keep coming (not cut short by wake-ups). */
  private gapLeft(): number {
    return this.busy ? this.lastStepAt + this.busyGapMs - Date.now() : 0;
  }

  private async idle(pending = false): Promise<void> {
    if (this.woken) {
      this.woken = false;
      const left = this.gapLeft();
      if (left > 0 && !this.stopped) {
        this.watchForWakeUps();
        await sleep(left);
      }
      return;
    }
    // Quick looks only while something is known to be pending: polling every runner every few
    // milliseconds after each wake-up loaded the database the commands themselves wait on.
    const wait = Math.max(pending ? (Date.now() < this.burstUntil ? 5 : 25) : this.pollMs, this.gapLeft());
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

  /** One batch; when the projection's code fails, finds the exact event one by one and parks it. */
  private stepWithRecovery(): Promise<number> {
    return applyWithRecovery(
      (limit, parkFailure) => this.step(limit, !parkFailure, parkFailure),
      this.batchSize,
      () => (this.prefetched = null),
    );
  }

  /**
   * Answers events applied or parked; -1 when another process holds the projection.
   * With readAhead, a full batch starts the read of the next one while it is being applied.
   */
  private async step(limit: number, readAhead = false, parkFailure = false): Promise<number> {
    // Taken whatever happens: a read ahead serves the very next step or nothing.
    const prefetched = this.prefetched;
    this.prefetched = null;
    let ahead: PrefetchedBatch | null = null;
    const parked: ParkedNotice[] = [];
    let seen: GenerationRow | null = null;
    const n = await stepTransaction(this.db, async (trx, commit) => {
      parked.length = 0;
      // The lock, the live generation and whether anything is parked, in one round trip (read
      // under the lock, and only steps holding it park): a step is a handful of round trips, and
      // each one shows in how soon a command's change is visible. No row: another process holds
      // the projection, or it has no live generation; either way this step has nothing to do.
      // The step commits without waiting for the WAL flush (synchronous_commit off, this transaction only):
      // a read table is rebuilt from the store, and a crash can only lose the last steps whole, checkpoint
      // and rows together, which the runner then applies again. The event appends keep their flush.
      // Without bindings (the name is checked and inlined), so that BEGIN goes out with it (stepTransaction).
      const found = await trx.raw<{ rows: (GenerationRow & { has_parked: boolean })[] }>(this.openingSql);
      const gen = found.rows[0];
      if (!gen) return -1;
      const generation = gen.generation;
      seen = gen;
      return applyNextBatch(trx, this.feed, this.projection, gen, limit, {
        prefetched,
        onRead: (batch) => {
          this.lastReadBehind = batch.behind;
          if (readAhead && batch.events.length === limit) ahead = this.readAhead(generation, batch.next, limit);
        },
        parkFailure,
        onParked: (notice) => parked.push(notice),
        noneParked: !gen.has_parked,
        withCommit: commit.withCommit,
      });
    });
    // Said once the parking has committed.
    for (const notice of parked) this.logParked(notice);
    // Kept only once the batch it follows has committed.
    this.prefetched = ahead;
    // applyNextBatch moves the row's checkpoint along with the one it writes.
    if (n >= 0 && seen) {
      this.generation = (seen as GenerationRow).generation;
      this.checkpoint = (seen as GenerationRow).checkpoint;
    }
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

  private logParked({ event, reason, cause }: ParkedNotice): void {
    const meta = {
      projection: this.projection.name,
      position: event.position,
      eventId: event.eventId,
      eventType: event.type,
      streamId: event.streamId,
    };
    if (reason === 'failed') {
      this.logger.error('projection parked an event it cannot apply and goes on', { ...meta, error: (cause as Error)?.message ?? String(cause) });
    } else {
      this.logger.warn('projection parked an event behind an earlier parked event of its stream', meta);
    }
  }
}

export { isTransient };
