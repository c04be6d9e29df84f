import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@tbo/kernel';

/** A Redis connection for health checks; fails fast instead of queueing commands while Redis is down. */
@Injectable()
export class RedisProvider implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    this.client.on('error', () => undefined);
  }

  async ping(): Promise<void> {
    if (this.client.status === 'wait' || this.client.status === 'end') await this.client.connect();
    await this.client.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
  }
}
