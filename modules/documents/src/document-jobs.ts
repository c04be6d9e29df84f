import type { DocumentKind, DocumentLanguage } from '@tbo/event-schemas';
import { jobId } from '@tbo/kernel';

export const DOCUMENTS_QUEUE = 'documents';

/** One document of one booking version. */
export interface DocumentJob {
  bookingId: number;
  /** The booking's document version (the revision of the event the document shows it after). */
  version: number;
  kind: DocumentKind;
  language: DocumentLanguage;
}

/**
 * The periodic sweep of bookings whose current documents are missing (a job that gave up, a file lost): queued by
 * the worker on the documents queue every few minutes, as job `DOCUMENTS_SWEEP_JOB` (documents.sweep.ts).
 */
export interface DocumentsSweepJob {
  action: 'sweep';
}

/** What the documents queue carries. */
export type DocumentsQueueJob = DocumentJob | DocumentsSweepJob;

/** The sweep's job name (the processor goes by the job's action). */
export const DOCUMENTS_SWEEP_JOB = 'documents-sweep';

/** One job per document and booking version however often it is queued (a replayed event, a download asking for it). */
export const documentJobId = (j: DocumentJob): string => jobId(j.kind, j.language, j.bookingId, j.version);

/** Server-chosen keys: every version of a booking's document keeps its own file. */
export const documentKey = (supplierId: number, j: DocumentJob): string => `documents/${supplierId}/${j.bookingId}/${j.version}/${j.kind}-${j.language}.pdf`;

/** The name a download is saved under. */
export const documentFileName = (j: Pick<DocumentJob, 'bookingId' | 'kind' | 'language'>): string =>
  j.kind === 'invoice' ? `invoice-${j.bookingId}.pdf` : j.kind === 'tickets' ? `tickets-${j.bookingId}.pdf` : `voucher-${j.bookingId}-${j.language}.pdf`;
