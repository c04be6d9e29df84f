import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, createQueueConnection, DEFAULT_JOB_OPTIONS, jobId, type AppConfig } from '@tbo/kernel';
import { REPORTS_QUEUE, type AsOfJob } from './report-jobs';

/** The API's hand on the reports queue: an as-of build asked for is queued once (the job id is the build's). */
@Injectable()
export class ReportQueue implements OnApplicationShutdown {
  private connection: Redis | null = null;
  private queue: Queue | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async queueBuild(buildId: number): Promise<void> {
    const job: AsOfJob = { buildId };
    // A replay that failed (the database went away) is worth one more try, not five.
    await this.open().add('asof', job, { ...DEFAULT_JOB_OPTIONS, attempts: 2, jobId: jobId('report-asof', buildId) });
  }

  private open(): Queue {
    if (!this.queue) {
      this.connection = createQueueConnection(this.config.REDIS_URL);
      this.connection.on('error', () => undefined);
      this.queue = new Queue(REPORTS_QUEUE, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
