import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, createQueueConnection, DEFAULT_JOB_OPTIONS, type AppConfig } from '@tbo/kernel';
import { DOCUMENTS_QUEUE, documentJobId, type DocumentJob } from '../document-jobs';

/** How long a download waits for Redis before it goes on waiting for the document anyway. */
const QUEUE_TIMEOUT_MS = 2_000;

/**
 * The API's hand on the documents queue: a download of a document not made yet puts its job at the front.
 * BullMQ takes waiting jobs in order, so a job already waiting behind others is taken out and added again
 * at the head (lifo) under the same id; one the worker has started, or that waits for a retry, is left alone.
 */
@Injectable()
export class DocumentQueue implements OnApplicationShutdown {
  private connection: Redis | null = null;
  private queue: Queue | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async hurry(job: DocumentJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUEUE_TIMEOUT_MS)));
    const work = this.frontOfQueue(job).catch(() => undefined);
    await Promise.race([work, timeout]);
    clearTimeout(timer);
  }

  private async frontOfQueue(job: DocumentJob): Promise<void> {
    const queue = this.open();
    const id = documentJobId(job);
    const existing = await queue.getJob(id);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') return void (await existing.retry());
      if (state !== 'waiting' && state !== 'prioritized') return;
      // Taken meanwhile by a worker: its lock refuses the removal, and it is being made anyway.
      if (!(await existing.remove().then(() => true, () => false))) return;
    }
    await queue.add(`${job.kind}-${job.language}`, job, { ...DEFAULT_JOB_OPTIONS, jobId: id, lifo: true });
  }

  private open(): Queue {
    if (!this.queue) {
      this.connection = createQueueConnection(this.config.REDIS_URL);
      this.connection.on('error', () => undefined);
      this.queue = new Queue(DOCUMENTS_QUEUE, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
