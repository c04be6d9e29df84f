import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { Role } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { tokenFor } from '../support/api';
import { roomingWorkbook, XLSX } from '../support/arrivals';
import { webSuite } from '../support/browser';
import { bookingsSettled, seedBooking } from '../support/booking-events';
import { registerTenants } from '../support/identity';
import { retryUntil } from './shell-helpers';
import { screenshotsTo } from './screenshots';
import { boxesOverlap, openPatiently as openApp } from './shell-support';

/**
 * The shell around the grids: at 1024 × 700 the header wraps to two rows and the grids follow its real height, so
 * the pager and the operator's sums bar stay in the window (1366 × 768 unchanged); the header search's placeholder
 * and 'nothing found' say what it looks through for the role; a server failure's toast keeps clear of the bars and
 * shows its support reference short, copying it whole, and the grid makes room for it (its last rows and pager stay
 * uncovered and clickable); a loading grid is the only spinner.
 */
const web = webSuite({ testTimeoutMs: 180_000 });

/** With SHOTS_DIR=<dir>, screenshots for a person to look at. */
const shot = screenshotsTo();
const tag = randomBytes(3).toString('hex');
const today = dubaiToday();
const tokens = { operations: '', arrivals: '', agent: '', admin: '', editor: '', driver: '' };
const REFERENCE = '5ab50930-1bea-4c2f-9d3e-0123456789ab';

beforeAll(async () => {
  const { supplierId, agencyId } = await registerTenants(web.app);
  const as = (roles: Role[], who: string, extra: Record<string, unknown> = {}) => tokenFor(roles, { supplierId, email: `${who}.${tag}@test.local`, fullName: `Layout ${who}`, ...extra });
  tokens.operations = await as(['operations'], 'ops');
  tokens.arrivals = await as(['arrivalsmanager'], 'arrivals');
  tokens.admin = await as(['admin'], 'admin');
  tokens.editor = await as(['editor'], 'editor');
  tokens.driver = await as(['driver'], 'driver');
  tokens.agent = await as(['agent'], 'agent', { agencyId, supplierId: null });
  // Two pages of bookings over the list's default fortnight (the pager has page buttons), and the sums under them.
  const base = { supplierId, agencyId, staffAgentId: null, tourName: `Layout safari ${tag}`, adults: 2, children: 1, infants: 0, foc: 0 };
  let last = '';
  for (let i = 0; i < 24; i++) last = (await seedBooking(web.app, { ...base, date: addDays(today, i % 12), guestName: `Guest ${i} ${tag}` })).position;
  await bookingsSettled(web.app, last);
  // Two pages of arrivals (50 a page).
  const rows = Array.from({ length: 64 }, (_, k) => [`L${k}${tag}`, `Tourist ${k} ${tag}`, 9100 + Math.ceil((k + 1) / 4), today, addDays(today, 3)]);
  const file = await roomingWorkbook(['Pax Id', 'Tourist Name', 'Group Id', 'Arrival Date', 'Departure Date'], rows);
  const res = await fetch(`${web.baseUrl}/api/arrivals/import?name=Layout`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.arrivals}`, 'Content-Type': XLSX }, body: file });
  expect(res.status).toBe(200);
}, 240_000);

const bottomOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return Math.round(box.y + box.height);
};
const headerHeight = async (page: Page) => Math.round((await page.locator('header.app-header').boundingBox())!.height);

/** Opens a grid page and waits for its first rows. */
async function openGrid(path: string, token: string, lang: 'en' | 'ru', width: number, height: number, table: string, rowCell: string) {
  const opened = await openApp(web.browser, web.baseUrl, path, { token, lang, width, height });
  await retryUntil(async () => expect(await opened.page.getByTestId(table).getByTestId(rowCell).count()).toBeGreaterThan(0), 20_000);
  await opened.page.getByTestId(table).locator('.tbo-pager__nav').waitFor();
  return opened;
}

describe('grids under a header that wraps (1024 × 700)', () => {
  it.each(['en', 'ru'] as const)('%s: /bookings as operations keeps the pager and the sums bar in the window', async (lang) => {
    const { context, page, errors } = await openGrid('/bookings', tokens.operations, lang, 1024, 700, 'bookings-table', 'bookings-row-guest');
    // The header is on two rows here, and says how tall it is.
    const header = await headerHeight(page);
    expect(header).toBeGreaterThan(80);
    expect((await page.evaluate(`getComputedStyle(document.documentElement).getPropertyValue('--app-header-height')`)) as string).toBe(`${header}px`);
    await retryUntil(async () => expect(await page.getByTestId('bookings-sum-ad').getAttribute('data-value')).not.toBe(''), 10_000);
    expect(await page.evaluate('window.scrollY')).toBe(0);
    expect(await bottomOf(page.getByTestId('bookings-table').locator('.tbo-pager'))).toBeLessThanOrEqual(700);
    for (const sum of ['ad', 'ch', 'inf', 'foc']) expect(await bottomOf(page.getByTestId(`bookings-sum-${sum}`))).toBeLessThanOrEqual(700);
    expect(await bottomOf(page.getByTestId('bookings-sums'))).toBeLessThanOrEqual(700);
    await shot(page, `shell-bookings-${lang}-1024`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['en', 'ru'] as const)('%s: /arrivals as the arrivals manager keeps the pager in the window', async (lang) => {
    const { context, page, errors } = await openGrid('/arrivals', tokens.arrivals, lang, 1024, 700, 'arrivals-table', 'arrivals-row-name');
    expect(await headerHeight(page)).toBeGreaterThan(80);
    expect(await page.evaluate('window.scrollY')).toBe(0);
    expect(await bottomOf(page.getByTestId('arrivals-table').locator('.tbo-pager'))).toBeLessThanOrEqual(700);
    await shot(page, `shell-arrivals-${lang}-1024`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['en', 'ru'] as const)('%s: at 1366 × 768 the header is one row and the grids keep their heights', async (lang) => {
    const ops = await openGrid('/bookings', tokens.operations, lang, 1366, 768, 'bookings-table', 'bookings-row-guest');
    expect(await headerHeight(ops.page)).toBe(56);
    // The sums bar ends at the window's bottom edge: the grid is the window less 160 and the list's own 142.
    expect(await bottomOf(ops.page.getByTestId('bookings-sums'))).toBe(768);
    expect(Math.round((await ops.page.getByTestId('bookings-table').locator('.tbo-dt__grid').boundingBox())!.height)).toBe(768 - 160 - 142);
    await shot(ops.page, `shell-bookings-${lang}-1366`);
    await ops.context.close();
    const arrivals = await openGrid('/arrivals', tokens.arrivals, lang, 1366, 768, 'arrivals-table', 'arrivals-row-name');
    expect(Math.round((await arrivals.page.getByTestId('arrivals-table').locator('.tbo-dt__grid').boundingBox())!.height)).toBe(768 - 160 - 120);
    await shot(arrivals.page, `shell-arrivals-${lang}-1366`);
    await arrivals.context.close();
  });
});

describe("the header search says what it looks through for the role (spec 02: bookings for those who see them, else pages)", () => {
  const input = (page: Page) => page.locator('input.search-box__input');
  it.each([
    ['operations', 'en', 'Booking #, voucher or guest'],
    ['operations', 'ru', '№ брони, ваучер или гость'],
    ['agent', 'en', 'Booking #, voucher or guest'],
    ['arrivals', 'en', 'Search pages…'],
    ['arrivals', 'ru', 'Поиск разделов…'],
    ['admin', 'en', 'Booking #, guest, tour or page'],
    ['admin', 'ru', '№ брони, гость, тур или раздел'],
    ['editor', 'en', 'Tour, ticket or page'],
    ['driver', 'en', 'Booking reference or page'],
  ] as const)('%s (%s): "%s"', async (role, lang, placeholder) => {
    // Admins in Russian have the longest menus; from 1600 px the box is always open, placeholder and all.
    const width = role === 'admin' ? 1600 : 1024;
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account', { token: tokens[role], lang, width, height: 700 });
    await input(page).waitFor();
    expect(await input(page).getAttribute('placeholder')).toBe(placeholder);
    await input(page).focus();
    // The box widens on focus (0.15 s).
    await page.waitForTimeout(400);
    await shot(page, `shell-search-${role}-${lang}-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('nothing found says what was searched: pages for the arrivals manager, bookings for operations', async () => {
    const status = (page: Page) => page.getByTestId('search-popup').getByRole('status');
    const arrivals = await openApp(web.browser, web.baseUrl, '/account', { token: tokens.arrivals, lang: 'en' });
    await input(arrivals.page).click();
    await input(arrivals.page).fill('Popov');
    expect(await status(arrivals.page).textContent()).toBe('No page matches “Popov”.');
    await shot(arrivals.page, 'shell-search-arrivals-en-nothing');
    await arrivals.context.close();
    const ops = await openApp(web.browser, web.baseUrl, '/account', { token: tokens.operations, lang: 'ru' });
    await input(ops.page).click();
    await input(ops.page).fill(`zz${tag}`);
    await retryUntil(async () => expect(await status(ops.page).textContent()).toBe(`Нет бронирования с таким номером, ваучером или именем гостя: «zz${tag}».`), 10_000);
    await ops.context.close();
  });
});

describe('the header search on a phone (390 × 844): a driver types a voucher reference to check a guest in', () => {
  const input = (page: Page) => page.locator('input.search-box__input');
  /** The element's box lies wholly in the page's width (the window less its scroll bar), 16 px or more from each edge. */
  const insideWidth = async (locator: Locator) => {
    const width = (await locator.page().evaluate('document.documentElement.clientWidth')) as number;
    const box = (await locator.boundingBox())!;
    return { left: box.x >= 16, right: box.x + box.width <= width - 16 };
  };

  it.each(['en', 'ru'] as const)('%s: the open box, its "Check in BK-239" and "nothing found" stay in the window', async (lang) => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/manifests', { token: tokens.driver, lang, width: 390, height: 844 });
    await input(page).click();
    await input(page).fill('BK-239');
    const popup = page.getByTestId('search-popup');
    await popup.getByText('BK-239').first().waitFor();
    // The box widens on focus (0.15 s).
    await page.waitForTimeout(400);
    for (const [part, locator] of [['input', input(page)], ['popup', popup]] as const) {
      expect({ part, inside: await insideWidth(locator) }).toEqual({ part, inside: { left: true, right: true } });
    }
    await shot(page, `shell-search-driver-${lang}-390`);
    // The voucher's document number and '#239' lead to the same check-in page.
    for (const typed of ['VCH-239-0', '#239']) {
      await input(page).fill(typed);
      await popup.getByText('BK-239').first().waitFor();
    }
    await input(page).fill('GH-20261201-1');
    await popup.getByRole('status').waitFor();
    expect(await insideWidth(popup)).toEqual({ left: true, right: true });
    await shot(page, `shell-search-driver-${lang}-390-nothing`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1366 × 768 the box still opens to 240 px leftwards over its neighbours, the drop-down 340 px under its right edge', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/manifests', { token: tokens.driver, lang: 'en', width: 1366, height: 768 });
    await input(page).click();
    await input(page).fill('BK-239');
    const popup = page.getByTestId('search-popup');
    await popup.getByText('BK-239').first().waitFor();
    await page.waitForTimeout(400);
    const box = (await page.locator('form.search-box').boundingBox())!;
    const field = (await input(page).boundingBox())!;
    const list = (await popup.boundingBox())!;
    expect({ width: field.width, right: field.x + field.width, listWidth: list.width, listRight: list.x + list.width }).toEqual({
      width: 240,
      right: box.x + box.width,
      listWidth: 340,
      listRight: box.x + box.width,
    });
    await context.close();
  });
});

describe('a server failure', () => {
  it('is a toast clear of the pager and the sums bar, with its reference short and copied whole', async () => {
    const { context, page } = await openGrid('/bookings', tokens.operations, 'en', 1024, 700, 'bookings-table', 'bookings-row-guest');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.baseUrl });
    const failure = { IsOk: false, Code: 500, Content: null, ErrorTitle: 'Server error', ErrorMessage: `Something went wrong on our side. It was logged with reference ${REFERENCE}.` };
    await page.route('**/api/bookings/operations', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }));
    await page.getByTestId('bookings-table').getByRole('button', { name: 'Refresh' }).click();
    const note = page.getByTestId('notification').filter({ hasText: 'Server error' });
    await note.waitFor();
    expect(await note.locator('.notification__message').textContent()).toBe('Something went wrong on our side. It was logged with reference 5ab50930.');
    for (const bar of [page.getByTestId('bookings-table').locator('.tbo-pager'), page.getByTestId('bookings-sums'), page.locator('header.app-header')]) {
      expect(boxesOverlap((await note.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
    }
    await note.getByTestId('notification-copy-reference').click();
    await note.getByText('Reference copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(REFERENCE);
    await shot(page, 'shell-bookings-en-1024-server-failure');
    await context.close();
  });
});

describe('a note over a grid (1366 × 768)', () => {
  /** The Id cells (at the left, where the notes are) of the rows wholly inside the grid's box. */
  async function rowsInView(table: Locator): Promise<Locator[]> {
    const view = (await table.locator('.tbo-dt__grid').boundingBox())!;
    const ids = table.getByTestId('bookings-row-id');
    const shown: Locator[] = [];
    for (let i = 0; i < (await ids.count()); i++) {
      const box = await ids.nth(i).boundingBox();
      if (box && box.y >= view.y && box.y + box.height <= view.y + view.height) shown.push(ids.nth(i));
    }
    return shown;
  }

  /** Whether a click at the element's middle lands in it (in its row, for a cell's text). No DOM types here. */
  type El = { getBoundingClientRect(): { x: number; y: number; width: number; height: number }; closest(selector: string): El | null; contains(other: unknown): boolean };
  type Doc = { document: { elementFromPoint(x: number, y: number): unknown } };
  const hitsItself = (target: Locator) =>
    target.evaluate((node: unknown) => {
      const el = node as El;
      const box = el.getBoundingClientRect();
      const hit = (globalThis as unknown as Doc).document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return !!hit && (el.closest('.ag-row') ?? el).contains(hit);
    });

  it.each(['en', 'ru'] as const)('%s: an error that stays until closed covers neither the last rows nor the pager and sums', async (lang) => {
    const { context, page } = await openGrid('/bookings', tokens.operations, lang, 1366, 768, 'bookings-table', 'bookings-row-guest');
    const table = page.getByTestId('bookings-table');
    const failure = { IsOk: false, Code: 500, Content: null, ErrorTitle: 'Server error', ErrorMessage: `Something went wrong on our side. It was logged with reference ${REFERENCE}.` };
    await page.route('**/api/bookings/operations', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }));
    await table.locator('[data-action="refresh"]').click();
    const note = page.getByTestId('notification');
    await note.waitFor();
    // The rows left from the earlier load stay, under the bar that says so.
    await table.getByTestId('table-error').waitFor();
    // Every row in view, down to the last, and the pager get the click at their middle (no note catches it).
    const rows = await rowsInView(table);
    expect(rows.length).toBeGreaterThan(3);
    const hits = await Promise.all([...rows, table.locator('.tbo-pager__nav button').last()].map(hitsItself));
    expect(hits).toEqual(hits.map(() => true));
    const parts = { grid: table.locator('.tbo-dt__grid'), pager: table.locator('.tbo-pager'), sums: page.getByTestId('bookings-sums') };
    for (const [part, locator] of Object.entries(parts)) {
      expect({ part, overlaps: boxesOverlap((await note.boundingBox())!, (await locator.boundingBox())!) }).toEqual({ part, overlaps: false });
    }
    await shot(page, `shell-bookings-${lang}-1366-note-over-grid`);
    // Closed, the note gives the grid its room back (less the bar, still there).
    await note.locator('.notification__close').click();
    await retryUntil(async () => expect(Math.round((await parts.grid.boundingBox())!.height)).toBe(768 - 160 - 142 - 44), 5_000);
    await context.close();
  });
});

describe('a grid loading', () => {
  it("is the only spinner: the page-wide overlay does not cover the page while the agent's list loads", async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account', { token: tokens.agent, lang: 'ru' });
    await page.locator('input.search-box__input').waitFor();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === '/api/agent/bookings',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/agent/bookings');
    await page.getByTestId('table-loading').waitFor();
    // Long past the overlay's fade-in: the loading counter is up (the overlay is on the page), yet it is not shown.
    await page.waitForTimeout(800);
    expect(await page.getByTestId('spinner').count()).toBe(1);
    expect(await page.getByTestId('spinner').isVisible()).toBe(false);
    await shot(page, 'shell-agent-bookings-ru-loading');
    release();
    await page.getByTestId('table-loading').waitFor({ state: 'detached' });
    await context.close();
  });
});
