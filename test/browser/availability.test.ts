import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locator, Page } from 'playwright-core';
import { EVENT_STORE, IdGenerator, KNEX, systemContext, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { addDays, DepartureSeats, dubaiToday } from '@tbo/scheduling';
import { tokenFor } from '../support/api';
import { fetchContent, webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { openApp, pathOf, retryUntil } from './shell-helpers';

/**
 * The availability chart (/availability, the Manage menu's Availability Chart) against the real API and Postgres:
 * slots × 14 days with weekday and DD.MM headers, a legend, scrolling by week; closing a day and giving one a
 * capacity of its own through the day's dialog (by mouse and by keyboard), and a reload still shows both.
 */

const web = webSuite({ testTimeoutMs: 180_000 });

const tag = randomBytes(3).toString('hex');
const today = dubaiToday();
let token: string;
let supplierId: number;
let shared: number;
let morning: number;
let independent: { groupId: number; monday: number; daily: number };

const api = <T>(method: string, path: string, body?: unknown) => fetchContent<T>(web.baseUrl, method, path, token, body);
const group = (name: string, over: object = {}) => api<{ id: number }>('POST', '/api/timeslots/group', { id: 0, name, capacity: 40, minimumAdvancedBooking: 2, pickUpTimeId: null, isTimeSlotsIndependant: false, ...over });
const slot = (groupId: number, name: string, over: object = {}) =>
  api<{ id: number; position: string }>('POST', '/api/timeslots', { id: 0, groupId, name, timeType: 0, startTimeDescription: '08:00', endTimeDescription: '11:00', duration: 180, type: 0, daysOfferedList: [0], ...over });

beforeAll(async () => {
  ({ supplierId } = await registerTenants(web.app));
  token = await tokenFor(['editor'], { supplierId, email: `availability.${tag}@test.local`, fullName: 'Ava Ability' });
  shared = (await group(`Desert safari ${tag}`)).id;
  morning = (await slot(shared, 'Morning')).id;
  await slot(shared, 'Evening', { startTimeDescription: '15:30' });
  const balloon = (await group(`Balloon ${tag}`, { capacity: 10, isTimeSlotsIndependant: true })).id;
  const monday = await slot(balloon, 'Sunrise', { startTimeDescription: '05:30', capacity: 6, daysOfferedList: [1] });
  const daily = await slot(balloon, 'Dawn', { startTimeDescription: '04:45', capacity: 9 });
  independent = { groupId: balloon, monday: monday.id, daily: daily.id };
}, 240_000);

const row = (page: Page, groupId: number, timeSlotId: number | null = null) => page.locator(`[data-testid="availability-row"][data-group-id="${groupId}"][data-time-slot-id="${timeSlotId ?? ''}"]`);
const cell = (r: Locator, date: string) => r.locator(`[data-testid="availability-cell"][data-date="${date}"]`);
const dialog = (page: Page) => page.getByTestId('availability-dialog');

describe('availability chart', () => {
  it('close a date on the availability chart; reload and see it', async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/availability', { token });
    await page.getByTestId('availability-grid').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Availability Chart');
    // 14 days from today, each headed by its weekday and DD.MM.
    const heads = page.getByTestId('availability-day-head');
    expect(await heads.count()).toBe(14);
    expect(await heads.first().textContent()).toMatch(new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)${today.slice(8, 10)}\\.${today.slice(5, 7)}$`));
    // The shared group is one row (its slots named beside it); the independent group's slots are rows of their own, by time.
    const safari = row(page, shared);
    expect(await safari.getByTestId('availability-row-head').textContent()).toBe(`Desert safari ${tag}08:00 · Morning, Evening`);
    expect(await cell(safari, today).textContent()).toBe('40 / 40');
    const balloonHeads = await page.locator(`[data-testid="availability-row"][data-group-id="${independent.groupId}"] [data-testid="availability-row-head"]`).allTextContents();
    expect(balloonHeads).toEqual([`Balloon ${tag} / Dawn04:45`, `Balloon ${tag} / Sunrise05:30`]);
    const sunrise = row(page, independent.groupId, independent.monday);
    expect(await sunrise.locator('[data-status="notOffered"]').count()).toBe(12);
    expect(await page.getByTestId('availability-legend').locator('li').count()).toBe(6);

    // Close a date with the mouse.
    const date = addDays(today, 2);
    await cell(safari, date).click();
    await dialog(page).waitFor();
    expect(await dialog(page).textContent()).toContain("The group's capacity: 40");
    await page.getByTestId('availability-close').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await cell(safari, date).getAttribute('data-status')).toBe('closed');

    // A capacity of its own, from the keyboard: focus the first day, three steps right, Enter.
    await cell(safari, today).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate('document.activeElement.dataset.date')).toBe(addDays(today, 3));
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    // What the box does not take as typed, it says: the point of '1.5' in a whole number, a value past the most seats.
    await page.getByTestId('availability-capacity').fill('');
    await page.getByTestId('availability-capacity').pressSequentially('1.5');
    expect([await page.getByTestId('availability-capacity').inputValue(), await page.getByTestId('availability-capacity-notice').textContent()]).toEqual(['15', 'Whole numbers only']);
    await page.getByTestId('availability-capacity').fill('5000000');
    expect([await page.getByTestId('availability-capacity').inputValue(), await page.getByTestId('availability-capacity-notice').textContent()]).toEqual(['999999', 'At most 999,999: changed to 999,999']);
    await page.getByTestId('availability-capacity').fill('5');
    await page.getByTestId('availability-set-capacity').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await cell(safari, addDays(today, 3)).textContent()).toBe('5 / 5');

    // Reload: both come back from the read model.
    await page.reload();
    await page.getByTestId('availability-grid').waitFor();
    await retryUntil(async () => {
      expect(await cell(row(page, shared), date).getAttribute('data-status')).toBe('closed');
      expect(await cell(row(page, shared), addDays(today, 3)).textContent()).toBe('5 / 5');
    }, 10_000);
    expect(await cell(row(page, shared), addDays(today, 3)).getAttribute('class')).toContain('is-own');

    // Reopen it; the capacity goes back to the group's.
    await cell(row(page, shared), date).click();
    await page.getByTestId('availability-reopen').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await cell(row(page, shared), date).getAttribute('data-status')).toBe('open');
    await cell(row(page, shared), addDays(today, 3)).click();
    await page.getByTestId('availability-use-base').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await cell(row(page, shared), addDays(today, 3)).textContent()).toBe('40 / 40');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before closing a day with guests booked, saying they stay booked; by keyboard; a closed day shows 0 left', async () => {
    // Four seats taken as a booking takes them, on the shared group's day in four days.
    const date = addDays(today, 4);
    const seats = web.app.get(DepartureSeats);
    const claim = { bookingId: await web.app.get(IdGenerator).next('booking'), claimId: randomUUID(), seats: 4 };
    const taken = await seats.take({ slot: (await seats.slot(supplierId, morning))!, date, claim, today, context: systemContext('test') });
    await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'availability', taken.position!, 10_000);

    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/availability', { token });
    const day = cell(row(page, shared), date);
    await retryUntil(async () => expect(await day.textContent()).toBe('36 / 40'), 10_000);
    await day.click();
    await page.getByTestId('availability-close').click();
    const confirm = page.getByTestId('availability-close-confirm');
    expect(await confirm.textContent()).toContain('4 guests are booked on this day; they stay booked. Close it for new sales?');
    // Not closed yet; the answer has the focus, and "Keep it open" leaves the day as it was.
    expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('availability-close-yes');
    await page.getByTestId('availability-close-no').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('availability-close').isEnabled()).toBe(true);
    // From the keyboard: Enter on Close, then Enter on the answer.
    await page.getByTestId('availability-close').focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await day.getAttribute('data-status')).toBe('closed');
    expect(await day.textContent()).toBe('0 / 40');
    // An empty day closes at once, as before.
    await cell(row(page, shared), addDays(date, 1)).click();
    await page.getByTestId('availability-close').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls by week, back to today, and shows past days without changing them', async () => {
    const { page, context } = await openApp(web.browser, web.baseUrl, '/availability', { token });
    await page.getByTestId('availability-grid').waitFor();
    await page.getByTestId('availability-next').click();
    await retryUntil(async () => expect(pathOf(page)).toBe(`/availability?from=${addDays(today, 7)}`), 5000);
    await retryUntil(async () => expect(await page.getByTestId('availability-cell').first().getAttribute('data-date')).toBe(addDays(today, 7)), 10_000);
    await page.getByTestId('availability-previous').click();
    await page.getByTestId('availability-previous').click();
    await retryUntil(async () => expect(await page.getByTestId('availability-cell').first().getAttribute('data-date')).toBe(addDays(today, -7)), 10_000);
    await cell(row(page, shared), addDays(today, -7)).click();
    await dialog(page).waitFor();
    expect(await dialog(page).textContent()).toContain('A date in the past cannot be changed.');
    expect(await page.getByTestId('availability-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('availability-today').click();
    await retryUntil(async () => expect(pathOf(page)).toBe('/availability'), 5000);
    // Back on this week, 'Today' is no longer the highlighted way back.
    await retryUntil(async () => expect(await page.getByTestId('availability-cell').first().getAttribute('data-date')).toBe(today), 10_000);
    await retryUntil(async () => expect(await page.getByTestId('availability-today').getAttribute('class')).not.toContain('tbo-btn--primary'), 5000);
    await context.close();
  });

  it('says it is loading, and offers Retry when the chart could not be read', async () => {
    const { page, context } = await openApp(web.browser, web.baseUrl, '/timeslots', { token });
    await page.getByTestId('page-title').waitFor();
    let calls = 0;
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    // The first read is held back (the loading status), it and the automatic retry fail, Retry reads it for real.
    await page.route(
      (url) => url.pathname === '/api/availability',
      async (route) => {
        calls += 1;
        if (calls === 1) await held;
        if (calls > 2) return route.continue();
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 503, Content: null, ErrorTitle: 'Service unavailable', ErrorMessage: 'Down for a moment' }) });
      },
    );
    await page.goto('/availability');
    const loading = page.getByTestId('availability-loading');
    await loading.waitFor();
    expect(await loading.getAttribute('role')).toBe('status');
    expect((await loading.textContent())?.trim()).toBe('Loading the availability…');
    release();
    const failed = page.getByTestId('availability-load-error');
    await failed.waitFor();
    expect(await failed.getByRole('alert').textContent()).toBe('The availability could not be loaded.');
    await page.getByTestId('availability-retry').click();
    await page.getByTestId('availability-grid').waitFor();
    expect(await failed.count()).toBe(0);
    expect(calls).toBe(3);
    await context.close();
  });

  it('speaks Russian, and the fortnight fits beside the names at 1366 px with three-digit seats', async () => {
    const big = (await group(`Burj ${tag}`, { capacity: 200 })).id;
    await slot(big, 'Entry every 30 minutes');
    const { page, context } = await openApp(web.browser, web.baseUrl, '/availability', { token, lang: 'ru' });
    await page.getByTestId('availability-grid').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('График доступности');
    expect(await page.getByTestId('availability-today').textContent()).toBe('Сегодня');
    await cell(row(page, big), today).getByText('200 / 200').waitFor();
    // The chart scrolls sideways only when it must: two-week planning should not need it on a laptop screen.
    const overflow = await page.evaluate(`(() => { const el = document.querySelector('.availability-grid__scroll'); return el.scrollWidth - el.clientWidth; })()`);
    expect(overflow).toBe(0);
    await context.close();
  });
});
