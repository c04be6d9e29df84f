import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { findUserByEmail, waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { generateSampleTours } from '../../frontend/src/features/demo/sample-data';
import { tokenFor } from '../support/api';
import { watchPageErrors, webSuite } from '../support/browser';
import { bookingsSettled, seedBooking, type SeededBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';
import { apiOf } from './catalog-helpers';
import { openApp, pathOf, retryUntil } from './shell-helpers';

/**
 * The lists' tables by keyboard and across Back, against the real API and Postgres: the agent list's filter, switch
 * and page come back with Back from a booking; Enter on a cell with buttons reaches them instead of opening the
 * booking, and Escape returns to the cell; the date range filter's panel gives the focus back to its filter; the
 * focus stays in the grid after an inline edit and after a confirmed delete; the time slots list shows a pick-up
 * time deleted meanwhile as gone.
 */

const web = webSuite({ testTimeoutMs: 180_000 });
const api = apiOf(web);

const tag = randomBytes(3).toString('hex');
const today = dubaiToday();
let agent: string;
let admin: string;
/** The agent's bookings: 22 for 'Anna' (two pages of 20 when filtered), a day apart from today on, and one for 'Boris'. */
const annas: SeededBooking[] = [];
let boris: SeededBooking;

beforeAll(async () => {
  const { supplierId, agencyId } = await registerTenants(web.app);
  // An agency admin: 'Only my bookings' is offered to those whose lists hold others' bookings too.
  agent = await tokenFor(['agent'], { agencyId, supplierId: null, isAgencyAdmin: true, email: `keys.agent.${tag}@test.local`, fullName: 'Kira Keys' });
  admin = await tokenFor(['admin'], { supplierId, email: `keys.admin.${tag}@test.local`, fullName: 'Adam Admin' });
  const agentId = (await findUserByEmail(web.app.get<Knex>(KNEX), `keys.agent.${tag}@test.local`))!.id;
  const base = { supplierId, agencyId, agentId, staffAgentId: null, tourName: `Keys ${tag}` };
  for (let i = 0; i < 22; i++) annas.push(await seedBooking(web.app, { ...base, date: addDays(today, i), guestName: `Anna ${tag} ${String(i + 1).padStart(2, '0')}` }));
  boris = await seedBooking(web.app, { ...base, date: addDays(today, 30), guestName: `Boris ${tag}` });
  await bookingsSettled(web.app, boris.position);
}, 240_000);

const query = (page: Page) => new URL(page.url()).searchParams;

/** Where the focus is: a grid cell by its row id and column, or the element's test id (or tag). */
function focused(page: Page): Promise<{ rowId: string | null; colId: string | null } | { testId: string | null; tag: string }> {
  // A script as text: the root tsconfig has no DOM types.
  return page.evaluate(`(() => {
    const a = document.activeElement;
    if (a && a.classList.contains('ag-cell')) return { rowId: a.closest('.ag-row')?.getAttribute('row-id') ?? null, colId: a.getAttribute('col-id') };
    return { testId: a?.getAttribute('data-testid') ?? null, tag: a?.tagName ?? '' };
  })()`);
}

/** A client-side move to `path` (as a link would do it): the app's state, its cached queries included, stays. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
  await page.waitForURL((u) => u.pathname + u.search === path);
}

describe('tables by keyboard and across Back', () => {
  it("Back from a booking shows the agent list's filter, switch and page again, all kept in the address", async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/bookings', { token: agent });
    const table = page.getByTestId('agent-bookings-table');
    const guests = () => table.getByTestId('agent-row-guest').allTextContents();
    await retryUntil(async () => expect(await guests()).toContain(`Boris ${tag}`), 15_000);
    expect(pathOf(page)).toBe('/agent/bookings');

    await page.getByRole('switch', { name: 'Only my bookings' }).click();
    await retryUntil(async () => expect(query(page).get('mine')).toBe('true'), 10_000);
    const search = table.getByRole('textbox', { name: 'Filter Guest' });
    await search.fill(`anna ${tag}`);
    await search.press('Enter');
    await retryUntil(async () => expect(await page.getByTestId('table-range').textContent()).toBe('1–20 of 22'), 15_000);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    // Newest first: the second page holds the two earliest.
    await retryUntil(async () => expect(await guests()).toEqual([`Anna ${tag} 02`, `Anna ${tag} 01`]), 15_000);
    expect(Object.fromEntries(query(page))).toEqual({ q: `anna ${tag}`, mine: 'true', page: '2' });

    await table.locator(`.ag-row[row-id="${annas[0]!.id}"] [col-id="guestName"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/agent/bookings/details/${annas[0]!.id}`);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/agent/bookings');
    await retryUntil(async () => expect(await guests()).toEqual([`Anna ${tag} 02`, `Anna ${tag} 01`]), 15_000);
    expect(await search.inputValue()).toBe(`anna ${tag}`);
    expect(await page.getByRole('switch', { name: 'Only my bookings' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(Object.fromEntries(query(page))).toEqual({ q: `anna ${tag}`, mine: 'true', page: '2' });

    // A reload too; and a filter change goes back to page 1, which the address drops.
    await page.reload();
    await retryUntil(async () => expect(await guests()).toEqual([`Anna ${tag} 02`, `Anna ${tag} 01`]), 15_000);
    await search.fill(`boris ${tag}`);
    await search.press('Enter');
    await retryUntil(async () => expect(await guests()).toEqual([`Boris ${tag}`]), 15_000);
    expect(Object.fromEntries(query(page))).toEqual({ q: `boris ${tag}`, mine: 'true' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Enter on a Documents cell goes to its buttons, not the booking; Escape returns to the cell; Enter elsewhere opens the booking", async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/bookings', { token: agent });
    const table = page.getByTestId('agent-bookings-table');
    const id = boris.id;
    // The grid draws only the columns in view: from the guest's cell, right along the row to the documents.
    const guest = table.locator(`.ag-row[row-id="${id}"] [col-id="guestName"]`).first();
    await guest.waitFor();
    await guest.focus();
    for (let i = 0; i < 20 && ((await focused(page)) as { colId?: string }).colId !== 'documents'; i++) await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toEqual({ rowId: String(id), colId: 'documents' });

    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ testId: 'agent-row-invoice' });
    expect(pathOf(page)).toBe('/agent/bookings');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ testId: 'agent-row-voucher-eng' });
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ testId: 'agent-row-voucher-rus' });
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ testId: 'agent-row-voucher-eng' });
    await page.keyboard.press('Escape');
    expect(await focused(page)).toEqual({ rowId: String(id), colId: 'documents' });
    // Past the last button is the cell again, not the next row's buttons.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ rowId: String(id), colId: 'documents' });
    expect(pathOf(page)).toBe('/agent/bookings');

    // The grid's arrows still move between cells; Enter on a cell without buttons opens the booking.
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toEqual({ rowId: String(id), colId: 'notes' });
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/agent/bookings/details/${id}`);
    // A row itself focused (a click beside its cells) opens with Enter too.
    await page.goBack();
    await table.locator(`.ag-row[row-id="${id}"]`).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/agent/bookings/details/${id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Tab enters the grid once, on a cell: the arrows move between rows, Enter opens one, Tab leaves the grid', async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/bookings', { token: agent });
    const table = page.getByTestId('agent-bookings-table');
    await retryUntil(async () => expect(await table.getByTestId('agent-row-guest').count()).toBeGreaterThan(2), 15_000);
    // The grid element is named after the table.
    expect(await table.locator('[role="grid"]').getAttribute('aria-label')).toBeTruthy();
    // Rows are no Tab stops: only one cell of the body is.
    const stops = `document.querySelectorAll('[data-testid="agent-bookings-table"] .ag-row[row-index] :is([tabindex="0"], a[href]:not([tabindex="-1"]), button:not([tabindex="-1"]))').length + document.querySelectorAll('[data-testid="agent-bookings-table"] .ag-row[row-index][tabindex="0"]').length`;
    expect(await page.evaluate(stops)).toBe(1);
    const rowAt = (index: number) => table.locator(`.ag-row[row-index="${index}"]`).first().getAttribute('row-id');
    const [first, second] = [await rowAt(0), await rowAt(1)];

    // From the header's filter row, Tab past its last control reaches a cell of the first row, not each row in turn.
    await table.getByRole('textbox', { name: 'Filter Guest' }).focus();
    for (let i = 0; i < 30 && !('rowId' in (await focused(page))); i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ rowId: first });
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ rowId: second });
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toMatchObject({ rowId: first });
    await page.keyboard.press('ArrowDown');

    // Tab leaves the grid (to the pager, not the next row); Shift+Tab comes back to the same cell.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(`!!document.activeElement.closest('.ag-row')`)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ rowId: second });
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/agent/bookings/details/${second}`);
    // The booking's page says what it is: its title has the focus.
    await retryUntil(async () => expect(await page.evaluate(`document.activeElement?.getAttribute('data-testid')`)).toBe('page-title'), 10_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the date range filter's panel: Tab past either end and Done close it and give the focus back to the filter", async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/agent/bookings', { token: agent });
    const anchor = page.getByRole('button', { name: /^Filter Date/ });
    const panel = page.getByRole('dialog', { name: 'Date' });
    const isAnchor = async () => ((await page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? ''`)) as string).startsWith('Filter Date:');

    // Shift+Tab from the first field (it has the focus when the panel opens).
    await anchor.click();
    await panel.waitFor();
    await page.keyboard.press('Shift+Tab');
    await panel.waitFor({ state: 'detached' });
    expect(await isAnchor()).toBe(true);

    // Tab past Done, the last control.
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'detached' });
    expect(await isAnchor()).toBe(true);

    // Done, after choosing a date: the filter applies and keeps the focus.
    await page.keyboard.press('Enter');
    await panel.waitFor();
    const from = `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`;
    await page.keyboard.type(from.replace(/\./g, ''));
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await isAnchor()).toBe(true);
    await retryUntil(async () => expect(query(page).get('date')).toBe(`${today}..`), 10_000);

    // A 'to' before the 'from' asks for nothing until it is put right, and says why.
    await page.keyboard.press('Enter');
    const yesterday = addDays(today, -1);
    await panel.locator('input').nth(1).fill(`${yesterday.slice(8, 10)}.${yesterday.slice(5, 7)}.${yesterday.slice(0, 4)}`);
    expect(await panel.getByRole('alert').textContent()).toBe('The start date is after the end date: the filter waits until it is not.');
    await retryUntil(async () => expect(query(page).get('date')).toBeNull(), 10_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the focus stays on the cell after an inline edit is saved or cancelled', async () => {
    const context = await web.browser.newContext({ baseURL: web.baseUrl, viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/account/login');
    // Where the shell keeps the token and the language.
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(admin)}); localStorage.setItem('lang', 'en')`);
    await page.goto('/testtablefull');
    const table = page.getByTestId('test-table');
    const first = generateSampleTours()[0]!;
    const name = table.locator(`.ag-row[row-id="${first.id}"] [col-id="name"]`);
    const editor = page.getByRole('textbox', { name: 'Tour', exact: true });
    const onName = { rowId: String(first.id), colId: 'name' };

    // Double click, type, Enter saves: the focus is on the cell, not lost to the page.
    await name.dblclick();
    await editor.fill('Kept in the grid');
    await editor.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await retryUntil(async () => expect(await name.textContent()).toBe('Kept in the grid'), 10_000);
    await retryUntil(async () => expect(await focused(page)).toEqual(onName), 5_000);

    // By keyboard alone: Enter edits the focused row, Escape cancels, and the focus is back on the cell.
    await page.keyboard.press('Enter');
    await editor.waitFor();
    await page.keyboard.type(' not kept');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await retryUntil(async () => expect(await focused(page)).toEqual(onName), 5_000);
    expect(await name.textContent()).toBe('Kept in the grid');

    // Save by its button: the focus goes back to the row's actions cell.
    await page.keyboard.press('Enter');
    await editor.fill('Saved by the button');
    await table.locator(`.ag-row[row-id="${first.id}"]`).getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await retryUntil(async () => expect(await focused(page)).toEqual({ rowId: String(first.id), colId: '__actions' }), 5_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a confirmed delete leaves the focus on the row now in its place; the time slots list then shows the pick-up time gone', async () => {
    const settled = (projection: string, position: unknown) => waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), projection, position as string, 10_000);
    const made: { id: number; name: string }[] = [];
    for (const name of [`A pick-up ${tag}`, `B pick-up ${tag}`, `C pick-up ${tag}`]) {
      const saved = await api('POST', '/api/pickuptimes', admin, { id: 0, name, isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] });
      expect(saved.status).toBe(200);
      made.push({ id: saved.body.Content.id as number, name });
      await settled('pickup_times', saved.body.Content.position);
    }
    const [, doomed, next] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const group = await api('POST', '/api/timeslots/group', admin, { id: 0, name: `Keys group ${tag}`, capacity: 10, minimumAdvancedBooking: 0, pickUpTimeId: doomed.id });
    expect(group.status).toBe(200);
    await settled('time_slot_groups', group.body.Content.position);

    // The time slots list first: the pick-up time names are read (and cached) with it.
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/timeslots', { token: admin });
    const pickUpCell = page.locator(`[data-testid=groups-table] .ag-row[row-id="${group.body.Content.id as number}"] [col-id="pickUpTimeName"]`);
    await retryUntil(async () => expect(await pickUpCell.textContent()).toBe(doomed.name), 15_000);

    // A pick-up time a group uses is not deleted: the group lets it go first (behind the page's back, so the list's
    // cached name goes only with the delete's own refresh).
    const read = await api('GET', `/api/timeslots/groups/${group.body.Content.id as number}`, admin);
    const freed = await api('PUT', '/api/timeslots/group', admin, { ...read.body.Content, pickUpTimeId: null });
    expect(freed.status).toBe(200);
    await settled('time_slot_groups', freed.body.Content.position);

    await goInApp(page, '/pickuptimes');
    const list = page.getByTestId('pickup-times-table');
    const names = () => list.getByTestId('pickup-row-name').allTextContents();
    await retryUntil(async () => expect(await names()).toEqual(made.map((m) => m.name)), 15_000);
    // The delete cell of the middle row, by keyboard: Enter asks, Yes deletes.
    await list.locator(`.ag-row[row-id="${doomed.id}"] [col-id="remove"]`).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('pickup-delete-yes').click();
    await retryUntil(async () => expect(await names()).toEqual([made[0]!.name, next.name]), 15_000);
    await retryUntil(async () => expect(await focused(page)).toEqual({ rowId: String(next.id), colId: 'remove' }), 5_000);

    // Back on the time slots list, the deleted pick-up time's name is not shown from the old cache.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/timeslots');
    await retryUntil(async () => expect(await pickUpCell.textContent()).toBe('None'), 15_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
