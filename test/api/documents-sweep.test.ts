import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import { bookingForDocuments } from '@tbo/booking';
import { documentJobId, documentSweepCandidates, sweepDocuments, type DocumentsDeps, type DocumentsSweepOutcome } from '@tbo/documents';
import { UnrecoverableError } from '@tbo/kernel';
import { addDays } from '@tbo/scheduling';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { startDocumentWorker } from '../support/documents';
import { eventually } from '../support/photos';
import { seedDemo } from '../support/reference';
import { apiWithWorker, type WorkerDeps } from '../support/worker-suite';

/** New bookings (by guest name) whose events queue no documents job: the job that never ran. */
const noJobFor = new Set<string>();
/** While set, every document job fails for good (a disk that cannot be written, say). */
let failing = false;
let sweepDeps: DocumentsDeps & { queue: Queue };
let storageDir: string;

const startWorker = (deps: WorkerDeps) => {
  storageDir = deps.storageDir;
  return startDocumentWorker(
    deps,
    {
      beforeStore: () => {
        if (failing) throw new UnrecoverableError('documents: the disk is full');
      },
    },
    {
      skip: (event) => noJobFor.has((event.data as { guestName?: string }).guestName ?? ''),
      started: (used) => {
        sweepDeps = used;
      },
    },
  );
};

const THREE = [
  ['invoice', 'eng'],
  ['voucher', 'eng'],
  ['voucher', 'rus'],
];

/*
 * The documents sweep: a booking's document jobs that ran out of attempts (or never ran: the process manager's
 * checkpoint past the event all the same), or a document whose file is gone, leave its current version without
 * them until the periodic sweep asks for their jobs again.
 */
describe('documents: the sweep makes the documents whose jobs gave up', () => {
  const { api, startWorker: start } = apiWithWorker('documents-sweep', startWorker);
  let s: BookableSetup;

  /** One sweep run over this file's supplier, as the worker's job runs it (`later`: its bookings changed minutes ago). */
  const sweep = (later = true): Promise<DocumentsSweepOutcome> => sweepDocuments(sweepDeps, { suppliers: [s.supplierId], now: new Date(Date.now() + (later ? 10 * 60_000 : 0)) });
  const queuedFor = (run: DocumentsSweepOutcome, id: number) =>
    run.queued
      .filter((q) => q.bookingId === id)
      .map((q) => [q.kind, q.language, q.outcome])
      .sort();
  const documentsOf = async (id: number) => (await bookingForDocuments(api.store, id))!.documents;
  const made = (id: number, n: number) => eventually(async () => ((await documentsOf(id)).length >= n ? documentsOf(id) : undefined), 30_000, `booking ${id}'s ${n} documents`);
  const inWindow = async (id: number) =>
    eventually(async () => ((await documentSweepCandidates(api.db, 1000, { suppliers: [s.supplierId] })).some((c) => c.id === id) ? true : undefined), 20_000, `booking ${id} in the window`);
  const book = async (guestName: string): Promise<number> => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, guestName }));
    expect(created.status).toBe(200);
    return created.body.Content.id as number;
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, { tour: { nameDisplay: 'Sweep Safari' } });
    await start([s.supplierId]);
  }, 120_000);

  it('a booking whose document jobs never ran: left alone for a few minutes, then one sweep makes its invoice and vouchers', async () => {
    noJobFor.add('Nina Nodocs');
    const id = await book('Nina Nodocs');
    await inWindow(id);
    expect(await documentsOf(id)).toEqual([]);

    // Changed a moment ago: left to its own jobs (queued, or retrying).
    const early = await sweep(false);
    expect(queuedFor(early, id)).toEqual([]);
    expect(early.recent).toBeGreaterThanOrEqual(1);

    const run = await sweep();
    expect(queuedFor(run, id)).toEqual(THREE.map(([kind, language]) => [kind, language, 'added']).sort());
    const docs = await made(id, 3);
    expect(docs.map((d) => [d.kind, d.language, d.bookingVersion]).sort()).toEqual(THREE.map(([k, l]) => [k, l, 0]).sort());
    const invoice = await api.http.get(`/bookings/download/invoice/${id}`).set(s.agent);
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');

    // Made: the next sweep asks for nothing.
    expect(queuedFor(await sweep(), id)).toEqual([]);
  });

  it('only bookings whose date is not long past are looked at, found on the (supplier, date) index', async () => {
    noJobFor.add('Olga Old');
    const id = await book('Olga Old');
    await inWindow(id);
    const candidateOn = async (today: string) => (await documentSweepCandidates(api.db, 1000, { suppliers: [s.supplierId], today })).some((c) => c.id === id);
    expect(await candidateOn(addDays(s.date, 7))).toBe(true);
    expect(await candidateOn(addDays(s.date, 8))).toBe(false);
    // As the worker runs it, over every supplier with bookings.
    expect((await documentSweepCandidates(api.db, 100_000)).some((c) => c.id === id)).toBe(true);
    // A batch at a time: the next goes on after the last booking of the one before.
    const first = await documentSweepCandidates(api.db, 1, { suppliers: [s.supplierId] });
    const second = await documentSweepCandidates(api.db, 1, { suppliers: [s.supplierId], after: first[0] });
    expect(second).toHaveLength(1);
    const [a, b] = [first[0]!, second[0]!];
    expect(b.date > a.date || (b.date === a.date && b.id > a.id)).toBe(true);
    await sweep();
    await made(id, 3);
  });

  it('a document job that failed for good is retried by the sweep, with its attempts anew', async () => {
    failing = true;
    const id = await book('Fay Failed');
    const ids = THREE.map(([kind, language]) => documentJobId({ bookingId: id, version: 0, kind: kind as 'invoice', language: language as 'eng' }));
    for (const jobId of ids) await eventually(async () => ((await sweepDeps.queue.getJobState(jobId)) === 'failed' ? true : undefined), 30_000, `${jobId} failed`);
    failing = false;
    expect(await documentsOf(id)).toEqual([]);

    const run = await sweep();
    expect(queuedFor(run, id)).toEqual(THREE.map(([kind, language]) => [kind, language, 'retried']).sort());
    await made(id, 3);
    for (const jobId of ids) await eventually(async () => ((await sweepDeps.queue.getJobState(jobId)) === 'completed' ? true : undefined), 30_000, `${jobId} completed`);
  });

  it('a recorded document whose file is gone: the sweep has it made again under its key', async () => {
    const id = await book('Gus Gone');
    const docs = await made(id, 3);
    const voucher = docs.find((d) => d.kind === 'voucher' && d.language === 'rus')!;
    await rm(join(storageDir, voucher.storageKey));
    const run = await sweep();
    expect(queuedFor(run, id)).toEqual([['voucher', 'rus', 'added']]);
    await eventually(async () => ((await sweepDeps.storage.exists(voucher.storageKey)) ? true : undefined), 30_000, 'the voucher file made again');
    // Recorded once all the same.
    expect((await documentsOf(id)).filter((d) => d.kind === 'voucher' && d.language === 'rus')).toHaveLength(1);
  });
});
