/**
 * Vouchers per second, booking event to stored PDF: N BookingCreated events appended to the store, turned into
 * jobs by the documents process manager and made by the documents BullMQ processor in this process on the real
 * Redis (concurrency 2, as in the worker), until every DocumentIssued is recorded. Each booking asks for its
 * invoice and two vouchers, so the figure counts vouchers while the worker makes all three. Baseline: the same
 * documents of the same bookings made in this process without queue or process manager (the booking folded,
 * the facts gathered, rendered and stored), 2 at a time, same run. Then the worker's peak memory (RSS, sampled
 * every 50 ms) while it renders 1,000 vouchers through the queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { createHash } from 'node:crypto';
import { Queue } from 'bullmq';
import { bookingForDocuments, documentsFor, recordDocumentIssued } from '@tbo/booking';
import { createEventRegistry, bookingEventSchemas, type BookingCreatedData } from '@tbo/event-schemas';
import { DOCUMENTS_QUEUE, documentFacts, documentJobId, documentKey, documentsProcessManager, documentsProcessor, renderDocument, type DocumentJob } from '@tbo/documents';
import { CommandRunner, createEventStore, createKnex, createQueueConnection, FsFileStorage, loadConfig, systemContext, metadataOf, WorkerHost } from '@tbo/kernel';
import { processManagerProjection, ProjectionHost } from '@tbo/read-models';
import { dropQueues } from '../support/photos';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { compared } from './figures';
import { mapLimit, now, round, savedEnv, sleep } from './support';

const BOOKINGS = 40;
const MEMORY_VOUCHERS = 1_000;
const CONCURRENCY = 2;
const MB = 1024 * 1024;
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

const example = bookingEventSchemas.find((s) => s.type === 'BookingCreated')!.example as BookingCreatedData;
/** A booking sold directly by staff (no agency to look up), without seats, with a name in Cyrillic. */
const booking = (id: number): BookingCreatedData => ({ ...example, id, agencyId: null, agentId: null, departure: null, claimId: null, guestName: `Анна Смирнова ${id}`, voucher: `V-${id}` });

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const storageDir = await mkdtemp(join(tmpdir(), 'tbo-bench-documents-'));
  const prefix = `tbo-bench-documents-${randomBytes(4).toString('hex')}`;
  const saved = savedEnv('QUEUE_PREFIX', 'STORAGE_DIR');
  Object.assign(process.env, { QUEUE_PREFIX: prefix, STORAGE_DIR: storageDir });
  const config = loadConfig();
  const pool = new Pool({ connectionString: ctx.databaseUrl, max: 6 });
  // The run's database is dropped once it ends: an idle connection cut then is no failure.
  pool.on('error', () => undefined);
  const db = createKnex(ctx.databaseUrl, { poolMax: 6, applicationName: 'tbo-bench-documents' });
  const store = createEventStore(config, pool, createEventRegistry());
  const storage = new FsFileStorage(storageDir);
  const runner = new CommandRunner(store);
  let managerRunning = false;
  const connection = createQueueConnection(config.REDIS_URL);
  const host = new WorkerHost({ connection, prefix, logger: { ...quiet, error: (m) => ctx.log(m) } });
  host.register(documentsProcessor({ store, db, storage, concurrency: CONCURRENCY }));
  const manager = new ProjectionHost(db, store, [processManagerProjection(documentsProcessManager, host)], { ...quiet, error: (m) => ctx.log(m) });
  const append = (ids: number[]) => Promise.all(ids.map((id) => store.appendToStream(`booking-${id}`, [{ type: 'BookingCreated', data: booking(id) }], { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('bench')) })));
  const issued = async () => Number((await db('events').where({ type: 'DocumentIssued' }).count<{ n: string }[]>('* as n'))[0]!.n);
  const until = async (count: number, what: string) => {
    const t0 = now();
    while ((await issued()) < count) {
      if (now() - t0 > 600_000) throw new Error(`${what}: not done after 10 minutes`);
      await sleep(50);
    }
  };
  try {
    // Baseline: the documents of bookings 1..N made directly (their events are in the store, no job queued for them).
    const baseIds = Array.from({ length: BOOKINGS }, (_, i) => 1_000_000 + i);
    await append(baseIds);
    const direct = async (id: number) => {
      const b = (await bookingForDocuments(store, id))!;
      const facts = await documentFacts({ store, db }, b);
      for (const d of documentsFor(b)) {
        const job: DocumentJob = { bookingId: id, version: b.version, ...d };
        const pdf = await renderDocument(facts, d.kind, d.language);
        const storageKey = documentKey(b.view.supplierId, job);
        await storage.put(storageKey, pdf);
        const checksum = createHash('sha256').update(pdf).digest('hex');
        await recordDocumentIssued(runner, id, { kind: d.kind, language: d.language, bookingVersion: b.version, storageKey, checksum, bytes: pdf.length }, systemContext('bench'));
      }
    };
    await direct(baseIds[0]!); // warm-up: fonts loaded, code compiled
    const b0 = now();
    await mapLimit(baseIds, CONCURRENCY, (id) => direct(id));
    const baselineSeconds = (now() - b0) / 1000;
    const baselineRate = (2 * BOOKINGS) / baselineSeconds;
    ctx.log(`in one process, no queue: ${round(baselineRate, 2)} vouchers/s (${BOOKINGS} bookings × 3 documents in ${round(baselineSeconds, 2)} s)`);

    // Through the queue. The process manager first meets the baseline's bookings: their jobs find the documents
    // recorded and end at once; the clock starts once the queue is empty again.
    await host.start();
    await manager.start();
    managerRunning = true;
    const queue = new Queue(DOCUMENTS_QUEUE, { connection, prefix });
    await sleep(300);
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
      if (Object.values(counts).every((n) => n === 0)) break;
      await sleep(50);
    }
    await queue.close();
    const ids = Array.from({ length: BOOKINGS }, (_, i) => 2_000_000 + i);
    const before = await issued();
    const t0 = now();
    await append(ids);
    await until(before + 3 * BOOKINGS, 'queued documents');
    const seconds = (now() - t0) / 1000;
    const rate = (2 * BOOKINGS) / seconds;
    ctx.log(`through the queue and worker: ${round(rate, 2)} vouchers/s (${BOOKINGS} bookings × 3 documents in ${round(seconds, 2)} s)`);

    // Peak memory of this worker process while it renders 1,000 vouchers (500 bookings × English and Russian).
    const memIds = Array.from({ length: MEMORY_VOUCHERS / 2 }, (_, i) => 3_000_000 + i);
    await manager.stop();
    managerRunning = false;
    await append(memIds);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let heapPeak = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      rssPeak = Math.max(rssPeak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
    }, 50);
    const m0 = now();
    const base = await issued();
    for (const id of memIds) for (const language of ['eng', 'rus'] as const) {
      const job: DocumentJob = { bookingId: id, version: 0, kind: 'voucher', language };
      await host.enqueue(DOCUMENTS_QUEUE, `voucher-${language}`, job, { jobId: documentJobId(job) });
    }
    await until(base + MEMORY_VOUCHERS, '1,000 vouchers');
    clearInterval(sampler);
    const memSeconds = (now() - m0) / 1000;
    ctx.log(`1,000 vouchers through the worker in ${round(memSeconds, 1)} s: RSS ${round(rssBefore / MB, 1)} MB before, peak ${round(rssPeak / MB, 1)} MB; heap peak ${round(heapPeak / MB, 1)} MB`);
    return [
      {
        ...compared('documents.vouchers_per_second', rate, { name: 'the same documents rendered and stored in one process, no queue', value: baselineRate }, 'vouchers/s', { digits: 2 }),
        aim: { metric: 'ratio', op: '>=', value: 0.5 },
        method: `${BOOKINGS} BookingCreated appended; the process manager queues invoice + 2 vouchers each; the BullMQ processor (concurrency ${CONCURRENCY}, real Redis) makes and records them; timed until every DocumentIssued is in the store. Baseline: the same fold + facts + render + store for ${BOOKINGS} other bookings, ${CONCURRENCY} at a time`,
        details: { bookings: BOOKINGS, documents: 3 * BOOKINGS, queueSeconds: round(seconds, 2), baselineSeconds: round(baselineSeconds, 2) },
      },
      {
        ...compared('documents.worker_peak_rss_1000_vouchers', rssPeak / MB, { name: 'the worker process before the run', value: rssBefore / MB }, 'MB'),
        aim: null,
        method: `${MEMORY_VOUCHERS} voucher jobs (English and Russian of ${MEMORY_VOUCHERS / 2} bookings) through the processor in this process, concurrency ${CONCURRENCY}; process RSS sampled every 50 ms`,
        details: { seconds: round(memSeconds, 1), vouchersPerSecond: round(MEMORY_VOUCHERS / memSeconds, 2), heapPeakMB: round(heapPeak / MB, 1) },
      },
    ];
  } finally {
    if (managerRunning) await manager.stop();
    await host.close();
    await dropQueues(connection, prefix, [DOCUMENTS_QUEUE]);
    await connection.quit();
    await store.close();
    await db.destroy();
    await pool.end().catch(() => undefined);
    await rm(storageDir, { recursive: true, force: true });
    saved.restore();
  }
}

registerBenchmark({ name: 'documents', description: 'Vouchers made through the queue and worker (booking event to stored PDF) vs rendered in one process; worker peak memory over 1,000 vouchers', run });
