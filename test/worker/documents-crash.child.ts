/**
 * A documents worker process for documents-crash.test.ts: queues one voucher job and consumes the documents
 * queue like the real worker, but its storage writes half of the PDF, says HALFWAY and hangs, so the test can
 * kill -9 it in the middle of writing the document.
 */
import { Readable } from 'node:stream';
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { documentJobId, documentsProcessor, DOCUMENTS_QUEUE, type DocumentJob } from '@tbo/documents';
import { createEventStore, createKnex, createQueueConnection, FsFileStorage, loadConfig, WorkerHost, type FileStorage } from '@tbo/kernel';

async function main(): Promise<void> {
  const config = loadConfig();
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const store = createEventStore(config, pool, createEventRegistry());
  const db = createKnex(config.DATABASE_URL, { poolMax: 2, applicationName: 'tbo-documents-crash-child' });
  const connection = createQueueConnection(config.REDIS_URL);
  const disk = new FsFileStorage(config.STORAGE_DIR);
  const halfway: FileStorage = {
    get: (key) => disk.get(key),
    stat: (key) => disk.stat(key),
    exists: (key) => disk.exists(key),
    delete: (key) => disk.delete(key),
    put(key, data) {
      const bytes = data as Buffer;
      const half = new Readable({ read() {} });
      half.push(bytes.subarray(0, Math.floor(bytes.length / 2)));
      // Flushed to the temporary file, then the process stops answering: the rest never comes.
      setTimeout(() => process.stdout.write(`HALFWAY ${key}\n`), 200);
      return disk.put(key, half);
    },
  };
  const host = new WorkerHost({
    connection,
    prefix: config.QUEUE_PREFIX,
    logger: { log: () => undefined, warn: () => undefined, error: (l) => process.stderr.write(`${l}\n`) },
    workerOptions: { lockDuration: 2000, stalledInterval: 1000 },
  });
  host.register(documentsProcessor({ store, db, storage: halfway }));
  await host.start();
  const job: DocumentJob = { bookingId: Number(process.env.BOOKING_ID), version: Number(process.env.BOOKING_VERSION), kind: 'voucher', language: 'eng' };
  await host.enqueue(DOCUMENTS_QUEUE, 'voucher-eng', job, { jobId: documentJobId(job) });
  process.stdout.write('READY\n');
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
