import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { DOCUMENTS_QUEUE, documentsProcessor, TICKETS_QUEUE, ticketsProcessManager, ticketsProcessor } from '@tbo/documents';
import type { RecordedEvent } from '@tbo/event-schemas';
import { createQueueConnection, FsFileStorage, loadConfig, WorkerHost, type EventStore } from '@tbo/kernel';
import { defineProcessManager, processManagerProjection, ProjectionHost } from '@tbo/read-models';
import { dropQueues } from './photos';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** What the in-process worker's processors use: the sweep test runs a sweep with the same. */
export type TicketWorkerDeps = { store: EventStore; db: Knex; storage: FsFileStorage };

/**
 * The tickets process manager (for these suppliers' bookings only, under a name of its own: the run's database
 * holds earlier files' bookings) with the tickets and documents processors, in this process. `skip` leaves out
 * the jobs of some events (a job that ran out of attempts); `started` hands over the processors' dependencies.
 */
export async function startTicketWorker(
  deps: { store: EventStore; db: Knex; storageDir: string; prefix: string; suppliers: readonly number[] },
  options: { skip?: (event: RecordedEvent) => boolean; started?: (used: TicketWorkerDeps) => void } = {},
): Promise<{ stop(): Promise<void> }> {
  const connection: Redis = createQueueConnection(loadConfig().REDIS_URL);
  // BullMQ's default lock: PDFs render on this process's event loop, which a short lock could let a busy machine
  // stall past (the job then run twice). No user of this helper kills a worker mid-job (test/worker does, with its own).
  const host = new WorkerHost({ connection, prefix: deps.prefix, logger: quiet });
  const storage = new FsFileStorage(deps.storageDir);
  options.started?.({ store: deps.store, db: deps.db, storage });
  host.register(ticketsProcessor({ store: deps.store, db: deps.db, storage }));
  host.register(documentsProcessor({ store: deps.store, db: deps.db, storage }));
  await host.start();
  const jobFor = (event: RecordedEvent) => (deps.suppliers.includes((event.data as { supplierId?: number }).supplierId ?? -1) && !options.skip?.(event) ? ticketsProcessManager.jobFor(event) : null);
  const manager = defineProcessManager({ name: `booking_tickets_t${randomBytes(4).toString('hex')}`, handles: ticketsProcessManager.handles, jobFor });
  const projections = new ProjectionHost(deps.db, deps.store, [processManagerProjection(manager, host)], quiet);
  await projections.start();
  return {
    async stop() {
      await projections.stop();
      await host.close();
      await dropQueues(connection, deps.prefix, [TICKETS_QUEUE, DOCUMENTS_QUEUE]);
      await connection.quit();
    },
  };
}
