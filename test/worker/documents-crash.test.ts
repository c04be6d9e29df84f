import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { bookingForDocuments } from '@tbo/booking';
import { documentJobId, documentKey, documentsProcessor, DOCUMENTS_QUEUE, makeDocument, type DocumentJob } from '@tbo/documents';
import { CommandRunner, createQueueConnection, FsFileStorage, loadConfig, WorkerHost } from '@tbo/kernel';
import { apiSuite } from '../support/api';
import { bookableSetup, bookingBody } from '../support/booking';
import { lineFrom } from '../support/child-lines';
import { dropQueues, eventually, photoPlace } from '../support/photos';
import { seedDemo } from '../support/reference';

const root = join(__dirname, '..', '..');
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe('documents worker: killed mid-document, queued twice', () => {
  const place = photoPlace('documents-crash');
  const { prefix } = place;
  let connection: Redis;
  let child: ChildProcess | null = null;
  let host: WorkerHost | null = null;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await host?.close();
    await dropQueues(connection, prefix, [DOCUMENTS_QUEUE]);
    await connection.quit();
  });
  const api = apiSuite(place.env);
  let bookingId: number;
  let supplierId: number;

  beforeAll(async () => {
    connection = createQueueConnection(loadConfig().REDIS_URL);
    await seedDemo(api.app);
    const s = await bookableSetup(api);
    supplierId = s.supplierId;
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2 }));
    expect(created.status).toBe(200);
    bookingId = created.body.Content.id;
  });

  /** The files of a booking version's folder: finished documents, and any temporary dot file a killed write left. */
  const filesOf = async (version: number) => {
    const folder = join(place.storageDir(), 'documents', String(supplierId), String(bookingId), String(version));
    const names = await readdir(folder).catch(() => [] as string[]);
    return { done: names.filter((n) => !n.startsWith('.')).sort(), temp: names.filter((n) => n.startsWith('.')) };
  };
  const issued = async () => (await bookingForDocuments(api.store, bookingId))!.documents;

  it('a worker killed while writing leaves no file under the key, and the retry makes exactly one document', async () => {
    const job: DocumentJob = { bookingId, version: 0, kind: 'voucher', language: 'eng' };
    child = spawn(process.execPath, ['-r', './scripts/register.js', 'test/worker/documents-crash.child.ts'], {
      cwd: root,
      env: { ...process.env, STORAGE_DIR: place.storageDir(), QUEUE_PREFIX: prefix, BOOKING_ID: String(bookingId), BOOKING_VERSION: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    expect(await lineFrom(child, 'HALFWAY')).toBe(`HALFWAY ${documentKey(supplierId, job)}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // Half a PDF in a temporary dot file that no key can name; nothing under the key, nothing recorded.
    expect(await filesOf(0)).toEqual({ done: [], temp: [expect.stringMatching(/^\.voucher-eng\.pdf\.[0-9a-f]+\.tmp$/)] });
    expect(await issued()).toEqual([]);

    // Another worker takes the stalled job once its lock expires and finishes it.
    host = new WorkerHost({ connection, prefix, logger: quiet, workerOptions: { lockDuration: 2000, stalledInterval: 1000 } });
    host.register(documentsProcessor({ store: api.store, db: api.db, storage: new FsFileStorage(place.storageDir()) }));
    await host.start();
    const docs = await eventually(async () => ((await issued()).length ? issued() : undefined), 45_000, 'the retried job');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: 'voucher', language: 'eng', bookingVersion: 0, storageKey: documentKey(supplierId, job) });
    expect((await filesOf(0)).done).toEqual(['voucher-eng.pdf']);
    const file = await readFile(join(place.storageDir(), docs[0]!.storageKey));
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.subarray(-6).toString()).toMatch(/%%EOF/);
    expect(createHash('sha256').update(file).digest('hex')).toBe(docs[0]!.checksum);
    expect(file.length).toBe(docs[0]!.bytes);
  }, 120_000);

  it('the same booking version queued twice, or made again, makes one document', async () => {
    const job: DocumentJob = { bookingId, version: 0, kind: 'invoice', language: 'eng' };
    const queue = new Queue(DOCUMENTS_QUEUE, { connection, prefix });
    await queue.add('invoice-eng', job, { jobId: documentJobId(job) });
    await queue.add('invoice-eng', job, { jobId: documentJobId(job) });
    // Under another id too (a manual retry): the job finds the document recorded.
    await queue.add('invoice-eng', job, { jobId: `${documentJobId(job)}-again` });
    for (const id of [documentJobId(job), `${documentJobId(job)}-again`]) {
      await eventually(async () => ((await queue.getJobState(id)) === 'completed' ? true : undefined), 30_000, id);
    }
    await queue.close();
    const again = await makeDocument({ store: api.store, db: api.db, storage: new FsFileStorage(place.storageDir()) }, new CommandRunner(api.store), job);
    expect(again.result).toBe('already issued');
    const invoices = (await issued()).filter((d) => d.kind === 'invoice');
    expect(invoices).toHaveLength(1);
    const events = (await api.store.readStream(`booking-${bookingId}`)).filter((e) => e.type === 'DocumentIssued');
    expect(events).toHaveLength(2);
    expect((await filesOf(0)).done).toEqual(['invoice-eng.pdf', 'voucher-eng.pdf']);
  }, 60_000);
});
