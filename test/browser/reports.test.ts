import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { seedBooking, sheetRows, type SeededBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';
import { reportsQueuePrefix, startReportsWorker } from '../support/reports';
import { openApp } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/*
 * Accounts open a report, ask for it as of last week, watch the build's progress, and export it. With
 * SHOTS_DIR=<dir> it also writes screenshots (1366×768, en and ru).
 */
jest.setTimeout(120_000);
const prefix = reportsQueuePrefix();
// The API this file starts queues its as-of builds under a prefix of its own (startApi reads the environment).
process.env.QUEUE_PREFIX = prefix;
const web = webSuite();
const shot = screenshotsTo();
const DAY_MS = 86_400_000;

let supplierId: number;
let token: string;
const old: SeededBooking[] = [];
let db: Knex;
let store: EventStore;

beforeAll(async () => {
  const app = web.app;
  db = app.get<Knex>(KNEX);
  store = app.get<EventStore>(EVENT_STORE);
  const tenants = await registerTenants(app);
  supplierId = tenants.supplierId;
  token = await tokenFor(['accounts'], { supplierId, fullName: 'Amira Accounts' });
  const base = { supplierId, agencyId: tenants.agencyId, timeSlotName: 'Morning', startTime: 540 };
  const totals = (usd: number) => ({ totalUsd: usd, totalAed: usd * 4, netUsd: usd - 10, netAed: (usd - 10) * 4, grossSales: usd, agencyReceivable: 10 });
  for (const [i, t] of [['Desert Safari', 'Standard'], ['Desert Safari', 'VIP'], ['Мечеть шейха Зайда', 'Билет']].entries()) {
    old.push(await seedBooking(app, { ...base, tourId: 800 + i, tourName: t[0]!, offerId: 8000 + i, offerName: t[1]!, date: '2030-05-0' + (i + 1), totals: totals(100 * (i + 1)) }));
  }
  // These three were "booked ten days ago": the store's record of when they were written says so.
  await db('events').whereIn('stream_id', old.map((b) => `booking-${b.id}`)).update({ recorded_at: new Date(Date.now() - 10 * DAY_MS) });
  const recent = await seedBooking(app, { ...base, tourId: 800, tourName: 'Desert Safari', offerId: 8000, offerName: 'Standard', date: '2030-05-01', totals: totals(1000) });
  expect(await waitForProjection(db, store, 'reports', recent.position, 15_000)).toBe(true);
});

it('accounts open a report, ask it as of last week, watch the progress and export it', async () => {
  const { context, page } = await openApp(web.browser, web.baseUrl, '/reports', { token, acceptDownloads: true });
  let worker: { stop(): Promise<void> } | null = null;
  try {
    await page.getByTestId('report-totals').waitFor();
    // Live: the four bookings, 100 + 200 + 300 + 1,000.
    await expect(page.getByTestId('report-totals').textContent()).resolves.toContain('1,600.00');
    await page.getByTestId('report-chart').locator('canvas').first().waitFor();
    await shot(page, 'reports-en-1366');

    await page.getByTestId('asof-last-week').click();
    await page.getByTestId('asof-run').click();
    // No worker yet: the build waits in the queue and the page says so; then a worker takes it.
    await page.getByTestId('asof-progress').waitFor();
    await shot(page, 'reports-asof-progress-en-1366');
    worker = await startReportsWorker({ db, store, prefix });
    await page.getByTestId('asof-note').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('asof-progress').count()).resolves.toBe(0);
    await expect(page.getByTestId('report-totals').textContent()).resolves.toContain('600.00');
    await expect(page.getByTestId('report-totals').textContent()).resolves.not.toContain('1,600.00');
    expect(await page.getByTestId('report-table').locator('tbody tr').count()).toBe(3);
    await shot(page, 'reports-asof-en-1366');

    const started = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('report-xlsx').click();
    const file = await started;
    expect(file.suggestedFilename()).toBe('sales-by-tour.xlsx');
    const rows = await sheetRows(readFileSync((await file.path())!));
    expect(rows.slice(1, -1).map((r) => [r[0], r[1], r[5]])).toEqual([
      ['Desert Safari', 'Standard', 100],
      ['Desert Safari', 'VIP', 200],
      ['Мечеть шейха Зайда', 'Билет', 300],
    ]);
    expect([rows.at(-1)![0], rows.at(-1)![5]]).toEqual(['Total', 600]);
  } finally {
    await context.close();
    await worker?.stop();
  }
});

it('reads in Russian', async () => {
  const { context, page } = await openApp(web.browser, web.baseUrl, '/reports?kind=commissions-by-agency', { token, lang: 'ru', acceptDownloads: true });
  try {
    await page.getByTestId('report-totals').waitFor();
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('Отчёты');
    await expect(page.getByTestId('report-totals').textContent()).resolves.toContain('Итого');
    // Money in Russian: a decimal comma and no English '1,234.50' groups.
    const totals = (await page.getByTestId('report-totals').textContent()) ?? '';
    expect(totals).toMatch(/\d,\d\d/);
    expect(totals).not.toMatch(/\d\.\d\d/);
    await shot(page, 'reports-ru-1366');
    // What a screen reader hears of the chart's legend is Russian too (AG Charts' own pack has no Russian).
    await page.getByTestId('report-chart').locator('[aria-label="Легенда"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('report-chart').locator('[aria-label^="диаграмма, рядов"]').count()).toBe(1);
    // Its Excel file is in Russian too.
    const started = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('report-xlsx').click();
    const rows = await sheetRows(readFileSync((await (await started).path())!));
    expect(rows[0]!.slice(0, 3)).toEqual(['Агентство', 'Бронирования', 'Валовые продажи USD']);
    expect(rows.at(-1)![0]).toBe('Итого');
  } finally {
    await context.close();
  }
});

it('says a window that runs backwards, and asks the server nothing for it', async () => {
  const { context, page } = await openApp(web.browser, web.baseUrl, '/reports?from=2026-12-01&to=2026-11-01', { token });
  try {
    let asked = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/reports/sales-by-tour')) asked++;
    });
    await expect(page.getByTestId('report-backwards').textContent()).resolves.toBe("'From' is after 'To': choose a window that runs forwards.");
    expect(await page.getByTestId('report-totals').count()).toBe(0);
    expect(await page.getByTestId('report-xlsx').isDisabled()).toBe(true);
    // Put right (the window emptied: every date), the report comes.
    await page.getByTestId('report-from').fill('');
    await page.getByTestId('report-to').fill('');
    await page.getByTestId('report-totals').waitFor();
    expect(await page.getByTestId('report-backwards').count()).toBe(0);
    expect(asked).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});
