import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { tokenFor } from '../support/api';
import { fetchContent, webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { screenshotsTo } from './screenshots';
import { openApp, pathOf, retryUntil, waitUntil } from './shell-helpers';

/** With SHOTS_DIR=<dir>, screenshots for a person to look at. */
const shot = screenshotsTo();

/**
 * The pick-up times screens (spec 02 §2 Pick-up times list and edit, §4 hotel override and save flow, §5, §8, §9)
 * against the real API and Postgres: the required name, region times, a hotel override, a mass set from 00:00,
 * save → the list by name, a reload shows it all; delete with its confirmation; not found → /timeslots.
 */

const web = webSuite({ testTimeoutMs: 180_000 });

const tag = randomBytes(3).toString('hex');
const FIRST = `Airport run ${tag}`;
const MINE = `Morning pick-up ${tag}`;
let token: string;
let otherToken: string;

const api = <T>(method: string, path: string, body?: unknown, auth = token) => fetchContent<T>(web.baseUrl, method, path, auth, body);

interface PickUpTimeAnswer {
  id: number;
  name: string;
  isFixedTime: boolean;
  regionsPickUpTimes: { regionId: number; name: string; timeStart: number | null; timeEnd: number | null }[];
  hotelsPickUpTimes: { hotelId: number; name: string; timeStart: number; timeEnd: number }[];
}

beforeAll(async () => {
  await seedDemo(web.app);
  const { supplierId } = await registerTenants(web.app);
  token = await tokenFor(['admin'], { supplierId, email: `pickuptimes.${tag}@test.local`, fullName: 'Paula Pickup' });
  const other = await registerTenants(web.app);
  otherToken = await tokenFor(['editor'], { supplierId: other.supplierId, email: `pickuptimes.other.${tag}@test.local` });
}, 240_000);

const regionRow = (page: Page, name: string) => page.getByTestId('regions-table-row').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${name}$`) }) });
const hotelRow = (page: Page, name: string) => page.getByTestId('hotels-table-row').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${name}$`) }) });
const times = async (row: Locator) => [await row.getByTestId(/-start$/).inputValue(), await row.getByTestId(/-end$/).inputValue()];
async function setTimes(row: Locator, start: string, end: string): Promise<void> {
  await row.getByTestId(/-start$/).fill(start);
  await row.getByTestId(/-end$/).fill(end);
}
const listNames = (page: Page) => page.getByTestId('pickup-times-table').getByTestId('pickup-row-name').allTextContents();
const notification = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text }).first();

describe('pick-up times', () => {
  it('creates one with region times, a hotel override and a mass set, lists it by name and shows it again after a reload', async () => {
    // Another pick-up time whose name sorts first.
    await api('POST', '/api/pickuptimes', { id: 0, name: FIRST, isFixedTime: true, regionsPickUpTimes: [], hotelsPickUpTimes: [] });

    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/pickuptimes/ADD', { token });
    await page.getByTestId('pickup-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('New pick-up time');
    expect(await page.getByTestId('back-to-pickuptimes').getAttribute('href')).toBe('/pickuptimes');

    // The name is required.
    await page.getByTestId('pickup-save').click();
    const nameError = page.locator('.tbo-field').filter({ hasText: 'Name' }).locator('.tbo-field__error');
    expect(await nameError.textContent()).toBe('Pick up time name is required');
    expect(pathOf(page)).toBe('/pickuptimes/ADD');

    await page.getByRole('textbox', { name: 'Name (required)' }).fill(MINE);
    await nameError.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Is Fixed Time' }).click();

    // Regions: one by hand, two by the mass set (times typed in the dialog).
    const regions = page.getByTestId('regions-table');
    expect(await regions.locator('th').allTextContents()).toEqual(['', 'Region', 'City', 'Start', 'End']);
    await setTimes(regionRow(page, 'Deira'), '0800', '08:30');
    expect(await times(regionRow(page, 'Deira'))).toEqual(['08:00', '08:30']);
    await regionRow(page, 'Bur Dubai').getByRole('checkbox').check();
    await regionRow(page, 'Jumeirah').getByRole('checkbox').check();
    expect(await regions.textContent()).toContain('2 rows selected');
    await page.getByTestId('regions-table-mass-set').click();
    const regionDialog = page.getByTestId('regions-table-mass-set-dialog');
    expect(await regionDialog.textContent()).toContain('Sets the start and end time of the 2 selected rows.');
    expect(await regionDialog.getByTestId('mass-set-start').inputValue()).toBe('00:00');
    expect(await regionDialog.getByTestId('mass-set-end').inputValue()).toBe('00:00');
    await regionDialog.getByTestId('mass-set-start').fill('06:00');
    await regionDialog.getByTestId('mass-set-end').fill('06:30');
    await regionDialog.getByTestId('mass-set-apply').click();
    await regionDialog.waitFor({ state: 'detached' });
    expect(await times(regionRow(page, 'Bur Dubai'))).toEqual(['06:00', '06:30']);
    expect(await times(regionRow(page, 'Jumeirah'))).toEqual(['06:00', '06:30']);
    expect(await times(regionRow(page, 'Deira'))).toEqual(['08:00', '08:30']);

    // Hotels: no overrides yet, so the table comes with the toggle.
    expect(await page.getByTestId('hotels-table').count()).toBe(0);
    await page.getByRole('switch', { name: 'Override hotels pick up times' }).click();
    const hotels = page.getByTestId('hotels-table');
    await hotels.waitFor();
    expect(await hotels.locator('th').allTextContents()).toEqual(['', 'Hotel', 'Region', 'City', 'Start', 'End']);
    expect(await page.getByTestId('hotels-table-row').first().locator('td:nth-child(2)').textContent()).toBe('No Hotel');
    await page.getByTestId('hotels-filter').fill('Hyatt Regency');
    await setTimes(hotelRow(page, 'Hyatt Regency Dubai Corniche'), '07:40', '07:50');
    await page.getByTestId('hotels-filter').fill('');
    // The mass set on the selected hotels, left at its 00:00.
    await hotelRow(page, 'No Hotel').getByRole('checkbox').check();
    await hotelRow(page, 'Armani Hotel Dubai').getByRole('checkbox').check();
    await page.getByTestId('hotels-table-mass-set').click();
    const hotelDialog = page.getByTestId('hotels-table-mass-set-dialog');
    expect(await hotelDialog.getByTestId('mass-set-start').inputValue()).toBe('00:00');
    expect(await hotelDialog.getByTestId('mass-set-end').inputValue()).toBe('00:00');
    await hotelDialog.getByTestId('mass-set-apply').click();
    await hotelDialog.waitFor({ state: 'detached' });
    expect(await times(hotelRow(page, 'No Hotel'))).toEqual(['00:00', '00:00']);
    expect(await times(hotelRow(page, 'Armani Hotel Dubai'))).toEqual(['00:00', '00:00']);
    expect(await times(hotelRow(page, 'Raffles Dubai'))).toEqual(['', '']);
    // With hotel times set, the table cannot be switched away.
    expect(await page.getByRole('switch', { name: 'Override hotels pick up times' }).isDisabled()).toBe(true);

    // A start after its end is refused on the spot.
    await setTimes(regionRow(page, 'Al Barsha'), '10:00', '09:00');
    await page.getByTestId('pickup-save').click();
    expect(await regionRow(page, 'Al Barsha').locator('.pickup-time-cell__error').textContent()).toBe('Pick up start time must not be after its end time');
    await setTimes(regionRow(page, 'Al Barsha'), '', '');

    // Ctrl+S saves, then the list (spec 02 §4), by name.
    await page.keyboard.press('Control+s');
    await page.waitForURL('**/pickuptimes');
    await notification(page, 'Pick-up time saved').waitFor();
    await retryUntil(async () => expect(await listNames(page)).toEqual([FIRST, MINE]), 10_000);
    const fixed = page.getByTestId('pickup-row-fixed');
    expect([await fixed.nth(0).getAttribute('data-on'), await fixed.nth(1).getAttribute('data-on')]).toEqual(['true', 'true']);
    // The name filter.
    await page.getByTestId('pickup-times-table').getByPlaceholder('Filter by name').fill('morning');
    await retryUntil(async () => expect(await listNames(page)).toEqual([MINE]), 10_000);

    // The API was sent the three hotels with a time, no others.
    const list = await api<{ id: number; name: string }[]>('GET', '/api/pickuptimes');
    const savedId = list.find((p) => p.name === MINE)!.id;
    const saved = await api<PickUpTimeAnswer>('GET', `/api/pickuptimes/${savedId}`);
    expect(saved.isFixedTime).toBe(true);
    expect(saved.hotelsPickUpTimes.map((h) => [h.name, h.timeStart, h.timeEnd])).toEqual([
      ['No Hotel', 0, 0],
      ['Armani Hotel Dubai', 0, 0],
      ['Hyatt Regency Dubai Corniche', 460, 470],
    ]);
    expect(saved.regionsPickUpTimes.filter((r) => r.timeStart !== null).map((r) => [r.name, r.timeStart, r.timeEnd])).toEqual(
      expect.arrayContaining([
        ['Deira', 480, 510],
        ['Bur Dubai', 360, 390],
        ['Jumeirah', 360, 390],
      ]),
    );

    // Open it from the list, reload, and see everything; the hotels table shows without the toggle.
    await page.locator(`.ag-row[row-id="${savedId}"] [data-testid=pickup-row-edit]`).click();
    await page.waitForURL(`**/pickuptimes/${savedId}`);
    await page.reload();
    await page.getByTestId('pickup-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(MINE);
    expect(await page.getByRole('textbox', { name: 'Name (required)' }).inputValue()).toBe(MINE);
    expect(await page.getByRole('switch', { name: 'Is Fixed Time' }).getAttribute('aria-checked')).toBe('true');
    expect(await times(regionRow(page, 'Deira'))).toEqual(['08:00', '08:30']);
    expect(await times(regionRow(page, 'Bur Dubai'))).toEqual(['06:00', '06:30']);
    expect(await times(regionRow(page, 'Jumeirah'))).toEqual(['06:00', '06:30']);
    expect(await times(regionRow(page, 'Al Barsha'))).toEqual(['', '']);
    expect(await page.getByRole('switch', { name: 'Override hotels pick up times' }).count()).toBe(0);
    expect(await times(hotelRow(page, 'No Hotel'))).toEqual(['00:00', '00:00']);
    expect(await times(hotelRow(page, 'Armani Hotel Dubai'))).toEqual(['00:00', '00:00']);
    expect(await times(hotelRow(page, 'Hyatt Regency Dubai Corniche'))).toEqual(['07:40', '07:50']);
    expect(await times(hotelRow(page, 'Raffles Dubai'))).toEqual(['', '']);
    expect(await page.getByRole('switch', { name: 'Show deactivated regions' }).getAttribute('aria-checked')).toBe('false');

    // The back link goes to the list.
    await page.getByTestId('back-to-pickuptimes').click();
    await page.waitForURL('**/pickuptimes');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes after asking', async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/pickuptimes', { token });
    await retryUntil(async () => expect(await listNames(page)).toEqual([FIRST, MINE]), 10_000);
    await shot(page, 'pickuptimes-list-en');
    const ru = await openApp(web.browser, web.baseUrl, '/pickuptimes', { token, lang: 'ru' });
    await retryUntil(async () => expect(await listNames(ru.page)).toEqual([FIRST, MINE]), 10_000);
    await shot(ru.page, 'pickuptimes-list-ru');
    await ru.context.close();
    const firstId = (await api<{ id: number; name: string }[]>('GET', '/api/pickuptimes')).find((p) => p.name === FIRST)!.id;
    const del = page.locator(`.ag-row[row-id="${firstId}"] [data-testid=pickup-row-delete]`);

    // Cancel keeps it.
    await del.click();
    const dialog = page.getByTestId('pickup-delete-dialog');
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete the pick-up time '${FIRST}'?`);
    await page.getByTestId('pickup-delete-no').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await listNames(page)).toEqual([FIRST, MINE]);

    await del.click();
    await page.getByTestId('pickup-delete-yes').click();
    await notification(page, 'Pick-up time deleted').waitFor();
    await retryUntil(async () => expect(await listNames(page)).toEqual([MINE]), 10_000);
    // Refresh shows the same.
    await page.getByTestId('pickup-times-table').locator('[data-action=refresh]').click();
    await retryUntil(async () => expect(await listNames(page)).toEqual([MINE]), 10_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends an unknown or another supplier's pick-up time to /timeslots with 'Not found'", async () => {
    const mine = await api<{ id: number }>('POST', '/api/pickuptimes', { id: 0, name: `Not yours ${tag}`, isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] });
    const { page, context } = await openApp(web.browser, web.baseUrl, '/pickuptimes', { token: otherToken });
    await page.getByTestId('pickup-times-table').waitFor();
    for (const path of [`/pickuptimes/${mine.id}`, '/pickuptimes/987654321', '/pickuptimes/12abc']) {
      await page.goto(path);
      await page.waitForURL('**/timeslots');
      const note = notification(page, 'Not found');
      await note.waitFor();
      expect(await note.textContent()).toContain('Time slot group not found or you are not allowed to manage it');
      await waitUntil(page, `location.pathname === '/timeslots'`);
    }
    await context.close();
  });
});
