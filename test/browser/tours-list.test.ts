import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { pathOf } from './shell-helpers';
import {
  expectRows,
  EXTRA,
  ids,
  L1,
  L2,
  L2_VISIBLE,
  languageIds,
  offerIds,
  open,
  pickMulti,
  query,
  rangeText,
  rowOf,
  shot,
  toursListSuite,
  visible,
  VISIBLE,
  type El,
  type StyleOf,
} from './tours-list-support';

/**
 * The tours list (spec 01 §2 Tours list, §4 Tables, §8) against the real API and Postgres; the data it reads is
 * described in tours-list-support.ts.
 */
toursListSuite();

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
