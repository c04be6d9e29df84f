import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import { reportsProcessor, REPORTS_QUEUE } from '@tbo/reports';
import { createQueueConnection, loadConfig, WorkerHost, type EventStore } from '@tbo/kernel';
import { dropQueues } from './photos';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** A queue prefix of the test file's own: give it to the API (QUEUE_PREFIX) and to startReportsWorker. */
export const reportsQueuePrefix = () => `tbo-test-reports-${randomBytes(4).toString('hex')}`;

/** The worker's reports jobs (as-of builds) in this process, on the given queue prefix. */
export async function startReportsWorker(deps: { db: Knex; store: EventStore; prefix: string }): Promise<{ stop(): Promise<void> }> {
  const connection: Redis = createQueueConnection(loadConfig().REDIS_URL);
  const host = new WorkerHost({ connection, prefix: deps.prefix, logger: quiet });
  host.register(reportsProcessor({ db: deps.db, store: deps.store }));
  await host.start();
  return {
    async stop() {
      await host.close();
      await dropQueues(connection, deps.prefix, [REPORTS_QUEUE]);
      await connection.quit();
    },
  };
}
