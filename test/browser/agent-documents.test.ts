import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { checkinUrl } from '@tbo/documents';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import type { ApiSuite } from '../support/api';
import { bookableSetup, bookingBody } from '../support/booking';
import { webSuite } from '../support/browser';
import { pdfQr, pdfText, startDocumentWorker } from '../support/documents';
import { seedDemo } from '../support/reference';
import { openApp } from './shell-helpers';

/*
 * The agent downloads the invoice and both vouchers from the booking confirmation page. The documents worker
 * starts only after the first click, so the link is seen preparing the document (the server made it wait), and
 * the file arrives once the worker has made it.
 */
jest.setTimeout(120_000);
const env = { STORAGE_DIR: '', QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-docs-web-${randomBytes(4).toString('hex')}` };
const saved = { STORAGE_DIR: process.env.STORAGE_DIR, QUEUE_PREFIX: process.env.QUEUE_PREFIX };
let worker: Awaited<ReturnType<typeof startDocumentWorker>> | undefined;
// Before webSuite's hooks: the folder and queue exist when the app starts, and the worker stops before it closes.
beforeAll(async () => {
  env.STORAGE_DIR = await mkdtemp(join(tmpdir(), 'tbo-docs-web-'));
  Object.assign(process.env, env);
});
afterAll(async () => {
  await worker?.stop();
  Object.assign(process.env, saved);
});
const web = webSuite();

const GUEST = 'Мария Кузнецова';

async function download(page: Page, testId: string): Promise<{ name: string; pdf: Buffer }> {
  const started = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByTestId(testId).click();
  const file = await started;
  return { name: file.suggestedFilename(), pdf: await readFile((await file.path())!) };
}

it('an agent downloads the invoice and both vouchers from the confirmation page', async () => {
  const app = web.app;
  const db = app.get<Knex>(KNEX);
  const store = app.get<EventStore>(EVENT_STORE);
  const api: ApiSuite = { app, http: request(app.getHttpServer()), db, store, settled: (p, pos, ms = 10_000) => waitForProjection(db, store, p, pos, ms) };
  await seedDemo(app);
  const s = await bookableSetup(api);
  const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, guestName: GUEST }));
  expect(created.status).toBe(200);
  const id: number = created.body.Content.id;
  await api.settled('booking_details', created.body.Content.position);

  const { context, page } = await openApp(web.browser, web.baseUrl, `/agent/bookings/details/${id}`, { token: s.agent.Authorization!.slice('Bearer '.length), acceptDownloads: true });
  try {
    await page.getByTestId('booking-documents').waitFor();
    // No worker yet: the invoice is queued and the link shows it is being prepared.
    const invoice = download(page, 'booking-invoice');
    await page.locator('[data-testid=booking-invoice][aria-busy=true]').waitFor();
    expect(await page.getByTestId('booking-invoice').innerText()).toContain('Preparing');
    // The ticket takes no attraction tickets: none are offered.
    expect(await page.getByTestId('booking-tickets').count()).toBe(0);
    worker = await startDocumentWorker({ store, db, storageDir: env.STORAGE_DIR, prefix: env.QUEUE_PREFIX, suppliers: [s.supplierId] });
    const inv = await invoice;
    expect(inv.name).toBe(`invoice-${id}.pdf`);
    expect(await pdfText(inv.pdf)).toContain('TAX INVOICE');
    expect(await page.getByTestId('booking-invoice').getAttribute('aria-busy')).toBeNull();

    // On the booking's page each voucher says what it is (the list's narrow cell says only the language).
    expect(await page.getByTestId('booking-voucher-eng').innerText()).toBe('Voucher ENG');
    const eng = await download(page, 'booking-voucher-eng');
    expect(eng.name).toBe(`voucher-${id}-eng.pdf`);
    expect(await pdfText(eng.pdf)).toContain('Lead guest');
    const rus = await download(page, 'booking-voucher-rus');
    expect(rus.name).toBe(`voucher-${id}-rus.pdf`);
    const ru = await pdfText(rus.pdf);
    expect(ru).toContain('Ваучер');
    expect(ru).toContain(GUEST);
    expect(await pdfQr(rus.pdf)).toBe(checkinUrl(id));
    expect(await page.getByTestId('booking-document-error').count()).toBe(0);
  } finally {
    await context.close();
  }
});
