import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { bookingForDocuments } from '@tbo/booking';
import { documentFacts, makeDocument, renderDocument, type DocumentJob, type DocumentOutcome } from '@tbo/documents';
import { CommandRunner, FsFileStorage } from '@tbo/kernel';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { completeAfterItsDate } from '../support/booking-events';
import { download, pdfFlatText, startDocumentWorker } from '../support/documents';
import { eventually } from '../support/photos';
import { seedDemo } from '../support/reference';
import { apiWithWorker, type WorkerDeps } from '../support/worker-suite';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** New bookings (by guest name) whose events queue no documents job: the test makes their documents itself. */
const noJobFor = new Set<string>();
let storageDir: string;
const startWorker = (deps: WorkerDeps) => {
  storageDir = deps.storageDir;
  return startDocumentWorker(deps, {}, { skip: (event) => noJobFor.has((event.data as { guestName?: string }).guestName ?? '') });
};

/*
 * A version's documents are facts: the same bytes whenever they are made, made again when their file is lost,
 * and one file per document however many workers make it at once; a download sends the file as it is stored.
 */
describe("documents: a version's files, made again and made at once", () => {
  const { api, startWorker: start } = apiWithWorker('documents-files', startWorker);
  let s: BookableSetup;

  const get = (path: string, who: Record<string, string>) => download(api.http, path, who);
  const deps = () => ({ store: api.store, db: api.db, storage: new FsFileStorage(storageDir) });
  const documentsOf = async (id: number) => (await bookingForDocuments(api.store, id))!.documents;
  const made = (id: number, n: number) => eventually(async () => ((await documentsOf(id)).length >= n ? documentsOf(id) : undefined), 30_000, `booking ${id}'s ${n} documents`);
  const book = async (guestName: string): Promise<{ id: number; version: number }> => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, children: 1, guestName }));
    expect(created.status).toBe(200);
    expect(created.body.Content.status).toBe(0);
    return { id: created.body.Content.id as number, version: created.body.Content.version as number };
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, { tour: { nameDisplay: 'Files Safari' } });
    await start([s.supplierId]);
  }, 120_000);

  let completed: number;

  it("a version's voucher made again after a later completion is the same file: the booking as the version began", async () => {
    const { id, version } = await book('Vera Version');
    completed = id;
    const docs = await made(id, 3);
    const voucher = docs.find((d) => d.kind === 'voucher' && d.language === 'eng')!;
    const first = await get(`/bookings/download/voucher/${id}?lang=eng`, s.agent);
    expect(first.status).toBe(200);
    expect(sha(first.body as Buffer)).toBe(voucher.checksum);

    // Completed: no new document version, so version 0's documents stay the booking's; they must not change.
    expect(await completeAfterItsDate(api.app, { id, supplierId: s.supplierId, date: s.date }, version)).toBe(5);
    const now = (await bookingForDocuments(api.store, id))!;
    expect(now.view.status).toBe(5);
    expect(now.currentVersion).toBe(0);

    const again = await renderDocument(await documentFacts(api, (await bookingForDocuments(api.store, id, 0))!), 'voucher', 'eng');
    expect(sha(again)).toBe(voucher.checksum);
    const text = await pdfFlatText(again);
    expect(text).toContain('Status: Confirmed');
    expect(text).not.toContain('Completed');
  });

  it('a recorded document whose file is gone: the download asks for it again and gets it, made again with the same bytes', async () => {
    const id = completed;
    const voucher = (await documentsOf(id)).find((d) => d.kind === 'voucher' && d.language === 'eng')!;
    await rm(join(storageDir, voucher.storageKey));
    // 'Not ready' while it is made again (the download waits a few seconds for it), never for good.
    const res = await eventually(async () => {
      const r = await get(`/bookings/download/voucher/${id}?lang=eng`, s.agent);
      if (r.status === 409) expect(r.body).toMatchObject({ IsOk: false, ErrorTitle: 'Not ready' });
      return r.status === 200 ? r : undefined;
    }, 30_000, 'the voucher made again');
    expect(sha(res.body as Buffer)).toBe(voucher.checksum);
    expect(sha(await readFile(join(storageDir, voucher.storageKey)))).toBe(voucher.checksum);
    expect((await documentsOf(id)).filter((d) => d.kind === 'voucher' && d.language === 'eng')).toHaveLength(1);

    // The job itself: a recorded document counts as made only when its file is there.
    const invoice = (await documentsOf(id)).find((d) => d.kind === 'invoice')!;
    await rm(join(storageDir, invoice.storageKey));
    const job: DocumentJob = { bookingId: id, version: 0, kind: 'invoice', language: 'eng' };
    expect(await makeDocument(deps(), new CommandRunner(api.store), job)).toMatchObject({ result: 'remade', storageKey: invoice.storageKey, checksum: invoice.checksum });
    expect(sha(await readFile(join(storageDir, invoice.storageKey)))).toBe(invoice.checksum);
    expect(await makeDocument(deps(), new CommandRunner(api.store), job)).toMatchObject({ result: 'already issued' });
  });

  it('two workers making the same document at once: one file, stored once and recorded once', async () => {
    noJobFor.add('Tom Twice');
    const { id } = await book('Tom Twice');
    const job: DocumentJob = { bookingId: id, version: 0, kind: 'voucher', language: 'eng' };
    // Both have rendered the file before either stores it.
    let arrived = 0;
    const stored: Buffer[] = [];
    const barrier = async (_: DocumentJob, pdf: Buffer) => {
      arrived++;
      await eventually(async () => (arrived >= 2 ? true : undefined), 10_000, 'both workers');
      stored.push(pdf);
    };
    const outcomes: DocumentOutcome[] = await Promise.all([1, 2].map(() => makeDocument({ ...deps(), beforeStore: barrier }, new CommandRunner(api.store), job)));
    expect(stored).toHaveLength(2);
    expect(outcomes.map((o) => o.result).sort()).toEqual(['already issued', 'issued']);
    const recorded = (await documentsOf(id)).filter((d) => d.kind === 'voucher');
    expect(recorded).toHaveLength(1);
    const file = await readFile(join(storageDir, recorded[0]!.storageKey));
    expect(sha(file)).toBe(recorded[0]!.checksum);
    expect(file.length).toBe(recorded[0]!.bytes);
  });

  it("a download sends the file as stored: its Content-Length is the file's size, not the size recorded", async () => {
    const id = completed;
    const invoice = (await documentsOf(id)).find((d) => d.kind === 'invoice')!;
    // Another file under the invoice's key (as a second maker's write once could leave it), of another size.
    const other = await readFile(join(storageDir, (await documentsOf(id)).find((d) => d.kind === 'voucher' && d.language === 'rus')!.storageKey));
    expect(other.length).not.toBe(invoice.bytes);
    await deps().storage.put(invoice.storageKey, other);
    const res = await get(`/bookings/download/invoice/${id}`, s.agent);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(other.length));
    expect(sha(res.body as Buffer)).toBe(sha(other));
  });
});
