import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { applyTableFilter, generateSampleTours, type SampleTour } from '../../frontend/src/features/demo/sample-data';
import type { TableFilter } from '../../frontend/src/ui/data-table/types';
import { tokenFor } from '../support/api';
import { watchPageErrors, webSuite } from '../support/browser';
import { retryUntil } from './shell-helpers';

/**
 * The data table on /testtablefull (spec 01 §4 Tables, §5, §9): paging and its range, a filter change going back
 * to page 1, sorting, inline edit, and the Excel export through the server. The page's rows are the deterministic
 * sample tours, so the test knows what each page must show.
 */
const ALL = generateSampleTours();
const NO_FILTER: TableFilter = { page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {} };
const expected = (over: Partial<TableFilter>): SampleTour[] => applyTableFilter(ALL, { ...NO_FILTER, ...over });

/** Where the shell keeps the token (frontend/src/lib/auth-token.ts TOKEN_KEY; that file needs the DOM, so it is not imported here). */
const TOKEN_KEY = 'token';

const HEADERS = ['Id', 'Tour', 'City', 'Language', 'Category', 'Price, AED', 'Tour date', 'Starts', 'Created', 'Valid until', 'Launched', 'Active'];

const web = webSuite();

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** Signed in as an admin (the token in local storage, where the shell keeps it), on /testtablefull, first page loaded. */
async function openTable(): Promise<Opened> {
  const context = await web.browser.newContext({ baseURL: web.baseUrl, viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto('/account/login');
  await page.evaluate(`localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(await tokenFor(['admin']))}); localStorage.setItem('lang', 'en')`);
  await page.goto('/testtablefull');
  await settled(page);
  return { context, page, errors };
}

const table = (page: Page) => page.getByTestId('test-table');

/** Waits until the table has its answer (the loading indicator gone). */
async function settled(page: Page): Promise<void> {
  await table(page).locator('.ag-row').first().or(page.getByTestId('table-empty')).waitFor();
  await page.getByTestId('table-loading').waitFor({ state: 'detached' });
}

/** The rows on screen, top to bottom: id, name, price as shown. */
async function rows(page: Page): Promise<{ id: number; name: string; price: string }[]> {
  // A script as text: the root tsconfig has no DOM types.
  const list = (await page.evaluate(`[...document.querySelectorAll('[data-testid="test-table"] .ag-row')].map((el) => ({
    index: Number(el.getAttribute('row-index')),
    id: Number(el.getAttribute('row-id')),
    name: (el.querySelector('[col-id="name"]')?.textContent ?? '').trim(),
    price: (el.querySelector('[col-id="price"]')?.textContent ?? '').trim(),
  }))`)) as { index: number; id: number; name: string; price: string }[];
  return list.sort((a, b) => a.index - b.index).map(({ id, name, price }) => ({ id, name, price }));
}

const rangeText = (page: Page) => page.getByTestId('table-range').innerText();
const currentPage = (page: Page) => page.locator('nav button[aria-current="page"]').innerText();

async function goToPage(page: Page, n: number): Promise<void> {
  await page.getByRole('button', { name: `Page ${n}`, exact: true }).click();
  await page.locator('nav button[aria-current="page"]', { hasText: String(n) }).waitFor();
  await settled(page);
}

/** Retries an assertion until it holds (the table answers after a short delay), at most `timeoutMs`. */
const eventually = (assertion: () => Promise<void>, timeoutMs = 8000) => retryUntil(assertion, timeoutMs);

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('/testtablefull data table', () => {
  it('pages through the rows and shows the right range; more than 10 pages are grouped behind an ellipsis', async () => {
    const { context, page, errors } = await openTable();
    const byId = expected({ sortField: 'id', sortType: 'ASC' });
    expect(await rangeText(page)).toBe('1–20 of 237');
    expect((await rows(page)).map((r) => r.id)).toEqual(byId.slice(0, 20).map((r) => r.id));
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect((await pager.innerText()).replace(/\s+/g, ' ').trim()).toBe('1 2 3 4 5 6 7 … 12');

    await goToPage(page, 2);
    expect(await rangeText(page)).toBe('21–40 of 237');
    expect((await rows(page))[0]!.id).toBe(byId[20]!.id);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('nav button[aria-current="page"]', { hasText: '3' }).waitFor();
    await settled(page);
    expect(await rangeText(page)).toBe('41–60 of 237');

    await page.getByRole('button', { name: 'Last page' }).click();
    await page.locator('nav button[aria-current="page"]', { hasText: '12' }).waitFor();
    await settled(page);
    expect(await rangeText(page)).toBe('221–237 of 237');
    expect((await rows(page)).map((r) => r.id)).toEqual(byId.slice(220).map((r) => r.id));
    expect((await pager.innerText()).replace(/\s+/g, ' ').trim()).toBe('1 … 6 7 8 9 10 11 12');

    // On a phone the numbered pages would overflow the screen: the current one stays, between the arrows.
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await pager.innerText()).replace(/\s+/g, ' ').trim()).toBe('12');
    expect(await pager.getByRole('button', { name: 'First page' }).isVisible()).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('going to page 3 then changing a filter goes back to page 1', async () => {
    const { context, page, errors } = await openTable();
    await goToPage(page, 3);
    expect(await rangeText(page)).toBe('41–60 of 237');

    await page.getByRole('textbox', { name: 'Filter Tour' }).fill('e');
    const matching = expected({ textFilters: { name: 'e' }, sortField: 'id', sortType: 'ASC' });
    expect(matching.length).toBeGreaterThan(60); // page 3 still exists: going to 1 is the reset, not clamping
    await eventually(async () => expect(await rangeText(page)).toBe(`1–20 of ${matching.length}`));
    await settled(page);
    expect(await currentPage(page)).toBe('1');
    expect((await rows(page)).map((r) => r.id)).toEqual(matching.slice(0, 20).map((r) => r.id));

    // A select filter does the same.
    await goToPage(page, 3);
    await page.getByRole('combobox', { name: 'Filter Language' }).selectOption({ label: 'German' });
    const german = expected({ textFilters: { name: 'e', language: 'de' }, sortField: 'id', sortType: 'ASC' });
    await eventually(async () => expect(await rangeText(page)).toBe(`1–${Math.min(20, german.length)} of ${german.length}`));
    expect(await currentPage(page)).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sorting by a column orders the rows, ascending then descending', async () => {
    const { context, page, errors } = await openTable();
    const priceHeader = page.getByRole('button', { name: /^Price, AED, / });

    await priceHeader.click();
    await eventually(async () => expect(await priceHeader.getAttribute('data-sort')).toBe('ASC'));
    await settled(page);
    const asc = expected({ sortField: 'price', sortType: 'ASC' });
    await eventually(async () => expect((await rows(page)).slice(0, 5).map((r) => r.price)).toEqual(asc.slice(0, 5).map((r) => money(r.price))));
    expect((await rows(page)).map((r) => r.id)).toEqual(asc.slice(0, 20).map((r) => r.id));

    await priceHeader.click();
    await eventually(async () => expect(await priceHeader.getAttribute('data-sort')).toBe('DESC'));
    await settled(page);
    const desc = expected({ sortField: 'price', sortType: 'DESC' });
    await eventually(async () => expect((await rows(page)).slice(0, 5).map((r) => r.price)).toEqual(desc.slice(0, 5).map((r) => money(r.price))));
    const prices = (await rows(page)).map((r) => Number(r.price.replace(/,/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    // By name: the first rows follow the names alphabetically.
    await page.getByRole('button', { name: /^Tour, / }).click();
    await settled(page);
    const byName = expected({ sortField: 'name', sortType: 'ASC' });
    await eventually(async () => expect((await rows(page)).slice(0, 3).map((r) => r.name)).toEqual(byName.slice(0, 3).map((r) => r.name)));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits a row inline: double click, change, Enter saves; Escape cancels', async () => {
    const { context, page, errors } = await openTable();
    const first = ALL[0]!;
    await table(page).locator(`.ag-row[row-id="${first.id}"] [col-id="name"]`).dblclick();
    const editor = page.getByRole('textbox', { name: 'Tour', exact: true });
    await editor.waitFor();
    await editor.fill('Renamed Safari');
    await editor.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await eventually(async () => expect((await rows(page))[0]!.name).toBe('Renamed Safari'));

    await table(page).locator(`.ag-row[row-id="${first.id}"]`).getByRole('button', { name: /^Edit row/ }).click();
    await editor.fill('Not kept');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect((await rows(page))[0]!.name).toBe('Renamed Safari');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the filtered rows of every page as a readable xlsx through the server', async () => {
    const { context, page, errors } = await openTable();
    await page.getByRole('button', { name: /^Filter City/ }).click();
    await page.getByRole('checkbox', { name: 'Dubai', exact: true }).check();
    await page.keyboard.press('Escape');
    const dubai = expected({ multiSelectFilters: { city: ['Dubai'] }, sortField: 'id', sortType: 'ASC' });
    expect(dubai.length).toBeGreaterThan(20); // more than one page, so the export must page through
    await eventually(async () => expect(await rangeText(page)).toBe(`1–20 of ${dubai.length}`));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('tours.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(dubai.length + 1);
    const r = dubai[1]!;
    const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(r.tourDate)!;
    expect((ws.getRow(3).values as unknown[]).slice(1, 8)).toEqual([r.id, r.name, 'Dubai', expect.any(String), expect.any(String), r.price, `${d}.${m}.${y}`]);
    const lastRow = ws.getRow(ws.rowCount).values as unknown[];
    expect(lastRow[1]).toBe(dubai[dubai.length - 1]!.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});
