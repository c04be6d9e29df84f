import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { pathOf, signOutThroughMenu } from './shell-helpers';
import { apiOk, catalogReferences, eventually, expectNotificationsClearOf, openPatiently as openApp } from './shell-support';

jest.setTimeout(180_000);

/**
 * The header and the static pages (spec 01 §2, §4; spec 02 §2): home cards by page name, sign-out to /, the
 * header search over pages, tours and tickets (grouped, by keyboard, within the supplier), notifications clear of
 * the edit page's buttons, /verify-modulbank, and language names in Russian.
 */
const web = webSuite();
let token: string;
let tourId: number;
let offerId: number;
const tag = randomBytes(3).toString('hex');
const TOUR_CODE = `HS-${tag}-DESERT`;
const TOUR_NAME = `Dune Bashing ${tag}`;
const OFFER_CODE = `HS-${tag}-VIP`;
const OFFER_NAME = `Falcon Lounge ${tag}`;

beforeAll(async () => {
  const { supplierId } = await registerTenants(web.app);
  const other = await registerTenants(web.app);
  token = await tokenFor(['admin'], { supplierId, email: `header.${tag}@test.local`, fullName: 'Hedda Header' });
  const otherToken = await tokenFor(['admin'], { supplierId: other.supplierId, email: `header.other.${tag}@test.local` });
  const { languageId, categoryId } = await catalogReferences(web.baseUrl, await tokenFor(['superadmin'], { supplierId: null }), tag);
  const tour = (nameInternal: string, nameDisplay: string, auth: string) => apiOk<{ id: number }>(web.baseUrl, 'POST', '/api/tours', auth, { id: 0, nameInternal, nameDisplay, languageId, toursCategories: [categoryId], recommendedFor: [0] });
  tourId = (await tour(TOUR_CODE, TOUR_NAME, token)).id;
  await tour(`HS-${tag}-ELSEWHERE`, `Dune Bashing ${tag} elsewhere`, otherToken);
  await eventually(async () => expect((await apiOk<{ tours: unknown[] }>(web.baseUrl, 'GET', `/api/search?q=${TOUR_CODE}`, token)).tours).toHaveLength(1));
  offerId = (await apiOk<{ id: number }>(web.baseUrl, 'POST', '/api/offers', token, { id: 0, tourId, nameInternal: OFFER_CODE, nameDisplay: OFFER_NAME, maxNumOfPeople: 10, numberOfHours: 3 })).id;
  await eventually(async () => expect((await apiOk<{ offers: unknown[] }>(web.baseUrl, 'GET', `/api/search?q=${OFFER_CODE}`, token)).offers).toHaveLength(1));
}, 120_000);

const searchInput = (page: Page) => page.getByRole('combobox', { name: 'Search pages, tours, tickets and bookings' });
const groupTexts = async (page: Page) => (await page.locator('.search-popup__heading').allTextContents()).map((s) => s.trim());

describe('home', () => {
  it.each(['en', 'ru'] as const)('%s: the cards name the pages, never their paths', async (lang) => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/', { token, lang });
    await page.getByTestId('home-title').waitFor();
    const texts = (await page.getByTestId('home-sections').locator('.tile__action, .tile__title, a').allTextContents()).map((s) => s.trim());
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.filter((s) => s.startsWith('/'))).toEqual([]);
    const bookings = lang === 'en' ? 'Open Bookings' : 'Открыть раздел «Бронирования»';
    expect(await page.getByTestId('home-sections').locator('.tile__action').allTextContents()).toContain(bookings);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-out', () => {
  it('goes to / (which is the sign-in page once signed out), without a way back to the page left', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/tours', { token });
    await page.getByTestId('page-title').waitFor();
    await signOutThroughMenu(page, '.account-menu button[aria-haspopup="menu"]');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('header search', () => {
  it('finds a tour by code, grouped apart from pages; the keyboard opens it', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/', { token });
    await page.getByTestId('home-title').waitFor();
    await searchInput(page).click();
    await searchInput(page).fill(`hs-${tag}-desert`);
    await page.getByRole('option', { name: new RegExp(TOUR_NAME) }).waitFor();
    expect(await groupTexts(page)).toEqual(['Tours']);
    // Only this supplier's tour, with its code as the second line.
    expect((await page.getByRole('option').allTextContents()).map((s) => s.trim())).toEqual([`${TOUR_NAME}${TOUR_CODE}`]);
    await searchInput(page).press('ArrowDown');
    expect(await page.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    expect(await searchInput(page).getAttribute('aria-activedescendant')).toBe(await page.getByRole('option').first().getAttribute('id'));
    await searchInput(page).press('Enter');
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}`);
    expect(await page.getByTestId('search-popup').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Ctrl+K, or / outside a field, puts the cursor in the search', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/bookings', { token });
    await page.getByTestId('page-title').waitFor();
    const focused = () => page.evaluate('document.activeElement?.getAttribute("role")');
    await page.keyboard.press('Control+k');
    expect(await focused()).toBe('combobox');
    await page.keyboard.type('desert');
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    expect(await focused()).toBe('combobox');
    // The shortcut selects what was typed before, to type over it.
    expect(await page.evaluate('(({ selectionStart, selectionEnd, value }) => [selectionStart, selectionEnd, value])(document.activeElement)')).toEqual([0, 6, 'desert']);
    // A '/' typed in another field stays in it.
    const filter = page.getByRole('textbox', { name: 'Filter Guest name' });
    await filter.click();
    await page.keyboard.press('/');
    expect(await filter.inputValue()).toContain('/');
    // An open modal keeps the focus inside it.
    await page.goto(`${web.baseUrl}/arrivals`);
    await page.getByTestId('arrivals-manual').click();
    await page.getByTestId('arrivals-manual-dialog').waitFor();
    await page.getByTestId('manual-paxId').focus();
    await page.keyboard.press('Control+k');
    expect(await page.evaluate('document.activeElement?.getAttribute("data-testid")')).toBe('manual-paxId');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('groups pages, tours and tickets; a ticket opens its edit page; Escape closes', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/', { token });
    await page.getByTestId('home-title').waitFor();
    await searchInput(page).click();
    await searchInput(page).fill('t');
    await page.getByRole('group', { name: 'Pages' }).waitFor();
    await searchInput(page).fill(`${tag}`);
    await page.getByRole('group', { name: 'Tickets' }).waitFor();
    expect(await groupTexts(page)).toEqual(['Tours', 'Tickets']);
    await searchInput(page).press('Escape');
    await page.getByTestId('search-popup').waitFor({ state: 'detached' });
    expect(await searchInput(page).getAttribute('aria-expanded')).toBe('false');
    // ArrowDown opens it again on the first option; ArrowUp from there wraps to the last one: the ticket.
    await searchInput(page).press('ArrowDown');
    await page.getByTestId('search-popup').waitFor();
    await searchInput(page).press('ArrowUp');
    expect((await page.locator('[role=option][aria-selected=true]').textContent())?.trim()).toBe(`${OFFER_NAME}${OFFER_CODE} · ${TOUR_CODE}`);
    await page.getByRole('option', { name: new RegExp(OFFER_NAME) }).click();
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}/${offerId}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Russian: group names, and Enter without a choice opens the first tour', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token, lang: 'ru' });
    await page.getByTestId('home-title').waitFor();
    const input = page.getByRole('combobox', { name: 'Поиск разделов, туров, билетов и бронирований' });
    await input.click();
    await input.fill(TOUR_NAME.toUpperCase());
    await page.getByRole('group', { name: 'Туры' }).waitFor();
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}`);
    await context.close();
  });

  it('Enter on a search the network could not answer says it failed, not that nothing was found', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token });
    await page.getByTestId('home-title').waitFor();
    await page.route('**/api/search**', (route) => route.abort('internetdisconnected'));
    const input = searchInput(page);
    await input.click();
    await input.fill(`zz-${tag}`);
    await input.press('Enter');
    await page.locator('.notification__title', { hasText: 'Search failed' }).waitFor();
    expect(await page.locator('.notification__title').allTextContents()).not.toContain('Nothing found');
    await context.close();
  });
});

describe('notifications', () => {
  it('cover neither Save nor Delete of the tour edit page, and are announced (in the polite live region)', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/tours/${tourId}`, { token, width: 1366, height: 768 });
    await page.getByTestId('tour-save').waitFor();
    await searchInput(page).click();
    await searchInput(page).fill('zzz-nothing-here');
    await searchInput(page).press('Enter');
    const note = page.getByTestId('notification').filter({ hasText: 'Nothing found' });
    await note.waitFor();
    expect(await page.getByTestId('notifications').getAttribute('aria-live')).toBe('polite');
    expect(await note.getAttribute('role')).toBeNull();
    await expectNotificationsClearOf(page, [page.getByTestId('tour-save'), page.getByTestId('tour-delete'), page.locator('header.app-header')]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('/verify-modulbank', () => {
  it.each(['en', 'ru'] as const)('is public and Russian whatever the language (%s)', async (lang) => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/verify-modulbank', { lang });
    await page.getByTestId('verify-modulbank').waitFor();
    expect(pathOf(page)).toBe('/verify-modulbank');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Подтверждение владения доменом');
    expect(await page.getByTestId('verify-modulbank').textContent()).toContain('Модульбанка');
    expect(await page.getByTestId('verify-modulbank').getAttribute('lang')).toBe('ru');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Russian names', () => {
  it('the tours list names the language in Russian', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/tours', { token, lang: 'ru' });
    const cell = page.getByTestId('tours-row-language').first();
    await cell.waitFor();
    await eventually(async () => expect((await cell.textContent())?.trim()).toBe('Немецкий'));
    await context.close();
  });
});
