import type { BrowserContext, Page, Route } from 'playwright-core';
import { tokenFor } from '../support/api';
import { watchPageErrors, webSuite } from '../support/browser';
import { registerUser } from '../support/identity';
import { getStorage, gotoWithStorage, holdRoute, openApp, pathOf, signInThroughForm, signOutThroughMenu, TEST_PASSWORD, waitUntil } from './shell-helpers';

/**
 * The session ending under the user and what the shell says and keeps then (spec 01 §4 authentication, loading and
 * notifications): the expiry message, an editor's unsaved values kept and put back, the header search's late
 * answers, notifications of a signed-out user, the live regions, and the spinner's pointer and scrollbar.
 */
const web = webSuite();

const EDITOR = 'session-editor@test.local';

beforeAll(async () => {
  // Staff of supplier 1 (made by the first tokenFor), with a password for the sign-in form.
  await tokenFor(['editor']);
  await registerUser(web.app, { email: EDITOR, fullName: 'Sam Session', password: TEST_PASSWORD, roles: ['editor'], supplierId: 1 });
});

/** An API envelope, as the client reads it. */
const ok = (content: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ IsOk: true, Code: 200, Content: content, ErrorTitle: null, ErrorMessage: null }) });
const tourHit = (id: number, name: string) => ok({ tours: [{ id, nameInternal: name, nameDisplay: name }], offers: [] });
const noHits = () => ok({ tours: [], offers: [] });
const queryOf = (route: Route) => new URL(route.request().url()).searchParams.get('q') ?? '';

const searchInput = (page: Page) => page.locator('.search-box__input');
const tourField = (page: Page, label: string) => page.locator('.tbo-field', { has: page.locator('.tbo-field__label', { hasText: new RegExp(`^${label}`) }) }).locator('input');

describe('the session expires while a form is being edited', () => {
  it('goes to sign-in with the expiry message; signed in again, the same page gets the unsaved values back', async () => {
    const token = await tokenFor(['editor'], { email: EDITOR }, 600);
    // The page's clock is faked (it runs on from now) so the expiry comes without waiting ten minutes.
    const context: BrowserContext = await web.browser.newContext({ baseURL: web.baseUrl, viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    await context.clock.install();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await gotoWithStorage(page, '/tours/add', { token, lang: 'en' });
    await page.getByTestId('tour-form').waitFor();
    await tourField(page, 'Tour code').fill('EXP-01');
    await tourField(page, 'Display name').fill('Expiry Cruise');
    expect(await tourField(page, 'Url slug').inputValue()).toBe('expiry-cruise');

    await page.clock.fastForward('11:00');
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(pathOf(page)).toBe(`/account/login?returnUrl=${encodeURIComponent('/tours/add')}`);
    expect(await page.getByTestId('session-message').textContent()).toBe('Your session has expired. Sign in again.');
    expect(await getStorage(page, 'token')).toBeNull();
    // The values wait in this tab's session storage, under the user and the page.
    expect(await page.evaluate(`Object.keys(sessionStorage).filter((k) => k.startsWith('tbo:draft:'))`)).toEqual([`tbo:draft:${EDITOR}|/tours/add`]);

    await signInThroughForm(page, EDITOR, TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/tours/add');
    await page.getByTestId('tour-form').waitFor();
    await page.getByTestId('notification').filter({ hasText: 'Your unsaved changes were restored' }).waitFor();
    expect(await tourField(page, 'Tour code').inputValue()).toBe('EXP-01');
    expect(await tourField(page, 'Display name').inputValue()).toBe('Expiry Cruise');
    // Taken once: nothing is left to restore again, and the slug still follows the name.
    expect(await page.evaluate(`Object.keys(sessionStorage).filter((k) => k.startsWith('tbo:draft:'))`)).toEqual([]);
    await tourField(page, 'Display name').fill('Expiry Dhow');
    expect(await tourField(page, 'Url slug').inputValue()).toBe('expiry-dhow');
    // The form is dirty again: leaving asks first.
    await page.getByTestId('back-to-tours').click();
    await page.getByTestId('tour-leave-dialog').waitFor();
    await page.getByTestId('tour-confirm-no').click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 401 mid-form keeps the values too, and the sign-in page says Unauthorized', async () => {
    const good = await tokenFor(['editor'], { email: EDITOR });
    const { context, page } = await openApp(web.browser, web.baseUrl, '/tours/add', { token: good, lang: 'en' });
    await page.getByTestId('tour-form').waitFor();
    await tourField(page, 'Tour code').fill('U401-01');
    await tourField(page, 'Display name').fill('Unauthorized Cruise');
    // The token stops being accepted (as after a password change elsewhere): the next call answers 401.
    await page.route('**/api/**', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 401, Content: null, ErrorTitle: 'Unauthorized', ErrorMessage: 'Unauthorized' }) }));
    await searchInput(page).fill('u401');
    await searchInput(page).press('Enter');
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(await page.getByTestId('session-message').textContent()).toBe('Unauthorized');
    await page.unroute('**/api/**');
    await signInThroughForm(page, EDITOR, TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/tours/add');
    await page.getByTestId('notification').filter({ hasText: 'Your unsaved changes were restored' }).waitFor();
    expect(await tourField(page, 'Tour code').inputValue()).toBe('U401-01');
    expect(await tourField(page, 'Display name').inputValue()).toBe('Unauthorized Cruise');
    await context.close();
  });
});

/**
 * Routes the header search: `held` is answered with `hit` only once released, 'fresh-one' at once with its tour, any
 * other text with nothing found. `answered` settles when the held answer has been sent.
 */
async function holdSearchAnswer(page: Page, held: string, hit: Parameters<Route['fulfill']>[0]): Promise<{ release: () => void; answered: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let done!: () => void;
  const answered = new Promise<void>((r) => (done = r));
  await page.unroute('**/api/search?q=*');
  await page.route('**/api/search?q=*', async (route) => {
    const q = queryOf(route);
    if (q === held) {
      await gate;
      await route.fulfill(hit);
      done();
    } else if (q === 'fresh-one') await route.fulfill(tourHit(910002, 'FRESH-ONE'));
    else await route.fulfill(noHits());
  });
  return { release, answered };
}

describe('the header search', () => {
  it("drops an Enter's late answer once the text has changed or another Enter was pressed; a current one opens", async () => {
    const token = await tokenFor(['editor'], { email: EDITOR });
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/', { token, lang: 'en' });
    await page.getByTestId('home-title').waitFor();
    const slow = await holdSearchAnswer(page, 'slow-one', tourHit(910001, 'SLOW-ONE'));

    // Enter before the text's answer: the search asks now, and the answer is slow.
    await searchInput(page).fill('slow-one');
    await searchInput(page).press('Enter');
    // The person goes on typing: the late answer must not open the old result.
    await searchInput(page).fill('slow-one and more');
    slow.release();
    await slow.answered;
    await page.waitForTimeout(400);
    expect(pathOf(page)).toBe('/');

    // A newer Enter (nothing found for it) wins over an older one whose answer comes late.
    const late = await holdSearchAnswer(page, 'late-hit', tourHit(910003, 'LATE-HIT'));
    await searchInput(page).fill('late-hit');
    await searchInput(page).press('Enter');
    await searchInput(page).fill('zzz-nothing-here');
    await searchInput(page).press('Enter');
    await page.getByTestId('notification').filter({ hasText: 'Nothing found' }).waitFor();
    late.release();
    await late.answered;
    await page.waitForTimeout(400);
    expect(pathOf(page)).toBe('/');

    // A current answer opens its result.
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    await searchInput(page).fill('fresh-one');
    await searchInput(page).press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/tours'));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('notifications', () => {
  it("are one polite live region that stays; errors are alerts; a signed-out user's notes are cleared", async () => {
    const token = await tokenFor(['editor'], { email: EDITOR });
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token, lang: 'en' });
    await page.getByTestId('home-title').waitFor();
    const area = page.getByTestId('notifications');
    // There before anything is said in it, so what is added is read out.
    expect(await area.getAttribute('aria-live')).toBe('polite');
    expect(await page.getByTestId('notification').count()).toBe(0);

    await page.route('**/api/search?q=*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 500, Content: null, ErrorTitle: 'Server error', ErrorMessage: 'Search is down' }) }),
    );
    await searchInput(page).fill('zzz-nothing');
    await searchInput(page).press('Enter');
    const failed = page.getByTestId('notification').filter({ hasText: 'Search failed' });
    await failed.waitFor();
    expect(await failed.getAttribute('role')).toBe('alert');
    await page.unroute('**/api/search?q=*');
    await searchInput(page).fill('qqq-nothing');
    await searchInput(page).press('Enter');
    const info = page.getByTestId('notification').filter({ hasText: 'Nothing found' });
    await info.waitFor();
    // Not a live region of its own, inserted with its text (often not read): the area reads it.
    expect(await info.getAttribute('role')).toBeNull();

    await signOutThroughMenu(page, '[data-menu=account] button');
    expect(await page.getByTestId('notification').count()).toBe(0);
    expect(await area.getAttribute('aria-live')).toBe('polite');
    await context.close();
  });
});

describe('loading and field messages', () => {
  it('the spinner lets clicks through until it shows, the scrollbar keeps its room, and the overlay is not read out', async () => {
    const token = await tokenFor(['editor'], { email: EDITOR });
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account', { token, lang: 'en' });
    expect(await page.evaluate('getComputedStyle(document.documentElement).scrollbarGutter')).toBe('stable');
    const release = await holdRoute(page, '**/api/auth/changepassword');
    // The overlay's pointer as it is put on the page (a busy machine may take longer than its 0.2 s fade-in delay
    // to ask from here).
    await page.evaluate(
      `window.spinnerPointer = []; new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && n.matches('[data-testid=spinner]')) window.spinnerPointer.push(getComputedStyle(n).pointerEvents); }).observe(document.body, { childList: true, subtree: true })`,
    );
    await page.locator('input[name=currentPassword]').fill('not-my-password');
    await page.locator('input[name=password]').fill('Another!Pass2026');
    await page.locator('input[name=passwordRepeat]').fill('Another!Pass2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    const spinner = page.getByTestId('spinner');
    await spinner.waitFor({ state: 'attached' });
    const pointer = () => page.evaluate(`getComputedStyle(document.querySelector('[data-testid=spinner]')).pointerEvents`);
    expect(await page.evaluate('window.spinnerPointer')).toEqual(['none']);
    expect(await spinner.getAttribute('aria-hidden')).toBe('true');
    expect(await spinner.getAttribute('role')).toBeNull();
    await waitUntil(page, `getComputedStyle(document.querySelector('[data-testid=spinner]')).opacity === '1'`);
    expect(await pointer()).toBe('auto');
    release();
    await spinner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a failed save moves the focus to the first wrong field, whose message describes it; field messages are not alerts', async () => {
    const token = await tokenFor(['editor'], { email: EDITOR });
    const { context, page } = await openApp(web.browser, web.baseUrl, '/tours/add', { token, lang: 'en' });
    await page.getByTestId('tour-form').waitFor();
    await page.getByTestId('tour-save').click();
    await page.getByTestId('tour-basic-problems').waitFor();
    const form = page.getByTestId('tour-form');
    expect(await form.locator('.tbo-field__error').count()).toBeGreaterThan(1);
    expect(await form.locator('.tbo-field__error[role=alert]').count()).toBe(0);
    // One alert for the failed save: the form's summary.
    expect(await form.locator('[role=alert]').count()).toBe(1);
    await waitUntil(page, `document.activeElement && document.activeElement.getAttribute('aria-invalid') === 'true'`);
    const described = await page.evaluate(
      `(document.activeElement.getAttribute('aria-describedby') || '').split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ')`,
    );
    expect(described).toContain('Tour code is required');
    await context.close();
  });
});
