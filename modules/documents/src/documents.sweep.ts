import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { bookingForDocuments, canDownloadTickets, documentsFor, type BookingForDocuments, type DocumentRef } from '@tbo/booking';
import type { EventStore, FileStorage } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import type { DocumentJob } from './document-jobs';
import { requeueDocument, type RequeueOutcome } from './document-requeue';
import { bookingSuppliersSql } from './booking-suppliers.sql';

/** Bookings one sweep looks at, at most; the next sweep goes on after the last of them. */
export const DOCUMENTS_SWEEP_BATCH = 200;
/**
 * A booking whose document version began more recently than this is left to its own jobs (queued, retrying or
 * running): the sweep is for jobs that gave up (5 attempts ≈ 15 s), not a race with them. Run together they would
 * still be safe: a job already queued is left alone, and a document made twice is stored and recorded once.
 */
export const DOCUMENTS_SWEEP_MIN_AGE_MS = 3 * 60_000;
/** How long after its date a booking's documents are still looked after (an invoice asked for after the tour). */
export const DOCUMENTS_SWEEP_PAST_DAYS = 7;

/** Where a sweep stopped: the last booking it looked at, in (date, id) order. */
export interface DocumentsSweepCursor {
  date: string;
  id: number;
}

export interface DocumentsSweepOptions {
  now?: Date;
  minAgeMs?: number;
  limit?: number;
  /** Go on after this booking (null or absent: from the first booking of the window). */
  after?: DocumentsSweepCursor | null;
  /** Only these suppliers' bookings (tests: a run's database holds other files' bookings). */
  suppliers?: readonly number[];
}

export interface DocumentsSweepOutcome {
  /** Bookings looked at (at most the batch). */
  candidates: number;
  /** Those left to their own jobs: their version began too recently. */
  recent: number;
  /** The documents asked for again: their job, and what the queue did (retried, added, or already queued). */
  queued: (DocumentJob & { outcome: RequeueOutcome })[];
  /** Where the next sweep goes on; null when this one reached the end of the window (the next starts over). */
  next: DocumentsSweepCursor | null;
}

/** A sweep in which some bookings failed: the others were looked after, and the next sweep goes on after them all. */
export class DocumentsSweepError extends Error {
  constructor(
    message: string,
    readonly outcome: DocumentsSweepOutcome,
  ) {
    super(message);
    this.name = 'DocumentsSweepError';
  }
}

/**
 * A batch of bookings whose documents are looked after: those whose date is at most `pastDays` before `today`, in
 * (date, id) order after `after`. Only a trigger (no read table knows which documents are made: the stream decides).
 * Found per supplier on the operator list's (supplier_id, date, id) index, each supplier's rows a range scan of at
 * most `limit` entries, so a run costs its batch, never the whole history.
 */
export async function documentSweepCandidates(
  db: Knex,
  limit: number,
  options: { suppliers?: readonly number[]; today?: string; pastDays?: number; after?: DocumentsSweepCursor | null } = {},
): Promise<DocumentsSweepCursor[]> {
  const from = addDays(options.today ?? dubaiToday(), -(options.pastDays ?? DOCUMENTS_SWEEP_PAST_DAYS));
  // Before the window's first booking: the window's start, and no id.
  const after = options.after && options.after.date >= from ? options.after : { date: addDays(from, -1), id: 2 ** 31 - 1 };
  const supplierIds = bookingSuppliersSql(options.suppliers);
  const rows = await db.raw<{ rows: { id: number; date: string }[] }>(
    `WITH suppliers AS (${supplierIds.sql})
     SELECT x.id, to_char(x.date, 'YYYY-MM-DD') AS date
       FROM suppliers s
      CROSS JOIN LATERAL (
        SELECT b.id, b.date FROM bookings b
         WHERE b.supplier_id = s.id AND b.date >= ?::date AND (b.date, b.id) > (?::date, ?::int)
         ORDER BY b.date, b.id
         LIMIT ?
      ) x
      ORDER BY x.date, x.id
      LIMIT ?`,
    [...supplierIds.bindings, from, after.date, after.id, limit, limit],
  );
  return rows.rows.map((r) => ({ id: Number(r.id), date: r.date }));
}

/**
 * The documents of a booking's current version that are not there: not recorded, or recorded but their file is
 * gone. Those its state has (documentsFor: none when declined, the invoice only when cancelled), and its tickets
 * when it holds codes it may download.
 */
export async function missingDocuments(booking: BookingForDocuments, storage: FileStorage): Promise<DocumentRef[]> {
  const wanted: DocumentRef[] = [...documentsFor(booking), ...(canDownloadTickets(booking.ticketsView) ? [{ kind: 'tickets' as const, language: 'eng' as const }] : [])];
  const missing: DocumentRef[] = [];
  for (const d of wanted) {
    const doc = booking.documents.find((x) => x.kind === d.kind && x.language === d.language && x.bookingVersion === booking.currentVersion);
    if (!doc || !(await storage.exists(doc.storageKey))) missing.push(d);
  }
  return missing;
}

/**
 * Asks again for the documents of bookings whose current version lacks some: run every few minutes by the worker
 * (a job on the documents queue), so a document job that ran out of attempts (a database or disk failure longer
 * than its backoff), or a file lost since, costs at most a few sweeps' wait instead of a download that answers
 * 'Not ready' until someone happens to ask for it. Each booking is decided on its stream; its missing documents'
 * jobs are retried when they failed, or added (requeueDocument), under the ids their events queue them with, so a
 * sweep beside the normal jobs, a download's hurry and other sweeps makes nothing twice. A booking that fails is
 * reported after the others were tried (the sweep job then fails, and is retried).
 */
export async function sweepDocuments(deps: { db: Knex; store: EventStore; storage: FileStorage; queue: Queue }, options: DocumentsSweepOptions = {}): Promise<DocumentsSweepOutcome> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? DOCUMENTS_SWEEP_MIN_AGE_MS;
  const limit = options.limit ?? DOCUMENTS_SWEEP_BATCH;
  const batch = await documentSweepCandidates(deps.db, limit, { suppliers: options.suppliers, today: dubaiToday(now), after: options.after });
  const outcome: DocumentsSweepOutcome = { candidates: batch.length, recent: 0, queued: [], next: batch.length === limit ? batch[batch.length - 1]! : null };
  const failed: string[] = [];
  for (const { id } of batch) {
    try {
      const booking = await bookingForDocuments(deps.store, id);
      if (!booking || booking.declined) continue;
      if (now.getTime() - Date.parse(booking.versionAt) < minAgeMs) {
        outcome.recent++;
        continue;
      }
      for (const d of await missingDocuments(booking, deps.storage)) {
        const job: DocumentJob = { bookingId: id, version: booking.currentVersion, ...d };
        outcome.queued.push({ ...job, outcome: await requeueDocument(deps.queue, job) });
      }
    } catch (e) {
      failed.push(`${id}: ${(e as Error).message}`);
    }
  }
  if (failed.length) throw new DocumentsSweepError(`documents sweep: ${failed.length} of ${batch.length} bookings failed (${failed.join('; ')})`, outcome);
  return outcome;
}
