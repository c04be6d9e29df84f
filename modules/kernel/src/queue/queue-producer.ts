import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { createQueueConnection } from './queue-connection';

/**
 * The API's hand on one queue, for a Nest provider to extend: the connection is opened at the first job (an API
 * that never queues never dials Redis), Redis's errors are left to the calls that meet them instead of crashing
 * the process, and the queue and its connection are closed when the application shuts down.
 */
export abstract class QueueProducer implements OnApplicationShutdown {
  private connection: Redis | null = null;
  private queue: Queue | null = null;

  protected constructor(
    private readonly queueName: string,
    private readonly config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>,
  ) {}

  protected open(): Queue {
    if (!this.queue) {
      this.connection = createQueueConnection(this.config.REDIS_URL);
      this.connection.on('error', () => undefined);
      this.queue = new Queue(this.queueName, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
