import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { bookingForDocuments, canDownloadTickets, documentsFor, recordDocumentIssued, type IssuedDocument } from '@tbo/booking';
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES } from '@tbo/event-schemas';
import { CommandRunner, systemContext, UnrecoverableError, type EventStore, type FileStorage, type Job, type JobProcessor } from '@tbo/kernel';
import { DOCUMENTS_QUEUE, documentKey, type DocumentJob, type DocumentsQueueJob, type DocumentsSweepJob } from './document-jobs';
import { DocumentsSweepError, sweepDocuments, type DocumentsSweepCursor } from './documents.sweep';
import { documentFacts } from './render/document-facts';
import { renderDocument } from './render/render-document';

export interface DocumentsDeps {
  store: EventStore;
  db: Knex;
  storage: FileStorage;
  /** Jobs at the same time in one process (rendering is CPU-bound: more than the cores gains nothing). */
  concurrency?: number;
  /** Tests: called with the file before it is stored (to stop a worker mid-document). */
  beforeStore?: (job: DocumentJob, pdf: Buffer) => Promise<void> | void;
  /** The documents queue itself: the sweep asks for missing documents' jobs again through it (none: no sweep). */
  queue?: Queue;
}

export type DocumentOutcome = {
  /** remade: recorded before, its file gone, stored again under the recorded key. */
  result: 'issued' | 'already issued' | 'remade' | 'not applicable';
  storageKey?: string;
  checksum?: string;
};

const valid = (j: DocumentJob | undefined): j is DocumentJob =>
  !!j && Number.isInteger(j.bookingId) && j.bookingId > 0 && Number.isInteger(j.version) && j.version >= 0 && DOCUMENT_KINDS.includes(j.kind) && DOCUMENT_LANGUAGES.includes(j.language);

const isSweep = (j: unknown): j is DocumentsSweepJob => typeof j === 'object' && j !== null && (j as { action?: unknown }).action === 'sweep';

const recordedOf = (documents: readonly IssuedDocument[], job: DocumentJob): IssuedDocument | undefined =>
  documents.find((d) => d.kind === job.kind && d.language === job.language && d.bookingVersion === job.version);

/** Our advisory lock class (the event store's streams take 7300, projections 7301, seeds and reports 7302, tickets 7303, OCTO reservations 7304). */
const DOCUMENT_WRITES_LOCK_CLASS = 7305;

/**
 * Runs `write` while no other process stores or records a document of this booking: a Postgres advisory lock held
 * by a transaction of its own (nothing is written in it; `write` needs no other connection of the pool), released
 * when it ends or its process dies.
 *
 * Why: two workers can make the same document at once (the tickets job and a download's hurried job for the
 * tickets PDF, a sweep's job beside a retry). Each would store its file under the document's one key, and the
 * second replace the first's file after the first was recorded with its own checksum and size. Under the lock the
 * second finds the document recorded with its file and stores nothing: a recorded document's file is never
 * replaced (only one that is missing is written again). The smallest safe fix: the storage port has no
 * write-if-absent, and a checksum in the key would change every document's key.
 */
function oneWriterPerBooking<T>(db: Knex, bookingId: number, write: () => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [DOCUMENT_WRITES_LOCK_CLASS, bookingId]);
    return write();
  });
}

/**
 * Makes one document of one booking version. Idempotent and crash-safe:
 * - a document recorded for this kind, language and version whose file is there is not made again; one whose file
 *   is gone is made again and stored under the recorded key (`remade`);
 * - the invoice and vouchers show the booking as the event that started the version left it, and the tickets its
 *   codes at the end of the version (bookingForDocuments), so the same facts render the same bytes (the PDF's
 *   dates are the version's) whenever the job runs;
 * - the storage port writes to a temporary name and renames it when complete, so a worker killed mid-write leaves
 *   no file under the key (a retry writes it whole);
 * - the file is stored and `DocumentIssued` recorded under a per-booking lock, after a last look: never over a
 *   recorded document's file (see oneWriterPerBooking);
 * - `DocumentIssued` is recorded only after the file is stored, and once (the decider ignores a repeat).
 * A booking or version that does not exist can never succeed: UnrecoverableError.
 */
export async function makeDocument(deps: DocumentsDeps, runner: CommandRunner, job: DocumentJob): Promise<DocumentOutcome> {
  if (!valid(job)) throw new UnrecoverableError(`documents: bad job ${JSON.stringify(job)}`);
  const booking = await bookingForDocuments(deps.store, job.bookingId, job.version);
  if (!booking) throw new UnrecoverableError(`documents: booking ${job.bookingId} has no version ${job.version}`);
  const done = recordedOf(booking.documents, job);
  if (done && (await deps.storage.exists(done.storageKey))) return { result: 'already issued', storageKey: done.storageKey, checksum: done.checksum };
  // The tickets show the codes held; the invoice and vouchers the booking as the version began.
  const shown = job.kind === 'tickets' ? { ...booking, view: booking.ticketsView } : booking;
  // Tickets exist once the booking holds its codes; the other documents follow its status. A recorded one was.
  const applicable = done || (job.kind === 'tickets' ? canDownloadTickets(shown.view) : documentsFor(booking).some((d) => d.kind === job.kind && d.language === job.language));
  if (!applicable) return { result: 'not applicable' };
  const pdf = await renderDocument(await documentFacts(deps, shown), job.kind, job.language);
  const checksum = createHash('sha256').update(pdf).digest('hex');
  await deps.beforeStore?.(job, pdf);
  return oneWriterPerBooking(deps.db, job.bookingId, async () => {
    const now = recordedOf((await bookingForDocuments(deps.store, job.bookingId))?.documents ?? booking.documents, job);
    if (now && (await deps.storage.exists(now.storageKey))) return { result: 'already issued', storageKey: now.storageKey, checksum: now.checksum };
    const storageKey = now?.storageKey ?? documentKey(booking.view.supplierId, job);
    await deps.storage.put(storageKey, pdf, 'application/pdf');
    if (now) return { result: 'remade', storageKey, checksum };
    const context = { ...systemContext('documents'), tenantId: `supplier-${booking.view.supplierId}` };
    await recordDocumentIssued(runner, job.bookingId, { kind: job.kind, language: job.language, bookingVersion: job.version, storageKey, checksum, bytes: pdf.length }, context);
    return { result: 'issued', storageKey, checksum };
  });
}

/** The worker's side of the documents process manager, and of the periodic documents sweep (queued by the worker). */
export function documentsProcessor(deps: DocumentsDeps): JobProcessor<DocumentsQueueJob> {
  const runner = new CommandRunner(deps.store);
  // Where this process's last sweep stopped: the next one goes on from there (a new process starts at the beginning).
  let cursor: DocumentsSweepCursor | null = null;
  const sweep = async () => {
    if (!deps.queue) throw new UnrecoverableError('documents: this worker has no documents queue to sweep with');
    try {
      const outcome = await sweepDocuments({ ...deps, queue: deps.queue }, { after: cursor });
      cursor = outcome.next;
      return outcome;
    } catch (e) {
      // A booking that failed does not hold the sweep up: the next one goes on after the batch all the same.
      if (e instanceof DocumentsSweepError) cursor = e.outcome.next;
      throw e;
    }
  };
  return {
    queue: DOCUMENTS_QUEUE,
    concurrency: deps.concurrency ?? 2,
    process: (job: Job<DocumentsQueueJob>) => (isSweep(job.data) ? sweep() : makeDocument(deps, runner, job.data)),
  };
}
