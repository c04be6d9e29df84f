import type { Knex } from 'knex';
import { jobLineLogger, jsonLogger } from './json.logger';
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { allProjections, photosAwaitingVariants, ProjectionHost } from '@tbo/read-models';
import { fileStorageFrom, PHOTO_VARIANTS_QUEUE, photoVariantsJobId, photoVariantsProcessor } from '@tbo/media';
import { createEventStore, createKnex, createQueueConnection, jobId, WorkerHost, type AppConfig, type EventStore } from '@tbo/kernel';
import { idempotencyCleanupProcessor, MAINTENANCE_QUEUE } from './maintenance/idempotency-cleanup.processor';

const HOUR = 3600_000;
const PHOTO_SWEEP_MS = 60_000;

/** The worker process: every projection runner and the BullMQ processors, stopped gracefully together. */
export class WorkerRuntime {
  private readonly pool: Pool;
  private readonly db: Knex;
  private readonly store: EventStore;
  private readonly projections: ProjectionHost;
  private readonly jobs: WorkerHost;
  private readonly redis;
  private timer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(config: AppConfig) {
    this.pool = new Pool({ connectionString: config.DATABASE_URL, max: 10, application_name: 'tbo-worker-store' });
    this.db = createKnex(config.DATABASE_URL, { poolMax: 10, applicationName: 'tbo-worker' });
    this.store = createEventStore(config, this.pool, createEventRegistry());
    this.projections = new ProjectionHost(this.db, this.store, allProjections, jsonLogger);
    this.redis = createQueueConnection(config.REDIS_URL);
    this.jobs = new WorkerHost({ connection: this.redis, prefix: config.QUEUE_PREFIX, logger: jobLineLogger });
    this.jobs.register(idempotencyCleanupProcessor(this.db));
    this.jobs.register(photoVariantsProcessor({ store: this.store, storage: fileStorageFrom(config) }));
  }

  async start(): Promise<void> {
    await this.projections.start();
    await this.jobs.start();
    const scheduleCleanup = () =>
      // One job per hour however many workers run: the job id is the hour.
      this.jobs
        .enqueue(MAINTENANCE_QUEUE, 'idempotency-cleanup', {}, { jobId: jobId('idempotency-cleanup', Math.floor(Date.now() / HOUR).toString(36)) })
        .catch((err: Error) => jsonLogger.warn('could not schedule cleanup', { error: err.message }));
    await scheduleCleanup();
    this.timer = setInterval(scheduleCleanup, HOUR);
    await this.sweepPhotos();
    this.sweepTimer = setInterval(() => void this.sweepPhotos(), PHOTO_SWEEP_MS);
    jsonLogger.log('worker started', { projections: allProjections.map((p) => p.name) });
  }

  /**
   * Photos whose variants do not exist yet get their job (again). The API enqueues right after
   * an upload; this catches an enqueue that failed (Redis down) or a job lost with Redis data.
   * The job id is the photo's, so a photo whose job is waiting or running is not added twice.
   */
  async sweepPhotos(): Promise<number> {
    try {
      const photos = await photosAwaitingVariants(this.db);
      for (const { id } of photos) await this.jobs.enqueue(PHOTO_VARIANTS_QUEUE, 'photo-variants', { photoId: id }, { jobId: photoVariantsJobId(id) });
      return photos.length;
    } catch (err) {
      jsonLogger.warn('photo sweep failed', { error: (err as Error).message });
      return 0;
    }
  }

  /** Finishes the batch and the jobs in hand, then lets go of every connection. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.projections.stop();
    await this.jobs.close();
    this.redis.disconnect();
    await this.store.close();
    await this.db.destroy();
    await this.pool.end();
    jsonLogger.log('worker stopped');
  }
}
