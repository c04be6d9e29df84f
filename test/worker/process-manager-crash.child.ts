/**
 * A worker process for process-manager-crash.test.ts: runs the photo variants process manager
 * like the real worker, and when it handles the test's photo it stops inside the batch's
 * transaction, either just before adding the job (CRASH_WINDOW=before-add, says PROJECTED) or
 * just after (after-add, says QUEUED), and hangs there so the test can kill -9 it before the
 * checkpoint commits.
 */
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { createEventStore, createKnex, createQueueConnection, loadConfig, WorkerHost } from '@tbo/kernel';
import { photoVariantsProcessManager, type PhotoVariantsJob } from '@tbo/media';
import { processManagerProjection, ProjectionHost, type JobQueue } from '@tbo/read-models';

const hang = () => new Promise<never>(() => undefined);

async function main(): Promise<void> {
  const config = loadConfig();
  const photoId = Number(process.env.CRASH_PHOTO_ID);
  const window = process.env.CRASH_WINDOW;
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const store = createEventStore(config, pool, createEventRegistry());
  const db = createKnex(config.DATABASE_URL, { poolMax: 2, applicationName: 'tbo-pm-crash-child' });
  const host = new WorkerHost({
    connection: createQueueConnection(config.REDIS_URL),
    prefix: config.QUEUE_PREFIX,
    logger: { log: () => undefined, warn: () => undefined, error: (l) => process.stderr.write(`${l}\n`) },
  });
  const queue: JobQueue = {
    async enqueue(name, jobName, data, opts) {
      const mine = (data as PhotoVariantsJob).photoId === photoId;
      if (mine && window === 'before-add') {
        process.stdout.write(`PROJECTED ${photoId}\n`);
        await hang();
      }
      await host.enqueue(name, jobName, data, opts);
      if (mine && window === 'after-add') {
        process.stdout.write(`QUEUED ${photoId}\n`);
        await hang();
      }
    },
  };
  // A long add timeout: the hang must not turn into a retry before the kill.
  const manager = processManagerProjection(photoVariantsProcessManager, queue, { addTimeoutMs: 600_000 });
  const quiet = { log: () => undefined, warn: () => undefined, error: (m: string) => process.stderr.write(`${m}\n`) };
  await new ProjectionHost(db, store, [manager], quiet).start();
  process.stdout.write('READY\n');
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
