import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { bookingForDocuments, canDownloadTickets, documentsFor, recordDocumentIssued } from '@tbo/booking';
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES } from '@tbo/event-schemas';
import { CommandRunner, systemContext, UnrecoverableError, type EventStore, type FileStorage, type Job, type JobProcessor } from '@tbo/kernel';
import { DOCUMENTS_QUEUE, documentKey, type DocumentJob } from './document-jobs';
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
}

export type DocumentOutcome = { result: 'issued' | 'already issued' | 'not applicable'; storageKey?: string; checksum?: string };

const valid = (j: DocumentJob | undefined): j is DocumentJob =>
  !!j && Number.isInteger(j.bookingId) && j.bookingId > 0 && Number.isInteger(j.version) && j.version >= 0 && DOCUMENT_KINDS.includes(j.kind) && DOCUMENT_LANGUAGES.includes(j.language);

/**
 * Makes one document of one booking version. Idempotent and crash-safe:
 * - a document already recorded for this kind, language and version is not made again;
 * - the file's key is fixed per version, and the storage port writes it to a temporary name and renames it
 *   when complete, so a worker killed mid-write leaves no file under the key (a retry writes it whole);
 * - the same facts render the same bytes (the PDF's dates are the version's), so a retry rewrites the same file;
 * - `DocumentIssued` is recorded only after the file is stored, and once (the decider ignores a repeat).
 * A booking or version that does not exist can never succeed: UnrecoverableError.
 */
export async function makeDocument(deps: DocumentsDeps, runner: CommandRunner, job: DocumentJob): Promise<DocumentOutcome> {
  if (!valid(job)) throw new UnrecoverableError(`documents: bad job ${JSON.stringify(job)}`);
  const booking = await bookingForDocuments(deps.store, job.bookingId, job.version);
  if (!booking) throw new UnrecoverableError(`documents: booking ${job.bookingId} has no version ${job.version}`);
  const done = booking.documents.find((d) => d.kind === job.kind && d.language === job.language && d.bookingVersion === job.version);
  if (done) return { result: 'already issued', storageKey: done.storageKey, checksum: done.checksum };
  // Tickets exist once the booking holds its codes; the other documents follow its status.
  const applicable = job.kind === 'tickets' ? canDownloadTickets(booking.view) : documentsFor(booking).some((d) => d.kind === job.kind && d.language === job.language);
  if (!applicable) return { result: 'not applicable' };
  const pdf = await renderDocument(await documentFacts(deps, booking), job.kind, job.language);
  const checksum = createHash('sha256').update(pdf).digest('hex');
  const storageKey = documentKey(booking.view.supplierId, job);
  await deps.beforeStore?.(job, pdf);
  await deps.storage.put(storageKey, pdf, 'application/pdf');
  const context = { ...systemContext('documents'), tenantId: `supplier-${booking.view.supplierId}` };
  await recordDocumentIssued(runner, job.bookingId, { kind: job.kind, language: job.language, bookingVersion: job.version, storageKey, checksum, bytes: pdf.length }, context);
  return { result: 'issued', storageKey, checksum };
}

/** The worker's side of the documents process manager. */
export function documentsProcessor(deps: DocumentsDeps): JobProcessor<DocumentJob> {
  const runner = new CommandRunner(deps.store);
  return { queue: DOCUMENTS_QUEUE, concurrency: deps.concurrency ?? 2, process: (job: Job<DocumentJob>) => makeDocument(deps, runner, job.data) };
}
