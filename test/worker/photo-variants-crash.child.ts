/**
 * A photo worker process for photo-variants-crash.test.ts: queues the variants job through the
 * process manager and consumes the photo-variants queue like the real worker, but after writing
 * the medium variant it says HALFWAY and hangs, so the test can kill -9 it between two files of one job.
 */
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { createEventStore, createKnex, createQueueConnection, FsFileStorage, loadConfig, WorkerHost } from '@tbo/kernel';
import { photoVariantsProcessManager, photoVariantsProcessor } from '@tbo/media';
import { processManagerProjection, ProjectionHost } from '@tbo/read-models';

async function main(): Promise<void> {
  const config = loadConfig();
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const store = createEventStore(config, pool, createEventRegistry());
  const connection = createQueueConnection(config.REDIS_URL);
  const host = new WorkerHost({
    connection,
    prefix: config.QUEUE_PREFIX,
    logger: { log: () => undefined, warn: () => undefined, error: (l) => process.stderr.write(`${l}\n`) },
    workerOptions: { lockDuration: 2000, stalledInterval: 1000 },
  });
  host.register(
    photoVariantsProcessor({
      store,
      storage: new FsFileStorage(config.STORAGE_DIR),
      async onVariantWritten(photoId, size) {
        if (size !== 'medium') return;
        process.stdout.write(`HALFWAY ${photoId}\n`);
        await new Promise(() => undefined);
      },
    }),
  );
  await host.start();
  const db = createKnex(config.DATABASE_URL, { poolMax: 2, applicationName: 'tbo-photo-crash-child' });
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
  await new ProjectionHost(db, store, [processManagerProjection(photoVariantsProcessManager, host)], quiet).start();
  process.stdout.write('READY\n');
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
