import type { Locator, Page } from 'playwright-core';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { openApp, type Opened } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/**
 * The tour editor's map picker and Itinerary tab (spec 01 §2 Location details and Itinerary popup, §3, §5, §9),
 * mounted with local state on /controls, which dumps what they report. There is no internet here: the map tiles
 * never load (the page's Content-Security-Policy refuses them too), and nothing may break because of it.
 */
const web = webSuite();
const opened: Opened[] = [];

afterAll(async () => {
  for (const o of opened) await o.context.close().catch(() => undefined);
});

async function open(lang: 'en' | 'ru' = 'en'): Promise<Opened> {
  const o = await openApp(web.browser, web.baseUrl, '/controls', { token: await tokenFor(['admin']), lang, width: 1366, height: 900 });
  opened.push(o);
  await o.page.getByTestId('itinerary-list').waitFor();
  return o;
}

/** With SHOTS_DIR=<dir>, screenshots of the picker and the popup are written there. */
const shot = screenshotsTo();

interface PointDump {
  lat: number | null;
  lng: number | null;
}

const locationSection = (page: Page) => page.locator('section[aria-labelledby="demo-location"]');
const pointDump = async (page: Page): Promise<PointDump> => JSON.parse((await page.getByTestId('demo-location-value').textContent()) ?? 'null') as PointDump;
const itineraryDumpText = async (page: Page): Promise<string> => (await page.getByTestId('demo-itinerary-value').textContent()) ?? '';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const itineraryDump = async (page: Page): Promise<any[]> => JSON.parse(await itineraryDumpText(page)) as any[];

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stops = (dialog: Locator) => dialog.getByTestId('itinerary-stop');
const stopNames = async (dialog: Locator): Promise<string[]> => {
  const out: string[] = [];
  for (let i = 0; i < (await stops(dialog).count()); i++) out.push(await stops(dialog).nth(i).getByLabel('Stop name').inputValue());
  return out;
};
const stopIndexes = async (dialog: Locator): Promise<string[]> => {
  const out: string[] = [];
  for (let i = 0; i < (await stops(dialog).count()); i++) out.push((await stops(dialog).nth(i).getAttribute('data-index')) ?? '');
  return out;
};

describe('location picker', () => {
  it('takes typed coordinates, refuses an out-of-range latitude, and moves the point on a map click', async () => {
    const { page, errors } = await open();
    const section = locationSection(page);
    await section.scrollIntoViewIfNeeded();
    expect(await pointDump(page)).toEqual({ lat: null, lng: null });
    // The map is there with its zoom control, no marker yet.
    await section.locator('.leaflet-control-zoom').waitFor();
    expect(await section.locator('.leaflet-marker-icon').count()).toBe(0);

    const lat = section.getByLabel('Latitude');
    const lng = section.getByLabel('Longitude');
    await lat.fill('25.1972');
    await lng.fill('55.2744');
    expect(await pointDump(page)).toEqual({ lat: 25.1972, lng: 55.2744 });
    await waitFor(async () => (await section.locator('.leaflet-marker-icon').count()) === 1, 'the marker');

    // Out of range: an error, the value stays.
    await lat.fill('95');
    await section.getByText('Latitude must be between -90 and 90').waitFor();
    expect(await lat.getAttribute('aria-invalid')).toBe('true');
    expect(await pointDump(page)).toEqual({ lat: 25.1972, lng: 55.2744 });
    await lng.fill('-181');
    await section.getByText('Longitude must be between -180 and 180').waitFor();
    expect(await pointDump(page)).toEqual({ lat: 25.1972, lng: 55.2744 });
    await lng.fill('abc');
    await section.getByText('Enter a number, for example 25.1972').waitFor();
    expect(await pointDump(page)).toEqual({ lat: 25.1972, lng: 55.2744 });

    // A click on the map (right of and below the centre, away from the marker) moves the point there.
    const map = section.getByTestId('location-map');
    const box = (await map.boundingBox())!;
    const markerBefore = (await section.locator('.leaflet-marker-icon').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60);
    await waitFor(async () => (await pointDump(page)).lng !== 55.2744, 'the point to move');
    const moved = await pointDump(page);
    expect(moved.lng!).toBeGreaterThan(55.2744);
    expect(moved.lat!).toBeLessThan(25.1972);
    // At zoom 18 (a typed point) 120 px is a few hundred metres at most.
    expect(moved.lng! - 55.2744).toBeLessThan(0.01);
    expect(25.1972 - moved.lat!).toBeLessThan(0.01);
    // The inputs follow (on the render after the point's), their errors gone; the marker went where the click was.
    await waitFor(async () => (await lat.inputValue()) === String(moved.lat) && (await lng.inputValue()) === String(moved.lng), 'the inputs to follow the point');
    expect(await section.locator('[role=alert]').count()).toBe(0);
    await shot(page, 'location-picker');
    const markerAfter = (await section.locator('.leaflet-marker-icon').boundingBox())!;
    expect(Math.round(markerAfter.x - markerBefore.x)).toBeGreaterThan(100);

    // Clearing empties both.
    await section.getByRole('button', { name: 'Clear point' }).click();
    expect(await pointDump(page)).toEqual({ lat: null, lng: null });
    expect(await section.locator('.leaflet-marker-icon').count()).toBe(0);

    // Without tiles the map still works, and says so.
    await section.getByText('The map background could not be loaded', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('itinerary list and popup', () => {
  it('adds, validates, orders and saves stops with minutes and HH:MM; Escape cancels', async () => {
    const { page, errors } = await open();
    const list = page.getByTestId('itinerary-list');
    await list.scrollIntoViewIfNeeded();
    expect(await itineraryDump(page)).toEqual([]);
    await list.getByText('No itineraries yet', { exact: false }).waitFor();

    // Add: the popup opens with one empty stop, the name field focused.
    await list.getByRole('button', { name: 'Add itinerary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add itinerary' });
    await dialog.waitFor();
    expect(await stops(dialog).count()).toBe(1);
    expect(await stopNames(dialog)).toEqual(['']);
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('itin-name');
    expect(await dialog.getByTestId('itinerary-no-stops').count()).toBe(0);
    await dialog.getByText('No stop has a map point yet', { exact: false }).waitFor();

    // Save without names: both required messages, nothing saved.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Itinerary name is required', { exact: true }).waitFor();
    await dialog.getByText('itinerary stop name is required', { exact: true }).waitFor();
    await shot(page, 'itinerary-required');
    expect(await dialog.isVisible()).toBe(true);
    expect(await itineraryDump(page)).toEqual([]);

    // Fill in; the time inputs revert wrong characters and put the colon in.
    await dialog.getByLabel('Itinerary name').fill('Desert day');
    await dialog.getByText('Itinerary name is required').waitFor({ state: 'detached' });
    const first = stops(dialog).nth(0);
    await first.getByLabel('Stop name').fill('Hotel pickup');
    await first.getByLabel('Time', { exact: true }).pressSequentially('0x8a30');
    expect(await first.getByLabel('Time', { exact: true }).inputValue()).toBe('08:30');
    await first.getByLabel('Time end').pressSequentially('084599');
    expect(await first.getByLabel('Time end').inputValue()).toBe('08:45');
    await first.getByLabel('Address').fill('Dubai Marina');

    // A second stop, with a map point typed in its (folded) map part.
    await dialog.getByRole('button', { name: 'Add stop' }).click();
    expect(await stops(dialog).count()).toBe(2);
    const second = stops(dialog).nth(1);
    await second.getByLabel('Stop name').fill('Dunes');
    await second.getByLabel('Time', { exact: true }).pressSequentially('1915');
    expect(await second.getByLabel('Time', { exact: true }).inputValue()).toBe('19:15');
    await second.getByRole('button', { name: /Map point/ }).click();
    await second.getByLabel('Latitude').fill('24.9');
    await second.getByLabel('Longitude').fill('55.6');
    const route = dialog.getByTestId('route-preview');
    await waitFor(async () => (await route.getAttribute('data-points')) === '1', 'the route preview to show the stop');
    expect(await route.locator('.loc-route-pin').textContent()).toBe('2');
    await shot(page, 'itinerary-popup');

    // A third stop; move 'Dunes' up; delete the third: indexes 1..n.
    await dialog.getByRole('button', { name: 'Add stop' }).click();
    await stops(dialog).nth(2).getByLabel('Stop name').fill('Extra');
    expect(await stopIndexes(dialog)).toEqual(['1', '2', '3']);
    await dialog.getByRole('button', { name: 'Move stop 2 up' }).click();
    expect(await stopNames(dialog)).toEqual(['Dunes', 'Hotel pickup', 'Extra']);
    expect(await route.locator('.loc-route-pin').textContent()).toBe('1');
    await dialog.getByRole('button', { name: 'Delete stop 3' }).click();
    expect(await stopNames(dialog)).toEqual(['Dunes', 'Hotel pickup']);
    expect(await stopIndexes(dialog)).toEqual(['1', '2']);
    expect(await dialog.getByRole('button', { name: 'Move stop 1 up' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Move stop 2 down' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await itineraryDump(page);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: 0, index: 1, tourId: 0, name: 'Desert day' });
    expect(saved[0].guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(saved[0].stops).toEqual([
      expect.objectContaining({ index: 1, itineraryId: 0, name: 'Dunes', time: 1155, timeDescription: '19:15', timeEnd: 0, timeEndDescription: '', lat: 24.9, lng: 55.6 }),
      expect.objectContaining({ index: 2, itineraryId: 0, name: 'Hotel pickup', time: 510, timeDescription: '08:30', timeEnd: 525, timeEndDescription: '08:45', address: 'Dubai Marina', lat: null, lng: null }),
    ]);
    expect(new Set(saved[0].stops.map((s: { guid: string }) => s.guid)).size).toBe(2);
    await shot(page, 'itinerary-list');
    const row = list.getByTestId('itinerary-row');
    expect(await row.count()).toBe(1);
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('Desert day2 stops');

    // A second itinerary without stops: the warning shows, and does not block Save.
    await list.getByRole('button', { name: 'Add itinerary' }).click();
    const dialog2 = page.getByRole('dialog', { name: 'Add itinerary' });
    await dialog2.getByLabel('Itinerary name').fill('Evening');
    await dialog2.getByRole('button', { name: 'Delete stop 1' }).click();
    await dialog2.getByText('Warning: Please add at least on stop', { exact: true }).waitFor();
    await dialog2.getByRole('button', { name: 'Save' }).click();
    await dialog2.waitFor({ state: 'detached' });
    expect((await itineraryDump(page)).map((i) => [i.index, i.name, i.stops.length])).toEqual([
      [1, 'Desert day', 2],
      [2, 'Evening', 0],
    ]);

    // Move up re-indexes the list.
    await list.getByRole('button', { name: 'Move Evening up' }).click();
    expect((await itineraryDump(page)).map((i) => [i.index, i.name])).toEqual([
      [1, 'Evening'],
      [2, 'Desert day'],
    ]);

    // Escape cancels an edit without changes (also with the focus in a field).
    const before = await itineraryDumpText(page);
    await list.getByRole('button', { name: 'Edit Desert day' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit itinerary' });
    await edit.waitFor();
    expect(await stopNames(edit)).toEqual(['Dunes', 'Hotel pickup']);
    expect(await stops(edit).nth(0).getByLabel('Time', { exact: true }).inputValue()).toBe('19:15');
    await edit.getByLabel('Itinerary name').fill('Changed');
    await edit.getByRole('button', { name: 'Delete stop 1' }).click();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await itineraryDumpText(page)).toBe(before);
    // ...and the focus is back on the button that opened it.
    expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe('Edit Desert day');

    // Escape on a new one adds nothing; Cancel neither.
    await list.getByRole('button', { name: 'Add itinerary' }).click();
    await page.getByRole('dialog', { name: 'Add itinerary' }).getByLabel('Itinerary name').fill('Never');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await list.getByRole('button', { name: 'Add itinerary' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await itineraryDumpText(page)).toBe(before);

    // Delete re-indexes from 1.
    await list.getByRole('button', { name: 'Delete Evening' }).click();
    expect((await itineraryDump(page)).map((i) => [i.index, i.name])).toEqual([[1, 'Desert day']]);

    expect(errors).toEqual([]);
  });

  it('keeps Tab inside the popup', async () => {
    const { page, errors } = await open();
    await page.getByTestId('itinerary-list').getByRole('button', { name: 'Add itinerary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add itinerary' });
    await dialog.waitFor();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate('!!document.activeElement.closest("[role=dialog]")')).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate('!!document.activeElement.closest("[role=dialog]")')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('speaks Russian', async () => {
    const { page, errors } = await open('ru');
    const list = page.getByTestId('itinerary-list');
    await list.getByRole('button', { name: 'Добавить маршрут' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый маршрут' });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Укажите название маршрута').waitFor();
    await dialog.getByText('Укажите название остановки').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await locationSection(page).getByLabel('Широта').fill('100');
    await locationSection(page).getByText('Широта должна быть от -90 до 90').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
  });
});
