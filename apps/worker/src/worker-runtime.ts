import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { allProjections, processManagerProjection, ProjectionHost } from '@tbo/read-models';
import { fileStorageFrom, photoVariantsProcessor } from '@tbo/media';
import { HOLD_EXPIRY_QUEUE, holdExpiryProcessor, SEAT_CLAIMS_QUEUE, seatClaimsProcessor, SWEEP_HOLDS_JOB, SWEEP_SEAT_CLAIMS_JOB } from '@tbo/booking';
import { DOCUMENTS_QUEUE, DOCUMENTS_SWEEP_JOB, documentsProcessor, documentStorageFrom, TICKETS_QUEUE, TICKETS_SWEEP_JOB, ticketsProcessor, type DocumentsQueueJob, type TicketJob } from '@tbo/documents';
import { reportsProcessor, REPORTS_QUEUE } from '@tbo/reports';
import { octoConfirmationsProcessor } from '@tbo/connectivity';
import { createEventStore, createKnex, createLogger, createQueueConnection, jobId, logSink, WorkerHost, type AppConfig, type EventStore, type LogSink } from '@tbo/kernel';
import { idempotencyCleanupProcessor, MAINTENANCE_QUEUE } from './maintenance/idempotency-cleanup.processor';
import { allProcessManagers } from './process-managers';

const HOUR = 3600_000;
/** How often expired holds are swept (beside each hold's own delayed job): the longest a lost job keeps seats held. */
const HOLD_SWEEP_MS = 5 * 60_000;
/**
 * How often seat claims left unsettled past their grace period are swept (beside each claim's own delayed job): the
 * longest a lost settling job keeps a crashed booking's seats, or a cancelled one's, taken.
 */
const SEAT_CLAIMS_SWEEP_MS = 5 * 60_000;
/**
 * How often bookings whose tickets disagree with their state are swept (a tickets job that ran out of attempts):
 * the longest a cancelled booking keeps its codes, or a confirmed one waits for them, after such a failure.
 */
const TICKETS_SWEEP_MS = 5 * 60_000;
/**
 * How often bookings whose current documents are missing are swept (a document job that ran out of attempts, a
 * file lost): the longest an invoice or voucher stays unmade, beyond a download's own hurry, after such a failure.
 */
const DOCUMENTS_SWEEP_MS = 5 * 60_000;

/** The worker process: every projection runner, the process managers and the BullMQ processors, stopped gracefully together. */
export class WorkerRuntime {
  private readonly pool: Pool;
  private readonly db: Knex;
  private readonly store: EventStore;
  private readonly projections: ProjectionHost;
  private readonly jobs: WorkerHost;
  private readonly redis;
  /** The documents queue itself: the documents sweep retries or adds missing documents' jobs through it. */
  private readonly documentsQueue: Queue;
  private timer: NodeJS.Timeout | null = null;
  private sweepTimers: NodeJS.Timeout[] = [];
  /** Set by stop(): a start still under way goes no further than the step it is in. */
  private stopping = false;
  /** The start under way or done (stop waits for it to settle before it stops what it started). */
  private starting: Promise<void> | null = null;
  private stopped: Promise<void> | null = null;
  /** The worker's own lines (start, stop, scheduling); its parts log through sinks of the same logger. */
  readonly log: LogSink;

  /** `logger`: the API's line shape with process "worker" (see createLogger); tests pass one writing to a stream. */
  constructor(config: AppConfig, logger: Logger = createLogger({ process: 'worker', level: config.LOG_LEVEL })) {
    this.log = logSink(logger, 'Worker');
    this.pool = new Pool({ connectionString: config.DATABASE_URL, max: 10, application_name: 'tbo-worker-store' });
    this.db = createKnex(config.DATABASE_URL, { poolMax: 10, applicationName: 'tbo-worker' });
    this.store = createEventStore(config, this.pool, createEventRegistry());
    this.redis = createQueueConnection(config.REDIS_URL);
    this.jobs = new WorkerHost({ connection: this.redis, prefix: config.QUEUE_PREFIX, logger: logSink(logger, 'Jobs') });
    // Process managers queue through this host: it is closed after the runners have stopped.
    const managers = allProcessManagers.map((m) => processManagerProjection(m, this.jobs));
    this.projections = new ProjectionHost(this.db, this.store, [...allProjections, ...managers], logSink(logger, 'Projections'));
    this.jobs.register(idempotencyCleanupProcessor(this.db));
    this.jobs.register(photoVariantsProcessor({ store: this.store, storage: fileStorageFrom(config) }));
    this.jobs.register(seatClaimsProcessor({ store: this.store, db: this.db, log: logSink(logger, 'SeatClaims') }));
    this.jobs.register(holdExpiryProcessor({ store: this.store, db: this.db }));
    this.documentsQueue = new Queue(DOCUMENTS_QUEUE, { connection: this.redis, prefix: config.QUEUE_PREFIX });
    this.documentsQueue.on('error', (err: Error) => this.log.warn('documents queue error', { error: err.message }));
    this.jobs.register(documentsProcessor({ store: this.store, db: this.db, storage: documentStorageFrom(config), queue: this.documentsQueue }));
    this.jobs.register(ticketsProcessor({ store: this.store, db: this.db, storage: documentStorageFrom(config) }));
    this.jobs.register(octoConfirmationsProcessor({ store: this.store, db: this.db }));
    this.jobs.register(reportsProcessor({ db: this.db, store: this.store }));
  }

  /**
   * Starts the projection runners, then the job workers, then the periodic jobs. A stop() meanwhile is not lost:
   * each step looks whether the worker is stopping before it begins, so nothing starts after stop() was asked, and
   * stop() waits for the step under way to finish before it stops what was started (a runner started after the
   * stop began would otherwise run on, and a job host closed under a start would make it throw).
   */
  start(): Promise<void> {
    this.starting ??= this.startSteps();
    return this.starting;
  }

  private async startSteps(): Promise<void> {
    if (this.stopping) return;
    await this.projections.start();
    if (this.stopping) return;
    await this.jobs.start();
    if (this.stopping) return;
    await this.schedule();
    this.log.log('worker started', { projections: allProjections.map((p) => p.name), processManagers: allProcessManagers.map((m) => m.name) });
  }

  /** The periodic jobs: one per window however many workers run (the job id is the window); the first of each now. */
  private async schedule(): Promise<void> {
    const scheduleCleanup = () =>
      // One job per hour however many workers run: the job id is the hour.
      this.jobs
        .enqueue(MAINTENANCE_QUEUE, 'idempotency-cleanup', {}, { jobId: jobId('idempotency-cleanup', Math.floor(Date.now() / HOUR).toString(36)) })
        .then(() => this.jobs.enqueue(REPORTS_QUEUE, 'sweep', {}, { jobId: jobId('report-asof-sweep', Math.floor(Date.now() / HOUR).toString(36)) }))
        .catch((err: Error) => this.log.warn('could not schedule cleanup', { error: err.message }));
    await scheduleCleanup();
    this.timer = setInterval(scheduleCleanup, HOUR);
    // The sweeps: expired holds; seat claims whose settling job was lost; bookings left with ticket codes they should
    // not hold, or without those they need; bookings whose current invoice, vouchers or tickets PDF are missing.
    this.sweepTimers = [
      await this.scheduleSweep(HOLD_EXPIRY_QUEUE, SWEEP_HOLDS_JOB, {}, 'sweep-holds', HOLD_SWEEP_MS, 'hold'),
      await this.scheduleSweep(SEAT_CLAIMS_QUEUE, SWEEP_SEAT_CLAIMS_JOB, {}, 'sweep-seat-claims', SEAT_CLAIMS_SWEEP_MS, 'seat claims'),
      await this.scheduleSweep<TicketJob>(TICKETS_QUEUE, TICKETS_SWEEP_JOB, { action: 'sweep' }, 'sweep-tickets', TICKETS_SWEEP_MS, 'tickets'),
      await this.scheduleSweep<DocumentsQueueJob>(DOCUMENTS_QUEUE, DOCUMENTS_SWEEP_JOB, { action: 'sweep' }, 'sweep-documents', DOCUMENTS_SWEEP_MS, 'documents'),
    ];
  }

  /**
   * Queues a sweep now, named for this start, then one per window, named for the window: however many workers run,
   * each window's sweep is one job. A queue that cannot be reached only logs; the next window tries again.
   */
  private async scheduleSweep<T>(queue: string, job: string, data: T, name: string, everyMs: number, label: string): Promise<NodeJS.Timeout> {
    const sweep = (id: string) =>
      this.jobs.enqueue<T>(queue, job, data, { jobId: jobId(name, id) }).catch((err: Error) => this.log.warn(`could not schedule the ${label} sweep`, { error: err.message }));
    await sweep(`start-${Date.now().toString(36)}`);
    return setInterval(() => void sweep(Math.floor(Date.now() / everyMs).toString(36)), everyMs);
  }

  /** Finishes the batch and the jobs in hand, then lets go of every connection; a start under way is let finish its step first. Once, however often asked. */
  stop(): Promise<void> {
    this.stopping = true;
    this.stopped ??= this.stopSteps();
    return this.stopped;
  }

  private async stopSteps(): Promise<void> {
    // Whatever the start did, and however it ended: what it started is stopped below.
    await this.starting?.catch(() => undefined);
    for (const timer of [this.timer, ...this.sweepTimers]) if (timer) clearInterval(timer);
    await this.projections.stop();
    await this.jobs.close();
    await this.documentsQueue.close().catch(() => undefined);
    this.redis.disconnect();
    await this.store.close();
    await this.db.destroy();
    await this.pool.end();
    this.log.log('worker stopped');
  }
}
