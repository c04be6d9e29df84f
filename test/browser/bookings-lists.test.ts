import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { KNEX } from '@tbo/kernel';
import { findUserByEmail } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { bookingsSettled, seedBooking, sheetRows, type SeededBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';
import { openApp, pathOf, retryUntil } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/** With SHOTS_DIR=<dir>, screenshots for a person to look at. */
const shot = screenshotsTo();

/**
 * The booking lists against the real API and Postgres: operations see the supplier's bookings of the next two
 * weeks with the sums of the counts under the table, cancelled and pending rows styled, and a row opens the
 * booking's panel; an agent sees only their own bookings and a row opens the booking's page.
 */

const web = webSuite({ testTimeoutMs: 180_000 });

const tag = randomBytes(3).toString('hex');
const today = dubaiToday();
let operations: string;
let agent: string;
const mine: SeededBooking[] = [];
let colleague: SeededBooking;
/** Tenants of their own (the counts above stay as they are): a booking operations declined, and one still pending. */
const refused = { operations: '', agent: '', declined: null as SeededBooking | null, pending: null as SeededBooking | null };

beforeAll(async () => {
  const { supplierId, agencyId } = await registerTenants(web.app);
  const other = await registerTenants(web.app);
  operations = await tokenFor(['operations'], { supplierId, email: `ops.${tag}@test.local`, fullName: 'Olga Ops' });
  agent = await tokenFor(['agent'], { agencyId, supplierId: null, email: `agent.${tag}@test.local`, fullName: 'Andrei Agent' });
  await tokenFor(['agent'], { agencyId, supplierId: null, email: `colleague.${tag}@test.local`, fullName: 'Colleague' });
  const db = web.app.get<Knex>(KNEX);
  const agentId = (await findUserByEmail(db, `agent.${tag}@test.local`))!.id;
  const colleagueId = (await findUserByEmail(db, `colleague.${tag}@test.local`))!.id;
  const base = { supplierId, agencyId, agentId, staffAgentId: null, tourName: `Safari ${tag}` };
  mine.push(await seedBooking(web.app, { ...base, date: today, guestName: `Anna ${tag}`, adults: 2, children: 1, infants: 0, foc: 0 }));
  mine.push(await seedBooking(web.app, { ...base, date: addDays(today, 1), guestName: `Boris ${tag}`, adults: 3, children: 0, infants: 1, foc: 1, status: 1, responseDueAt: new Date(Date.now() - 3600_000).toISOString() }));
  mine.push(await seedBooking(web.app, { ...base, date: addDays(today, 2), guestName: `Clara ${tag}`, adults: 1, children: 2, infants: 1, foc: 0 }, [{ type: 'BookingCancelled' }]));
  colleague = await seedBooking(web.app, { ...base, agentId: colleagueId, date: addDays(today, 3), guestName: `Dmitri ${tag}`, adults: 4, children: 0, infants: 0, foc: 0 });
  const foreign = await seedBooking(web.app, { ...base, supplierId: other.supplierId, agencyId: other.agencyId, date: today, guestName: `Foreign ${tag}` });
  await bookingsSettled(web.app, foreign.position);

  const own = await registerTenants(web.app);
  refused.operations = await tokenFor(['operations'], { supplierId: own.supplierId, email: `ops2.${tag}@test.local`, fullName: 'Oleg Ops' });
  refused.agent = await tokenFor(['agent'], { agencyId: own.agencyId, supplierId: null, email: `agent2.${tag}@test.local`, fullName: 'Alla Agent' });
  const refusedAgentId = (await findUserByEmail(db, `agent2.${tag}@test.local`))!.id;
  const ownBase = { supplierId: own.supplierId, agencyId: own.agencyId, agentId: refusedAgentId, staffAgentId: null, tourName: `Desert ${tag}`, status: 1 as const };
  refused.pending = await seedBooking(web.app, { ...ownBase, date: addDays(today, 3), guestName: `Pavel ${tag}` });
  refused.declined = await seedBooking(web.app, { ...ownBase, date: addDays(today, 4), guestName: `Daria ${tag}` }, [{ type: 'BookingDeclined', data: { reason: 'No guide available on that day' } }]);
  await bookingsSettled(web.app, refused.declined.position);
}, 240_000);

describe('booking lists', () => {
  it("operations see the supplier's bookings with the sums, row styles, and a row opens the booking", async () => {
    // Wide enough for every column at once (AG Grid renders only the columns in view).
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/bookings', { token: operations, width: 1366, height: 768 });
    expect(await page.getByTestId('page-title').textContent()).toBe('Bookings');
    const table = page.getByTestId('bookings-table');
    // Only this supplier's bookings are in its list: ours, by guest name, in date order.
    const guests = async () => (await table.getByTestId('bookings-row-guest').allTextContents()).filter((g) => g.endsWith(tag));
    await retryUntil(async () => expect(await guests()).toEqual([`Anna ${tag}`, `Boris ${tag}`, `Clara ${tag}`, `Dmitri ${tag}`]), 15_000);
    // The sums cover the whole filtered set (a fresh supplier: just these four).
    expect(await page.getByTestId('bookings-sum-ad').getAttribute('data-value')).toBe('10');
    expect(await page.getByTestId('bookings-sum-ch').getAttribute('data-value')).toBe('3');
    expect(await page.getByTestId('bookings-sum-inf').getAttribute('data-value')).toBe('2');
    expect(await page.getByTestId('bookings-sum-foc').getAttribute('data-value')).toBe('1');
    // Clara's cancelled booking is among them: beside each sum, how many of those guests are coming (the manifest's).
    const sumTexts = async () => Promise.all(['ad', 'ch', 'inf', 'foc'].map(async (k) => (await page.getByTestId(`bookings-sum-${k}`).textContent())!.replace(/\s+/g, ' ').trim()));
    expect(await sumTexts()).toEqual(['Adults: 10 (coming 9)', 'Children: 3 (coming 1)', 'Infants: 2 (coming 1)', 'FOC: 1 (coming 1)']);
    // The id and status columns are pinned: a row is drawn in three containers, so cells are found across them.
    const rowOf = (id: number) => table.locator(`.ag-row[row-id="${id}"]`).first();
    const cellOf = (id: number, col: string) => table.locator(`.ag-row[row-id="${id}"] [col-id="${col}"]`).first();
    expect(await cellOf(mine[0]!.id, 'date').textContent()).toBe(`${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`);
    expect(await rowOf(mine[2]!.id).getAttribute('class')).toContain('tbo-row--cancelled');
    expect(await rowOf(mine[1]!.id).getAttribute('class')).toContain('bookings-row--overdue');
    await retryUntil(async () => expect(await cellOf(mine[1]!.id, 'status').getByTestId('bookings-row-status').textContent()).toBe('Pending · Overdue'), 10_000);
    await shot(page, 'operator-bookings-en');
    // At 1366 px the whole phone number is in view, left of the pinned status.
    const headerBox = async (col: string) => (await table.locator(`.ag-header-cell[col-id="${col}"]`).boundingBox())!;
    const [tel, status] = [await headerBox('tel'), await headerBox('status')];
    expect(tel.x + tel.width).toBeLessThanOrEqual(status.x);
    // The status filter narrows the list and the sums.
    await table.locator('.ag-header-cell[col-id="status"] select').selectOption('pending');
    await retryUntil(async () => expect(await guests()).toEqual([`Boris ${tag}`]), 15_000);
    expect(await page.getByTestId('bookings-sum-ad').getAttribute('data-value')).toBe('3');
    // Every guest of the pending filter is coming: the bar says each count once.
    expect(await sumTexts()).toEqual(['Adults: 3', 'Children: 0', 'Infants: 1', 'FOC: 1']);

    // The filter is in the address (the default date window is not).
    await retryUntil(async () => expect(pathOf(page)).toBe('/bookings?status=pending'), 10_000);

    // A row opens the booking's panel, kept in the address beside the list's filter.
    await cellOf(mine[1]!.id, 'status').getByTestId('bookings-row-status').click();
    await page.getByTestId('booking-panel-title').waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: 'pending', id: String(mine[1]!.id) });
    // A reload shows the same: the filtered list under the open booking.
    await page.reload();
    await page.getByTestId('booking-panel-title').waitFor();
    await retryUntil(async () => expect(await guests()).toEqual([`Boris ${tag}`]), 15_000);
    expect(await table.locator('.ag-header-cell[col-id="status"] select').inputValue()).toBe('pending');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a filter change that fails to load says the rows are stale, with Retry, and the sums are not left as the new ones', async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/bookings', { token: operations, width: 1366, height: 768 });
    try {
      const table = page.getByTestId('bookings-table');
      const guests = async () => (await table.getByTestId('bookings-row-guest').allTextContents()).filter((g) => g.endsWith(tag));
      const status = table.locator('.ag-header-cell[col-id="status"] select');
      await status.selectOption('pending');
      await retryUntil(async () => expect(await guests()).toEqual([`Boris ${tag}`]), 15_000);
      expect(await page.getByTestId('bookings-sum-ad').getAttribute('data-value')).toBe('3');

      // The next list request meets a server fault.
      const fault = { IsOk: false, Code: 500, Content: null, ErrorTitle: 'Internal Server Error', ErrorMessage: 'Something went wrong' };
      await page.route(/\/api\/bookings\/operations$/, (route) => route.fulfill({ status: 500, json: fault }), { times: 1 });
      await status.selectOption('cancelled');
      // The pending rows are still there, but a bar says they are not the answer to the new filter.
      await expect(table.getByTestId('table-error').textContent()).resolves.toContain("Couldn't load the data");
      expect(await guests()).toEqual([`Boris ${tag}`]);
      expect(await page.getByTestId('bookings-sums').getAttribute('data-failed')).toBe('true');
      expect(await page.getByTestId('bookings-sum-ad').getAttribute('data-value')).toBe('');
      await page.getByTestId('bookings-sums-failed').waitFor();
      await shot(page, 'operator-bookings-stale-en');

      await table.getByTestId('table-retry').click();
      await retryUntil(async () => expect(await guests()).toEqual([`Clara ${tag}`]), 15_000);
      expect(await table.getByTestId('table-error').count()).toBe(0);
      expect(await page.getByTestId('bookings-sum-ad').getAttribute('data-value')).toBe('1');
      expect(await page.getByTestId('bookings-sums').getAttribute('data-failed')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an agent sees only their own bookings; a row opens the booking', async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/bookings', { token: agent });
    expect(await page.getByTestId('page-title').textContent()).toBe('My bookings');
    expect(await page.getByTestId('agent-bookings-add').getAttribute('href')).toBe('/agent/bookings/add');
    const table = page.getByTestId('agent-bookings-table');
    const guests = async () => (await table.getByTestId('agent-row-guest').allTextContents()).filter((g) => g.endsWith(tag));
    // Newest date first; the colleague's booking is not theirs.
    await retryUntil(async () => expect(await guests()).toEqual([`Clara ${tag}`, `Boris ${tag}`, `Anna ${tag}`]), 15_000);
    expect(await table.getByText(`Dmitri ${tag}`).count()).toBe(0);
    expect(colleague.id).toBeGreaterThan(0);
    // At 1366 px the many columns scroll sideways; the tour and the ticket keep their width instead of a few letters.
    for (const col of ['tourName', 'offerName']) expect((await table.locator(`.ag-header-cell[col-id="${col}"]`).boundingBox())!.width).toBeGreaterThanOrEqual(170);
    await shot(page, 'agent-bookings-en');
    await table.locator(`.ag-row[row-id="${mine[0]!.id}"] [col-id="guestName"]`).first().click();
    await retryUntil(async () => expect(pathOf(page)).toBe(`/agent/bookings/details/${mine[0]!.id}`), 10_000);

    await page.goto('/agent/commissions');
    await page.getByTestId('agent-commissions').waitFor();
    await retryUntil(async () => expect((await page.getByTestId('agent-row-guest').allTextContents()).filter((g) => g.endsWith(tag))).toHaveLength(3), 15_000);
    // The money the page is for is in view at 1366 px without scrolling sideways.
    const grid = (await table.locator('.ag-root-wrapper').boundingBox())!;
    for (const col of ['grossSales', 'agencyReceivable']) {
      const box = (await table.locator(`.ag-header-cell[col-id="${col}"]`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(grid.x + grid.width);
    }
    // And whole: nothing of the grid's own lies over the last digits of the right-most amount.
    const lastAmount = (await table.locator('.ag-row [col-id="agencyReceivable"]').first().boundingBox())!;
    expect(await page.evaluate(`document.elementFromPoint(${lastAmount.x + lastAmount.width - 6}, ${lastAmount.y + lastAmount.height / 2})?.closest('[col-id="agencyReceivable"]') != null`)).toBe(true);
    await shot(page, 'agent-commissions-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['en', { declined: 'Declined', none: 'None: the booking was declined', title: 'Booking declined #{id}', pending: 'Pending', note: 'The voucher reads “Pending confirmation”' }],
    ['ru', { declined: 'Отклонено', none: 'Нет: бронирование отклонено', title: 'Бронирование №{id} отклонено', pending: 'Ожидает', note: 'в ваучере указано «Ожидает подтверждения»' }],
  ] as const)('names a declined booking Declined, not Cancelled, and keeps the agent list status in view (%s)', async (lang, words) => {
    const declined = refused.declined!;
    const pending = refused.pending!;
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/bookings', { token: refused.agent, lang, width: 1366, height: 768 });
    try {
      const table = page.getByTestId('agent-bookings-table');
      const statusOf = (id: number) => table.locator(`.ag-row[row-id="${id}"] [col-id="status"]`).first().getByTestId('agent-row-status');
      // The status is pinned on the right: in view at 1366 px without scrolling sideways, over the columns that scroll.
      await retryUntil(async () => expect(await statusOf(declined.id).textContent()).toBe(words.declined), 15_000);
      expect(await statusOf(pending.id).textContent()).toBe(words.pending);
      const grid = (await table.locator('.ag-root-wrapper').boundingBox())!;
      const header = table.locator('.ag-header-cell[col-id="status"]');
      // AG Grid marks the first (here the only) column pinned on the right.
      expect(await header.getAttribute('class')).toContain('ag-header-cell-first-right-pinned');
      const box = (await header.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(grid.x + grid.width);
      expect(box.x).toBeGreaterThan(grid.x + grid.width / 2);
      // A declined row keeps the cancelled rows' style.
      expect(await table.locator(`.ag-row[row-id="${declined.id}"]`).first().getAttribute('class')).toContain('tbo-row--cancelled');
      await shot(page, `agent-bookings-pinned-status-${lang}`);

      // Its page: the badge and the money rows say declined, as the title does.
      await page.goto(`/agent/bookings/details/${declined.id}`);
      await page.getByTestId('booking-declined').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe(words.title.replace('{id}', String(declined.id)));
      expect(await page.getByTestId('booking-status').textContent()).toBe(words.declined);
      for (const row of ['booking-net', 'booking-commission', 'booking-collect']) expect(await page.getByTestId(row).locator('dd').textContent()).toBe(words.none);
      await shot(page, `agent-booking-declined-${lang}`);

      // A pending booking's documents come with a note on what its voucher says meanwhile.
      await page.goto(`/agent/bookings/details/${pending.id}`);
      await page.getByTestId('booking-documents-pending').waitFor();
      expect(await page.getByTestId('booking-documents-pending').textContent()).toContain(words.note);
      expect(await page.getByTestId('booking-invoice').count()).toBe(1);
      await shot(page, `agent-booking-pending-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const ops = await openApp(web.browser, web.baseUrl, `/bookings?id=${declined.id}`, { token: refused.operations, lang, width: 1366, height: 768 });
    try {
      await ops.page.getByTestId('booking-section-declined').waitFor();
      expect(await ops.page.getByTestId('booking-panel').getByTestId('booking-status').textContent()).toBe(words.declined);
      for (const fact of ['booking-net', 'booking-commission', 'booking-collect']) expect(await ops.page.getByTestId(fact).textContent()).toBe(words.none);
      await shot(ops.page, `operator-panel-declined-${lang}`);
      await ops.page.getByTestId('booking-panel-close').click();
      const table = ops.page.getByTestId('bookings-table');
      const statusOf = (id: number) => table.locator(`.ag-row[row-id="${id}"] [col-id="status"]`).first().getByTestId('bookings-row-status');
      await retryUntil(async () => expect(await statusOf(declined.id).textContent()).toBe(words.declined), 15_000);
      // The status filter still counts it with the cancelled bookings.
      await table.locator('.ag-header-cell[col-id="status"] select').selectOption('cancelled');
      await retryUntil(async () => expect(await table.getByTestId('bookings-row-guest').allTextContents()).toEqual([`Daria ${tag}`]), 15_000);
      // A region cell, half hidden behind the pinned status, has its whole name as its tooltip.
      const region = table.locator(`.ag-row[row-id="${declined.id}"] [col-id="region"]`).first().getByTestId('bookings-row-region');
      expect(await region.getAttribute('title')).toBe(await region.textContent());
      expect(await region.getAttribute('title')).toBe(declined.data.regionName);
      // And the pending one's panel says what its voucher reads meanwhile.
      await ops.page.goto(`/bookings?id=${pending.id}`);
      expect(await ops.page.getByTestId('booking-voucher-pending').textContent()).toContain(words.note);
      expect(ops.errors).toEqual([]);
    } finally {
      await ops.context.close();
    }
  });

  it('lays the lists out in Russian at 1366 px', async () => {
    const ops = await openApp(web.browser, web.baseUrl, '/bookings', { token: operations, lang: 'ru', acceptDownloads: true });
    try {
      await retryUntil(async () => expect(await ops.page.getByTestId('bookings-row-guest').count()).toBeGreaterThan(0), 15_000);
      // The short Russian titles are whole ('Взр', not 'В…').
      const cut = `[...document.querySelectorAll('.ag-header-cell')].filter((h) => ['ad', 'ch', 'inf', 'foc', 'collect'].includes(h.getAttribute('col-id'))).map((h) => h.querySelector('.tbo-th__text')).filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent)`;
      expect(await ops.page.evaluate(cut)).toEqual([]);
      // The sums and, with Clara's cancelled booking among them, how many guests are coming.
      const sumTexts = async () => Promise.all(['ad', 'ch', 'inf', 'foc'].map(async (k) => (await ops.page.getByTestId(`bookings-sum-${k}`).textContent())!.replace(/\s+/g, ' ').trim()));
      await retryUntil(async () => expect(await sumTexts()).toEqual(['Взрослые: 10 (едут 9)', 'Дети: 3 (едут 1)', 'Младенцы: 2 (едут 1)', 'Бесплатные: 1 (едут 1)']), 10_000);
      // On one line under the grid at 1366 px.
      const sumTops = await Promise.all(['ad', 'foc'].map(async (k) => (await ops.page.getByTestId(`bookings-sum-${k}`).boundingBox())!.y));
      expect(sumTops[1]).toBe(sumTops[0]);
      await shot(ops.page, 'operator-bookings-ru');
      // The export speaks the screen's language: the client sends it, the API writes the sheet in it.
      const download = ops.page.waitForEvent('download');
      await ops.page.getByTestId('bookings-export').click();
      const [header] = await sheetRows(readFileSync((await (await download).path())!));
      expect(header!.slice(0, 4)).toEqual(['№', 'Дата', 'Забронировано', 'Тур']);
      expect(ops.errors).toEqual([]);
    } finally {
      await ops.context.close();
    }
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/commissions', { token: agent, lang: 'ru' });
    try {
      await retryUntil(async () => expect(await page.getByTestId('agent-row-guest').count()).toBeGreaterThan(0), 15_000);
      await shot(page, 'agent-commissions-ru');
      await page.goto('/agent/bookings');
      await retryUntil(async () => expect(await page.getByTestId('agent-row-guest').count()).toBeGreaterThan(0), 15_000);
      await shot(page, 'agent-bookings-ru');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
