import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { documentsProcessManager, documentsProcessor, DOCUMENTS_QUEUE, type DocumentsDeps } from '@tbo/documents';
import { createQueueConnection, FsFileStorage, loadConfig, WorkerHost, type EventStore } from '@tbo/kernel';
import { randomBytes } from 'node:crypto';
import type { RecordedEvent } from '@tbo/event-schemas';
import { defineProcessManager, processManagerProjection, ProjectionHost, type ProcessManager } from '@tbo/read-models';
import type { Knex } from 'knex';
import type request from 'supertest';
import { dropQueues } from './photos';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

function readPdf(pdf: Buffer, qr: boolean): Promise<{ text: string; qr: string | null }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-reader.cjs'), ...(qr ? ['--qr'] : [])], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`pdf-reader: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin!.end(pdf);
  });
}

/** The PDF's text, pages joined (pdf-parse). */
export const pdfText = async (pdf: Buffer): Promise<string> => (await readPdf(pdf, false)).text;

/** pdfText() on single spaces: pdf-parse joins a line's pieces with spaces or tabs, so tests compare it so. */
export const pdfFlatText = async (pdf: Buffer): Promise<string> => (await pdfText(pdf)).replace(/\s+/g, ' ');

/** The first QR code on the PDF's first page, read from the page rendered to an image (null when none is found). */
export const pdfQr = async (pdf: Buffer): Promise<string | null> => (await readPdf(pdf, true)).qr;

/**
 * The documents process manager for the bookings of these suppliers only, under a name of its own. The run's
 * database holds every earlier test file's bookings: the real manager, starting from nothing, would queue
 * documents for all of them and keep the worker busy for minutes. `skip` leaves out the jobs of some events (a job
 * that never ran).
 */
function documentsOf(suppliers: readonly number[], skip?: (event: RecordedEvent) => boolean): ProcessManager {
  const jobFor = (event: RecordedEvent) => (suppliers.includes((event.data as { supplierId?: number }).supplierId ?? -1) && !skip?.(event) ? documentsProcessManager.jobFor(event) : null);
  return defineProcessManager({ name: `booking_documents_t${randomBytes(4).toString('hex')}`, handles: documentsProcessManager.handles, jobFor });
}

/**
 * A documents worker in this process (the process manager and the processor), on a queue prefix of its own, for
 * these suppliers' bookings. `skip` leaves out the jobs of some events; `started` hands over the processor's
 * dependencies (the sweep test runs a sweep with the same, its queue included).
 */
export async function startDocumentWorker(
  deps: { store: EventStore; db: Knex; storageDir: string; prefix: string; suppliers: readonly number[] },
  extra: Partial<DocumentsDeps> = {},
  options: { skip?: (event: RecordedEvent) => boolean; started?: (used: DocumentsDeps & { queue: Queue }) => void } = {},
): Promise<{ host: WorkerHost; stop(): Promise<void> }> {
  const connection: Redis = createQueueConnection(loadConfig().REDIS_URL);
  // BullMQ's default lock: PDFs render on this process's event loop, which a short lock could let a busy machine
  // stall past (the job then run twice). No user of this helper kills a worker mid-job (test/worker does, with its own).
  const host = new WorkerHost({ connection, prefix: deps.prefix, logger: quiet });
  const queue = new Queue(DOCUMENTS_QUEUE, { connection, prefix: deps.prefix });
  const used = { store: deps.store, db: deps.db, storage: new FsFileStorage(deps.storageDir), queue, ...extra };
  options.started?.(used);
  host.register(documentsProcessor(used));
  await host.start();
  const projections = new ProjectionHost(deps.db, deps.store, [processManagerProjection(documentsOf(deps.suppliers, options.skip), host)], quiet);
  await projections.start();
  return {
    host,
    async stop() {
      await projections.stop();
      await host.close();
      await queue.close();
      await dropQueues(connection, deps.prefix, [DOCUMENTS_QUEUE]);
      await connection.quit();
    },
  };
}

/** A download's answer: the PDF's bytes, or the error envelope. */
export type DownloadAnswer = { status: number; body: Buffer | { Content?: unknown; IsOk?: boolean; ErrorTitle?: string; ErrorMessage?: string }; headers: Record<string, string> };

/** GET `path` as `who`: a PDF answer's body is its bytes, any other the parsed envelope. */
export const download = (http: ReturnType<typeof request>, path: string, who: Record<string, string>): Promise<DownloadAnswer> =>
  http
    .get(path)
    .set(who)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        done(null, String(res.headers['content-type']).startsWith('application/pdf') ? raw : JSON.parse(raw.toString('utf8')));
      });
    }) as unknown as Promise<DownloadAnswer>;
