import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { createUsers, getStorage, holdRoute, openApp, pathOf, TEST_PASSWORD, waitUntil } from './shell-helpers';

/**
 * Guards, language, the 401 sign-out, notifications, the spinner, menus by keyboard, back-to-top, log-me-in and
 * the profile page (spec 01 §1, §2, §4, §8). Tokens come from tokenFor() where the sign-in form is not the subject.
 */
const web = webSuite();

const ALL_HEADER_ROLES = ['admin', 'editor', 'operations', 'accounts', 'agent', 'arrivalsmanager'] as const;

beforeAll(async () => {
  await createUsers(web.app, [
    { email: 'guards-admin@test.local', fullName: 'Greta Admin', roles: ['admin'] },
    { email: 'guards-agent@test.local', fullName: 'Gus Agent', roles: ['agent'] },
    { email: 'guards-editor@test.local', fullName: 'Gina Editor', roles: ['editor'] },
    { email: 'guards-platform@test.local', fullName: 'Paula Platform', roles: ['superadmin'] },
  ]);
});

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${web.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, returnUrl: '' }),
  });
  const body = (await res.json()) as { Content: { token: string } };
  return body.Content.token;
}

describe('route guards', () => {
  it('a signed-out visitor goes to sign-in with the way back', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/admin/core');
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(pathOf(page)).toBe(`/account/login?returnUrl=${encodeURIComponent('/admin/core')}`);
    await context.close();
  });

  it.each([
    [['editor'], '/admin/core'],
    [['operations'], '/tours'],
    [['agent'], '/bookings'],
    [['accounts'], '/agent/bookings'],
    [['editor'], '/arrivals'],
    [['operations'], '/agent/commissions'],
    [['editor'], '/auth/logmein/someone@test.local/'],
  ] as const)("%j at %s sees 'Access denied' / 'You are not allowed to access this page'", async (roles, path) => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, path, { token: await tokenFor([...roles]) });
    const denial = page.getByTestId('not-allowed');
    await denial.waitFor();
    expect(await denial.getByRole('heading').textContent()).toBe('Access denied');
    expect(await denial.textContent()).toContain('You are not allowed to access this page');
    expect(new URL(page.url()).pathname).toBe(path);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    [['admin'], '/admin/contacts'],
    [['editor'], '/tours'],
    [['arrivalsadmin'], '/arrivals'],
    [['guide'], '/testtablefull'],
    [['guide'], '/controls'],
    [['guide'], '/account'],
  ] as const)('%j may open %s', async (roles, path) => {
    const { context, page } = await openApp(web.browser, web.baseUrl, path, { token: await tokenFor([...roles]) });
    await page.locator('.app-main').waitFor();
    await page.waitForTimeout(200);
    expect(await page.getByTestId('not-allowed').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(path);
    await context.close();
  });

  it("the 'add' id rule: /tours/ADD is a new tour; /tours/abc cannot be read and goes to /tours", async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/tours/ADD', { token: await tokenFor(['editor']) });
    // 'add' (any case) opens the tour editor on a new tour.
    await page.getByTestId('page-title').filter({ hasText: 'New tour' }).waitFor();
    await page.goto('/tours/abc');
    await page.waitForURL((u) => u.pathname === '/tours');
    await page.getByTestId('tours-list').waitFor();
    await context.close();
  });

  it('an unknown address shows the 404 page', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/no/such/page', { token: await tokenFor(['editor']) });
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await context.close();
  });

  it('an expired token counts as signed out and is removed', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account', { token: await tokenFor(['admin'], {}, -60) });
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(await getStorage(page, 'token')).toBeNull();
    await context.close();
  });
});

describe('a 401 from the API', () => {
  it("removes the token and cookie, signs out with 'Unauthorized' and asks to sign in again", async () => {
    const good = await tokenFor(['editor'], { email: 'guards-editor@test.local' });
    const forged = `${good.slice(0, good.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account', { token: forged });
    await context.addCookies([{ name: 'token', value: forged, url: web.baseUrl }]);
    await page.getByTestId('profile-email').waitFor();
    await page.locator('input[name=currentPassword]').fill('whatever-123');
    await page.locator('input[name=password]').fill('Another!Pass2026');
    await page.locator('input[name=passwordRepeat]').fill('Another!Pass2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(pathOf(page)).toBe(`/account/login?returnUrl=${encodeURIComponent('/account')}`);
    expect(await page.getByTestId('session-message').textContent()).toBe('Unauthorized');
    expect(await getStorage(page, 'token')).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    // The header is the signed-out one, and the message is said once (no notification repeats it).
    expect(await page.locator('.main-nav').count()).toBe(0);
    expect(await page.getByTestId('notification').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('language', () => {
  it('Russian is chosen with the flag, kept in local storage and survives a reload', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token: await tokenFor(['admin']) });
    await page.getByTestId('home-title').waitFor();
    expect(await page.locator('.main-nav').textContent()).toContain('Manage');
    await page.locator('[data-lang=ru]').click();
    await waitUntil(page, `document.querySelector('.main-nav').textContent.includes('Управление')`);
    expect(await getStorage(page, 'lang')).toBe('ru');
    await page.reload();
    await page.getByTestId('home-title').waitFor();
    expect(await page.locator('.main-nav').textContent()).toContain('Управление');
    expect(await page.locator('[data-lang=ru]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate('document.documentElement.lang')).toBe('ru');
    expect(await page.locator('img[src="/flags/ru.svg"]').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    // Signed-out pages follow the choice too, and it survives sign-out.
    await page.goto('/account/logout');
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Вход');
    expect(await getStorage(page, 'lang')).toBe('ru');
    await context.close();
  });

  it('the default is English', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account/login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign In');
    expect(await page.locator('[data-lang=en]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('version').textContent()).toBe('1.2.30');
    await context.close();
  });

  it.each([
    ['ru', 1366, 768],
    ['en', 1366, 768],
    ['ru', 1920, 1080],
  ] as const)('%s header at %d px: every control inside the screen, nothing overlapping (all six roles)', async (lang, width, height) => {
    const token = await tokenFor([...ALL_HEADER_ROLES], { email: 'someone.with.every.role@test.local' });
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token, lang, width, height });
    await page.getByTestId('home-title').waitFor();
    const parts = page.locator('.brand, .version, .main-nav__item, .search-box, .lang-switch, .account-menu');
    const boxes: { cls: string; left: number; right: number; top: number; bottom: number }[] = [];
    for (let i = 0; i < (await parts.count()); i++) {
      const box = (await parts.nth(i).boundingBox())!;
      boxes.push({ cls: (await parts.nth(i).getAttribute('class')) ?? '', left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height });
    }
    // Brand and version; Arrivals, Agent, Bookings, Manifests, Reports, Manage, Admin; search, languages, account.
    expect(boxes).toHaveLength(2 + 7 + 3);
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(width);
    }
    const sorted = [...boxes].sort((a, b) => a.left - b.left);
    for (let i = 1; i < sorted.length; i++) expect({ pair: `${sorted[i - 1]!.cls} | ${sorted[i]!.cls}`, gap: sorted[i]!.left >= sorted[i - 1]!.right }).toEqual({ pair: `${sorted[i - 1]!.cls} | ${sorted[i]!.cls}`, gap: true });
    // One row (all vertically centred on the same line), and no menu label is cut.
    const centres = boxes.map((b) => (b.top + b.bottom) / 2);
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThan(3);
    const clipped = await page.evaluate(
      `[...document.querySelectorAll('.main-nav .nav-link')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)`,
    );
    expect(clipped).toEqual([]);
    await context.close();
  });

  it('ru at 1366 px: beside all seven menus the account shows a whole e-mail, and the flag-only language buttons keep their names', async () => {
    // As long as the demo's 'admin@demo.test' (which another suite's seed may own in this database).
    const token = await tokenFor([...ALL_HEADER_ROLES], { email: 'ru1366@demo.tbo' });
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token, lang: 'ru', width: 1366, height: 768 });
    await page.getByTestId('home-title').waitFor();
    const email = await page.evaluate(`(() => { const e = document.querySelector('[data-testid="account-email"]'); return { text: e.textContent, cut: e.scrollWidth > e.clientWidth }; })()`);
    expect(email).toEqual({ text: 'ru1366@demo.tbo', cut: false });
    expect(await page.getByRole('button', { name: 'RU', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'EN', exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('notifications', () => {
  it('the same title is not shown twice; closing removes it', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token: await tokenFor(['editor']) });
    await page.getByTestId('home-title').waitFor();
    const search = page.locator('.search-box__input');
    for (const text of ['zzz', 'qqq']) {
      await search.fill(text);
      await search.press('Enter');
    }
    await page.getByTestId('notification').first().waitFor();
    expect(await page.getByTestId('notification').count()).toBe(1);
    expect(await page.locator('.notification__title').textContent()).toBe('Nothing found');
    expect(await page.getByTestId('notification').getAttribute('data-type')).toBe('information');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('notification').waitFor({ state: 'detached' });
    // The search box goes to a page the user may open.
    await search.fill('tours');
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === '/tours');
    await context.close();
  });
});

describe('spinner', () => {
  it('shows while a call runs and blocks page scrolling; the form shows the server message', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account', { token: await apiToken('guards-editor@test.local') });
    const release = await holdRoute(page, '**/api/auth/changepassword');
    await page.locator('input[name=currentPassword]').fill('not-my-password');
    await page.locator('input[name=password]').fill('Another!Pass2026');
    await page.locator('input[name=passwordRepeat]').fill('Another!Pass2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('spinner').waitFor();
    expect(await page.evaluate('getComputedStyle(document.body).overflow')).toBe('hidden');
    release();
    await page.getByTestId('spinner').waitFor({ state: 'detached' });
    expect(await page.evaluate('getComputedStyle(document.body).overflow')).not.toBe('hidden');
    const error = await page.getByTestId('change-password-error').textContent();
    expect(error).toBe('The current password is not correct');
    await context.close();
  });
});

describe('profile', () => {
  it('shows the user and changes the password (then asks to sign in again)', async () => {
    await createUsers(web.app, [{ email: 'guards-changer@test.local', fullName: 'Chang Er', roles: ['editor', 'operations'] }]);
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account', { token: await apiToken('guards-changer@test.local') });
    expect(await page.getByTestId('profile-email').textContent()).toBe('guards-changer@test.local');
    expect(await page.getByTestId('profile-roles').locator('li').allTextContents()).toEqual(['Editor', 'Operations']);
    // Client-side: the repeat must match.
    await page.locator('input[name=currentPassword]').fill(TEST_PASSWORD);
    await page.locator('input[name=password]').fill('Brand!NewPass2026');
    await page.locator('input[name=passwordRepeat]').fill('Brand!NewPass2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByTestId('passwordRepeat-error').locator('[role=tooltip]').textContent()).toBe('The passwords do not match');
    await page.locator('input[name=passwordRepeat]').fill('Brand!NewPass2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((u) => u.pathname === '/account/login');
    const note = page.getByTestId('notification');
    expect(await note.getAttribute('data-type')).toBe('success');
    expect(await note.locator('.notification__title').textContent()).toBe('Password changed');
    // The new password works.
    await page.locator('input[name=email]').fill('guards-changer@test.local');
    await page.locator('input[name=password]').fill('Brand!NewPass2026');
    await page.locator('input[name=password]').press('Enter');
    await page.waitForURL((u) => u.pathname === '/bookings');
    await context.close();
  });
});

describe('header menus by keyboard', () => {
  it('Enter opens on the first item, arrows move, End jumps, Escape closes back to the button, Enter follows', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token: await tokenFor(['editor']) });
    const button = page.locator('[data-menu=manage] button');
    await button.focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate('document.activeElement.textContent');
    await waitUntil(page, `document.activeElement.getAttribute('role') === 'menuitem'`);
    expect(await focused()).toBe('Tours');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Time Slots');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Media Manager');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Tours');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Media Manager');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await page.evaluate(`document.activeElement === document.querySelector('[data-menu=manage] button')`)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await waitUntil(page, `document.activeElement.textContent === 'Media Manager'`);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Availability Chart');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/availability');
    expect(await page.getByTestId('page-title').textContent()).toBe('Availability Chart');
    expect(await page.getByRole('menu').count()).toBe(0);
    await context.close();
  });

  it('a click outside closes an open menu', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token: await tokenFor(['admin']) });
    await page.locator('[data-menu=admin] button').click();
    await page.getByRole('menu').waitFor();
    // Far from the header: an admin's menus (Agent, Manage, Admin) open over the page's title.
    await page.mouse.click(20, 700);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('back to top', () => {
  it('appears after 100 px of scrolling and goes back to the top', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/', { token: await tokenFor([...ALL_HEADER_ROLES]), height: 360 });
    await page.getByTestId('home-title').waitFor();
    expect(await page.getByTestId('back-to-top').count()).toBe(0);
    await page.evaluate('window.scrollTo(0, 90)');
    await page.waitForTimeout(100);
    expect(await page.getByTestId('back-to-top').count()).toBe(0);
    await page.evaluate('window.scrollTo(0, 160)');
    await page.getByTestId('back-to-top').waitFor();
    await page.getByTestId('back-to-top').click();
    await waitUntil(page, 'window.scrollY === 0');
    await page.getByTestId('back-to-top').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('log me in', () => {
  it('a platform superadmin signs in as another user by email and lands on / as that user', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/auth/logmein/guards-agent@test.local/', { token: await apiToken('guards-platform@test.local') });
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('home-title').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe('guards-agent@test.local');
    expect(await page.locator('.main-nav').textContent()).toContain('Add New Booking');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an admin of no supplier is told that another tenant's user is not theirs, and stays who they are", async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/auth/logmein/guards-agent@test.local/', { token: await apiToken('guards-admin@test.local') });
    await page.getByTestId('log-me-in').getByText('Only a superadmin may log in as a user of another supplier or agency').waitFor();
    expect(page.url()).toContain('/auth/logmein/');
    await context.close();
  });
});
