import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, createQueueConnection, DEFAULT_JOB_OPTIONS, jobId, type AppConfig } from '@tbo/kernel';

export const PHOTO_VARIANTS_QUEUE = 'photo-variants';
export interface PhotoVariantsJob {
  photoId: number;
}
/** One job per photo, however often it is enqueued (API after the upload, worker sweeps). */
export const photoVariantsJobId = (photoId: number) => jobId('photo-variants', photoId);

/**
 * Enqueues variant jobs from the API. Best effort: the photo's PhotoUploaded event is already
 * stored, and the worker sweeps photos still without variants at start and every minute, so a
 * Redis hiccup here delays the variants but never loses them.
 */
@Injectable()
export class PhotoJobs implements OnApplicationShutdown {
  private readonly log = new Logger('PhotoJobs');
  private connection: Redis | null = null;
  private queue: Queue | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async enqueue(photoId: number): Promise<void> {
    try {
      if (!this.queue) {
        this.connection = createQueueConnection(this.config.REDIS_URL);
        this.connection.on('error', () => undefined);
        this.queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection: this.connection, prefix: this.config.QUEUE_PREFIX, defaultJobOptions: DEFAULT_JOB_OPTIONS });
        this.queue.on('error', () => undefined);
      }
      const added = this.queue.add('photo-variants', { photoId } satisfies PhotoVariantsJob, { jobId: photoVariantsJobId(photoId) });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Redis did not answer within 3 s')), 3000)));
      added.catch(() => undefined);
      await Promise.race([added, timeout]).finally(() => clearTimeout(timer));
    } catch (err) {
      this.log.warn(`could not enqueue variants of photo ${photoId} (the worker's sweep will): ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
