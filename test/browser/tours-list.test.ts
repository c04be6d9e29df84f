import type { INestApplication } from '@nestjs/common';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tokenFor } from '../support/api';
import { launchBrowser, startWeb } from '../support/browser';
import { registerTenants } from '../support/identity';
import { openApp, pathOf } from './shell-helpers';

/**
 * The tours list (spec 01 §2 Tours list, §4 Tables, §8) against the real API and Postgres: a supplier of its own
 * with tours made through POST /api/tours (one top tour, one deleted, two languages, enough for two pages).
 * Default order by internal name; the tour, language and top filters; a filter change goes back to page 1; the
 * filters in the address bar (reload, back); show deleted; the pencil, the name, Enter on a cell and Add; the
 * export (tours.xlsx with the rows the list shows); offers as links (deleted ones only with show deleted, crossed
 * out) and the offer filter; an API failure as a notification; Russian.
 */
let app: INestApplication;
let baseUrl: string;
let browser: Browser;
let token: string;
let categoryId: number;

const tag = randomBytes(3).toString('hex');
const L1 = `Lingua ${tag} One`;
const L2 = `Lingua ${tag} Two`;
const ids: Record<string, number> = {};
const languageIds: Record<string, number> = {};
/** Offer ids by internal name. */
const offerIds: Record<string, number> = {};

const EXTRA = Array.from({ length: 21 }, (_, i) => `TL-zz-${String(i + 1).padStart(2, '0')}`);
/** Visible (not deleted) tours by internal name, the order the list must show. */
const VISIBLE = ['TL-alpha', 'TL-Bravo', 'TL-Charlie', 'TL-Echo', ...EXTRA];
const L2_VISIBLE = ['TL-alpha', 'TL-Echo', ...EXTRA];

async function api<T>(method: string, path: string, body?: unknown, auth = token): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { IsOk: boolean; Content: T; ErrorMessage: string | null };
  if (!res.ok || !json.IsOk) throw new Error(`${method} ${path}: ${res.status} ${json.ErrorMessage}`);
  return json.Content;
}

async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function createTour(nameInternal: string, nameDisplay: string, language: string, isTopTour = false): Promise<number> {
  const saved = await api<{ id: number }>('POST', '/api/tours', { id: 0, nameInternal, nameDisplay, languageId: languageIds[language], isTopTour, toursCategories: [categoryId], recommendedFor: [0] });
  ids[nameInternal] = saved.id;
  return saved.id;
}

beforeAll(async () => {
  ({ app, baseUrl } = await startWeb());
  browser = await launchBrowser();
  const { supplierId } = await registerTenants(app);
  token = tokenFor(['admin'], { supplierId, email: `tours-list.${tag}@test.local`, fullName: 'Tina Tours' });

  const languageAdmin = tokenFor(['admin']);
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
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

// ---------------------------------------------------------------------------------------------------------------

const open = (path = '/tours', lang?: 'en' | 'ru') => openApp(browser, baseUrl, path, { token, lang, width: 1440, height: 900 });

async function visible(page: Page): Promise<string[]> {
  return (await page.getByTestId('tours-row-internal').allTextContents()).map((s) => s.trim());
}

/** Waits until the table shows `expected` (internal names, in order) and is not loading. */
async function expectRows(page: Page, expected: string[]): Promise<void> {
  await eventually(async () => {
    expect(await page.getByTestId('table-loading').count()).toBe(0);
    expect(await visible(page)).toEqual(expected);
  });
}

/** With TOURS_LIST_SHOTS=<dir>, a screenshot of the page. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.TOURS_LIST_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

async function rangeText(page: Page): Promise<string> {
  return ((await page.getByTestId('table-range').textContent()) ?? '').trim();
}

/** The bits of DOM elements the checks read in the page (the test tsconfig has no DOM types). */
interface El {
  textContent: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest(selector: string): El | null;
}
interface StyleOf {
  getComputedStyle(el: unknown): { textDecorationLine: string };
}

const rowOf = (page: Page, name: string) => page.locator(`.ag-row[row-id="${ids[name]}"]`);
const query = (page: Page) => new URL(page.url()).searchParams;

async function pickMulti(page: Page, column: string, option: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Filter ${column}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Filter ${column}` });
  await dialog.getByRole('checkbox', { name: option }).check();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('tours list', () => {
  it('lists the tours by internal name with name, display name, id, language and star; pages; a filter goes back to page 1 and stays in the address', async () => {
    const { context, page, errors } = await open();
    expect(await page.getByTestId('page-title').textContent()).toBe('Tours');
    await expectRows(page, VISIBLE.slice(0, 20));
    expect(await rangeText(page)).toBe('1–20 of 25');
    expect(pathOf(page)).toBe('/tours');
    expect(await page.title()).toMatch(/^Tours/);
    await shot(page, 'tours-en');

    // One cell: internal name, display name, id; the language; the star only on the top tour.
    const bravo = rowOf(page, 'TL-Bravo');
    expect(await bravo.getByTestId('tours-row-display').textContent()).toBe('Sunset Dhow');
    expect(await bravo.getByTestId('tours-row-id').textContent()).toBe(`#${ids['TL-Bravo']}`);
    expect(await bravo.getByTestId('tours-row-language').textContent()).toBe(L1);
    expect(await rowOf(page, 'TL-alpha').getByTestId('tours-row-language').textContent()).toBe(L2);
    const stars = await page.getByTestId('tours-row-top').evaluateAll((els: unknown[]) => (els as El[]).map((e) => e.getAttribute('data-top')));
    expect(stars).toEqual(VISIBLE.slice(0, 20).map((n) => String(n === 'TL-Bravo')));
    expect(await bravo.getByTestId('tours-row-top').textContent()).toBe('Top tour');

    // Page 2, then a filter: back to page 1.
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expectRows(page, VISIBLE.slice(20));
    expect(query(page).get('page')).toBe('2');
    await pickMulti(page, 'Language', L2);
    await expectRows(page, L2_VISIBLE.slice(0, 20));
    expect(await rangeText(page)).toBe('1–20 of 23');
    expect(query(page).get('page')).toBeNull();
    expect(query(page).get('languageIds')).toBe(String(languageIds[L2]));
    expect(await page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');

    // Sorting: the internal name descending, kept in the address.
    await page.getByRole('button', { name: /^Tour, / }).click();
    await expectRows(page, [...L2_VISIBLE].reverse().slice(0, 20));
    expect(query(page).get('sortField')).toBe('nameInternal');
    expect(query(page).get('sortType')).toBe('DESC');

    // A reload keeps the filter, the page and the sort.
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expectRows(page, [...L2_VISIBLE].reverse().slice(20));
    const before = pathOf(page);
    await page.reload();
    await expectRows(page, [...L2_VISIBLE].reverse().slice(20));
    expect(pathOf(page)).toBe(before);
    expect(await page.getByRole('button', { name: /^Filter Language/ }).getAttribute('aria-label')).toBe(`Filter Language: ${L2}`);
    expect(await page.getByRole('button', { name: /^Tour, / }).getAttribute('data-sort')).toBe('DESC');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('narrows by tour and by top / not top; show deleted reveals the deleted tour styled as cancelled', async () => {
    const { context, page, errors } = await open();
    await expectRows(page, VISIBLE.slice(0, 20));

    await pickMulti(page, 'Tour', /Charlie|Old Town Walk/);
    await expectRows(page, ['TL-Charlie']);
    expect(query(page).get('tourIds')).toBe(String(ids['TL-Charlie']));
    await pickMulti(page, 'Tour', /Echo|Marina Cruise/);
    await expectRows(page, ['TL-Charlie', 'TL-Echo']);
    // Nothing matches: the empty state, with a way out.
    await page.getByRole('combobox', { name: 'Filter Top tour' }).selectOption({ label: 'Top' });
    await expectRows(page, []);
    await page.getByTestId('table-empty').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expectRows(page, VISIBLE.slice(0, 20));
    expect(pathOf(page)).toBe('/tours');

    const top = page.getByRole('combobox', { name: 'Filter Top tour' });
    await top.selectOption({ label: 'Top' });
    await expectRows(page, ['TL-Bravo']);
    expect(query(page).get('top')).toBe('true');
    await top.selectOption({ label: 'Not top' });
    const notTop = VISIBLE.filter((n) => n !== 'TL-Bravo');
    await expectRows(page, notTop.slice(0, 20));
    expect(await rangeText(page)).toBe('1–20 of 24');
    expect(query(page).get('top')).toBe('false');
    await top.selectOption({ label: 'All' });
    await expectRows(page, VISIBLE.slice(0, 20));

    // Show deleted: the deleted tour between Charlie and Echo, crossed out.
    expect(await page.getByTestId('tours-row-internal').filter({ hasText: 'TL-Delta' }).count()).toBe(0);
    const toggle = page.getByRole('switch', { name: 'Show deleted' });
    await toggle.click();
    const withDeleted = ['TL-alpha', 'TL-Bravo', 'TL-Charlie', 'TL-Delta', 'TL-Echo', ...EXTRA];
    await expectRows(page, withDeleted.slice(0, 20));
    expect(await rangeText(page)).toBe('1–20 of 26');
    expect(query(page).get('showDeleted')).toBe('true');
    expect(await rowOf(page, 'TL-Delta').first().getAttribute('class')).toMatch(/\btbo-row--cancelled\b/);
    expect(await rowOf(page, 'TL-Charlie').first().getAttribute('class')).not.toMatch(/tbo-row--cancelled/);
    const deltaStyle = await rowOf(page, 'TL-Delta')
      .first()
      .getByTestId('tours-row-internal')
      .evaluate((el: unknown) => (globalThis as unknown as StyleOf).getComputedStyle((el as El).closest('.tbo-td')).textDecorationLine);
    expect(deltaStyle).toBe('line-through');
    await shot(page, 'tours-deleted-en');

    // With a filter: the deleted tour of L1 too.
    await pickMulti(page, 'Language', L1);
    await expectRows(page, ['TL-Bravo', 'TL-Charlie', 'TL-Delta']);
    await toggle.click();
    await expectRows(page, ['TL-Bravo', 'TL-Charlie']);
    expect(query(page).get('showDeleted')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the pencil, the name, Enter on a cell and Add open the right pages; coming back keeps the filters', async () => {
    const { context, page, errors } = await open('/tours?top=true');
    await expectRows(page, ['TL-Bravo']);
    expect(await page.getByRole('combobox', { name: 'Filter Top tour' }).inputValue()).toBe('true');

    const pencil = rowOf(page, 'TL-Bravo').getByTestId('tours-row-edit');
    expect(await pencil.getAttribute('href')).toBe(`/tours/${ids['TL-Bravo']}`);
    expect(await pencil.getAttribute('aria-label')).toBe('Edit tour TL-Bravo');
    await pencil.click();
    await page.waitForURL((u) => u.pathname === `/tours/${ids['TL-Bravo']}`);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/tours');
    expect(pathOf(page)).toBe('/tours?top=true');
    await expectRows(page, ['TL-Bravo']);

    // The internal name links to the tour as well.
    await rowOf(page, 'TL-Bravo').getByTestId('tours-row-internal').click();
    await page.waitForURL((u) => u.pathname === `/tours/${ids['TL-Bravo']}`);
    await page.goBack();
    await expectRows(page, ['TL-Bravo']);

    // Keyboard: from the language cell, right to the pencil, Enter.
    await rowOf(page, 'TL-Bravo').getByTestId('tours-row-language').click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(`document.activeElement?.getAttribute('col-id')`)).toBe('id');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/tours/${ids['TL-Bravo']}`);
    await page.goBack();
    await expectRows(page, ['TL-Bravo']);

    // The menu's link to /tours (an address from outside the list) starts the list again without filters.
    await page.locator('.main-nav').getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('menuitem', { name: 'Tours' }).click();
    await page.waitForURL((u) => u.pathname === '/tours' && u.search === '');
    await expectRows(page, VISIBLE.slice(0, 20));
    expect(await page.getByRole('combobox', { name: 'Filter Top tour' }).inputValue()).toBe('');

    const add = page.getByRole('link', { name: 'Add tour' });
    expect(await add.getAttribute('href')).toBe('/tours/add');
    await add.click();
    await page.waitForURL((u) => u.pathname === '/tours/add');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports tours.xlsx with the rows the list shows, filtered and sorted', async () => {
    const { context, page, errors } = await open();
    await expectRows(page, VISIBLE.slice(0, 20));
    await page.getByRole('switch', { name: 'Show deleted' }).click();
    await pickMulti(page, 'Language', L1);
    await page.getByRole('button', { name: /^Tour, / }).click(); // descending
    const shown = ['TL-Delta', 'TL-Charlie', 'TL-Bravo'];
    await expectRows(page, shown);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('tours.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    // The columns by header (the server may add more, e.g. the offers).
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const wanted = ['Id', 'Internal name', 'Display name', 'Language', 'Top tour', 'Deleted'];
    expect(headers).toEqual(expect.arrayContaining(wanted));
    const rows: unknown[][] = [];
    for (let i = 2; i <= ws.rowCount; i++) {
      const values = (ws.getRow(i).values as unknown[]).slice(1);
      rows.push(wanted.map((h) => values[headers.indexOf(h)]));
    }
    expect(rows).toEqual([
      [ids['TL-Delta'], 'TL-Delta', 'Creek Abra Ride', L1, 'No', 'Yes'],
      [ids['TL-Charlie'], 'TL-Charlie', 'Old Town Walk', L1, 'No', 'No'],
      [ids['TL-Bravo'], 'TL-Bravo', 'Sunset Dhow', L1, 'Yes', 'No'],
    ]);
    expect(rows.map((r) => r[1])).toEqual(await visible(page));

    // Without filters: every page, in the list's order.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByRole('switch', { name: 'Show deleted' }).click();
    await page.getByRole('button', { name: /^Tour, / }).click(); // descending → no sort: the default
    await expectRows(page, VISIBLE.slice(0, 20));
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load((await readFile((await all.path())!)) as unknown as ArrayBuffer);
    const names: unknown[] = [];
    const nameColumn = (wb2.worksheets[0]!.getRow(1).values as unknown[]).indexOf('Internal name');
    wb2.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) names.push((row.values as unknown[])[nameColumn]);
    });
    expect(names).toEqual(VISIBLE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links the offers to their edit pages, hides deleted offers unless asked and filters by offer', async () => {
    const { context, page, errors } = await open(`/tours?languageIds=${languageIds[L1]}`);
    await expectRows(page, ['TL-Bravo', 'TL-Charlie']);
    const links = (name: string) =>
      rowOf(page, name)
        .getByTestId('tours-row-offer')
        .evaluateAll((els: unknown[]) => (els as El[]).map((e) => `${e.textContent}=${e.getAttribute('href')}${e.hasAttribute('data-deleted') ? ' deleted' : ''}`));
    expect(await links('TL-Bravo')).toEqual([`OF-Bravo-Std=/tours/${ids['TL-Bravo']}/${offerIds['OF-Bravo-Std']}`]);
    expect(await links('TL-Charlie')).toEqual([`OF-Charlie-VIP=/tours/${ids['TL-Charlie']}/${offerIds['OF-Charlie-VIP']}`]);
    await page.getByRole('switch', { name: 'Show deleted' }).click();
    await expectRows(page, ['TL-Bravo', 'TL-Charlie', 'TL-Delta']);
    expect((await links('TL-Bravo')).sort()).toEqual([`OF-Bravo-Old=/tours/${ids['TL-Bravo']}/${offerIds['OF-Bravo-Old']} deleted`, `OF-Bravo-Std=/tours/${ids['TL-Bravo']}/${offerIds['OF-Bravo-Std']}`]);
    await shot(page, 'tours-offers-en');
    const old = rowOf(page, 'TL-Bravo').getByTestId('tours-row-offer').filter({ hasText: 'OF-Bravo-Old' });
    expect(await old.evaluate((el: unknown) => (globalThis as unknown as StyleOf).getComputedStyle(el).textDecorationLine)).toBe('line-through');

    await rowOf(page, 'TL-Charlie').getByTestId('tours-row-offer').click();
    await page.waitForURL((u) => u.pathname === `/tours/${ids['TL-Charlie']}/${offerIds['OF-Charlie-VIP']}`);
    await page.goBack();
    await expectRows(page, ['TL-Bravo', 'TL-Charlie', 'TL-Delta']);

    await pickMulti(page, 'Offers', /OF-Charlie-VIP/);
    await expectRows(page, ['TL-Charlie']);
    expect(query(page).get('offerIds')).toBe(String(offerIds['OF-Charlie-VIP']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a failed load as an error notification and the table offers to try again', async () => {
    const { context, page, errors } = await open('/');
    await page.route('**/api/tours/manageList**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 500, Content: null, ErrorTitle: 'Server error', ErrorMessage: 'The list broke (ref 42)' }) }),
    );
    await page.goto('/tours?showDeleted=true');
    const note = page.getByTestId('notification').filter({ hasText: 'The list broke (ref 42)' });
    await note.waitFor();
    expect(await note.locator('.notification__title').textContent()).toBe('Server error');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.unroute('**/api/tours/manageList**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectRows(page, ['TL-alpha', 'TL-Bravo', 'TL-Charlie', 'TL-Delta', 'TL-Echo', ...EXTRA].slice(0, 20));

    // Export failure (spec 01 §8).
    await page.route('**/api/tours/export', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 500, Content: null, ErrorTitle: 'Server error', ErrorMessage: 'No workbook' }) }),
    );
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const failed = page.getByTestId('notification').filter({ hasText: "Couldn't generate excel file" });
    await failed.waitFor();
    expect(await failed.locator('.notification__message').textContent()).toBe('No workbook');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Russian', async () => {
    const { context, page, errors } = await open('/tours', 'ru');
    await expectRows(page, VISIBLE.slice(0, 20));
    expect(await page.getByTestId('page-title').textContent()).toBe('Туры');
    expect(await page.getByRole('link', { name: 'Добавить тур' }).getAttribute('href')).toBe('/tours/add');
    expect(await page.getByRole('switch', { name: 'Показать удалённые' }).count()).toBe(1);
    const headers = (await page.locator('.ag-header-cell .tbo-th__text').allTextContents()).map((s) => s.trim());
    expect(headers).toEqual(['Тур', 'Язык', 'Предложения', 'Топ-тур', 'Правка']);
    await shot(page, 'tours-ru');
    expect(await rowOf(page, 'TL-Bravo').getByTestId('tours-row-edit').getAttribute('aria-label')).toBe('Изменить тур TL-Bravo');
    expect(errors).toEqual([]);
    await context.close();
  });
});
