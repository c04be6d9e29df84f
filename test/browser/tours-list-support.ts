import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { tokenFor } from '../support/api';
import { fetchContent, webSuite, type WebSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { openApp, retryUntil } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/**
 * The tours list tests' data and helpers (tours-list.test.ts). The tours list (spec 01 §2 Tours list, §4 Tables, §8) against the real API and Postgres: a supplier of its own
 * with tours made through POST /api/tours (one top tour, one deleted, two languages, enough for two pages).
 * Default order by internal name; the tour, language and top filters; a filter change goes back to page 1; the
 * filters in the address bar (reload, back); show deleted; the pencil, the name, Enter on a cell and Add; the
 * export (tours.xlsx with the rows the list shows); offers as links (deleted ones only with show deleted, crossed
 * out) and the offer filter; an API failure as a notification; Russian.
 */
let web: WebSuite;
let token: string;
let categoryId: number;

export const tag = randomBytes(3).toString('hex');
export const L1 = `Lingua ${tag} One`;
export const L2 = `Lingua ${tag} Two`;
export const ids: Record<string, number> = {};
export const languageIds: Record<string, number> = {};
/** Offer ids by internal name. */
export const offerIds: Record<string, number> = {};

export const EXTRA = Array.from({ length: 21 }, (_, i) => `TL-zz-${String(i + 1).padStart(2, '0')}`);
/** Visible (not deleted) tours by internal name, the order the list must show. */
export const VISIBLE = ['TL-alpha', 'TL-Bravo', 'TL-Charlie', 'TL-Echo', ...EXTRA];
export const L2_VISIBLE = ['TL-alpha', 'TL-Echo', ...EXTRA];

export const api = <T>(method: string, path: string, body?: unknown, auth = token) => fetchContent<T>(web.baseUrl, method, path, auth, body);

export const eventually = (check: () => Promise<void>, timeoutMs = 10_000) => retryUntil(check, timeoutMs);

async function createTour(nameInternal: string, nameDisplay: string, language: string, isTopTour = false): Promise<number> {
  const saved = await api<{ id: number }>('POST', '/api/tours', { id: 0, nameInternal, nameDisplay, languageId: languageIds[language], isTopTour, toursCategories: [categoryId], recommendedFor: [0] });
  ids[nameInternal] = saved.id;
  return saved.id;
}

/** Registers the API and the browser (webSuite), then a supplier of its own with the tours, languages and offers the tests read. */
export function toursListSuite(): void {
  web = webSuite();
  beforeAll(setUpToursList, 120_000);
}

async function setUpToursList(): Promise<void> {
  const { supplierId } = await registerTenants(web.app);
  token = await tokenFor(['admin'], { supplierId, email: `tours-list.${tag}@test.local`, fullName: 'Tina Tours' });

  const languageAdmin = await tokenFor(['superadmin'], { supplierId: null });
  for (const [name, suffix] of [
    [L1, 'a'],
    [L2, 'b'],
  ] as const) {
    const code = `t${suffix}-${tag.replace(/[0-9]/g, (d) => String.fromCharCode(97 + Number(d))).slice(0, 4)}`;
    const saved = await api<{ id: number }>('POST', '/api/languages', { id: 0, name, code, isOffers: true, imgUrl: '/flags/xx.svg' }, languageAdmin);
    languageIds[name] = saved.id;
  }
  // A tour category of this run, and both languages and it visible to the tour commands (read models).
  const category = await api<{ id: number }>('POST', '/api/toursCategories', { id: 0, name: `Tours list ${tag}` }, languageAdmin);
  categoryId = category.id;
  await eventually(async () => {
    const sync = await api<{ languages: { id: number }[] }>('GET', '/api/languages/sync');
    expect(sync.languages.map((l) => l.id)).toEqual(expect.arrayContaining(Object.values(languageIds)));
    const categories = await api<{ id?: number; value?: number }[]>('GET', '/api/toursCategories/options');
    expect(categories.map((c) => c.id ?? c.value)).toContain(categoryId);
  }, 20_000);

  // Made in an order that is neither the internal-name nor the display-name order.
  await createTour('TL-Echo', 'Marina Cruise', L2);
  await createTour('TL-Charlie', 'Old Town Walk', L1);
  await createTour('TL-alpha', 'Wadi Walk', L2);
  await createTour('TL-Delta', 'Creek Abra Ride', L1);
  await createTour('TL-Bravo', 'Sunset Dhow', L1, true);
  for (const name of EXTRA) await createTour(name, `Extra tour ${name.slice(-2)}`, L2);
  await api('DELETE', `/api/tours/${ids['TL-Delta']}`);

  // Offers: links in the offers column, one deleted, the offer filter.
  const offer = async (tour: string, nameInternal: string, nameDisplay: string) =>
    (offerIds[nameInternal] = (await api<{ id: number }>('POST', '/api/offers', { id: 0, tourId: ids[tour], nameInternal, nameDisplay, maxNumOfPeople: 10, numberOfHours: 3 })).id);
  await offer('TL-Bravo', 'OF-Bravo-Std', 'Sunset Dhow Standard');
  await offer('TL-Bravo', 'OF-Bravo-Old', 'Sunset Dhow Old');
  await offer('TL-Charlie', 'OF-Charlie-VIP', 'Old Town VIP');
  await api('DELETE', `/api/offers/${offerIds['OF-Bravo-Old']}`);

  // Everything is in the list (the read model follows the commands).
  await eventually(async () => {
    const page = await api<{ entities: { nameInternal: string; isDeleted: boolean }[]; pagingInfo: { totalItems: number } }>('GET', '/api/tours/manageList?showDeleted=true&sortField=id&sortType=ASC');
    expect(page.pagingInfo.totalItems).toBe(26);
    const last = await api<{ entities: { nameInternal: string }[] }>('GET', '/api/tours/manageList?page=2&sortField=id&sortType=ASC');
    expect(last.entities.at(-1)?.nameInternal).toBe(EXTRA.at(-1));
    expect(page.entities.find((t) => t.nameInternal === 'TL-Delta')?.isDeleted).toBe(true);
  }, 20_000);
  await eventually(async () => {
    const rows = await api<{ entities: { nameInternal: string; offers: { id: number }[] }[] }>('GET', `/api/tours/manageList?tourIds=${ids['TL-Bravo']},${ids['TL-Charlie']}&showDeleted=true`);
    expect(rows.entities.find((r) => r.nameInternal === 'TL-Bravo')?.offers.length).toBe(2);
    const options = await api<{ id: number }[]>('GET', '/api/offers/options');
    expect(options.map((o) => o.id)).toContain(offerIds['OF-Charlie-VIP']);
  }, 20_000);
}

// ---------------------------------------------------------------------------------------------------------------

export const open = (path = '/tours', lang?: 'en' | 'ru') => openApp(web.browser, web.baseUrl, path, { token, lang, width: 1440, height: 900 });

export async function visible(page: Page): Promise<string[]> {
  return (await page.getByTestId('tours-row-internal').allTextContents()).map((s) => s.trim());
}

/** Waits until the table shows `expected` (internal names, in order) and is not loading. */
export async function expectRows(page: Page, expected: string[]): Promise<void> {
  await eventually(async () => {
    expect(await page.getByTestId('table-loading').count()).toBe(0);
    expect(await visible(page)).toEqual(expected);
  });
}

/** With SHOTS_DIR=<dir>, a screenshot of the page. */
export const shot = screenshotsTo();

export async function rangeText(page: Page): Promise<string> {
  return ((await page.getByTestId('table-range').textContent()) ?? '').trim();
}

/** The bits of DOM elements the checks read in the page (the test tsconfig has no DOM types). */
export interface El {
  textContent: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest(selector: string): El | null;
}
export interface StyleOf {
  getComputedStyle(el: unknown): { textDecorationLine: string };
}

export const rowOf = (page: Page, name: string) => page.locator(`.ag-row[row-id="${ids[name]}"]`);
export const query = (page: Page) => new URL(page.url()).searchParams;

export async function pickMulti(page: Page, column: string, option: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Filter ${column}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Filter ${column}` });
  await dialog.getByRole('checkbox', { name: option }).check();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}
