import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { expectNoA11yViolations } from '../support/a11y';
import { tokenFor } from '../support/api';
import { fetchContent, webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { screenshotsTo, shotsDir } from './screenshots';
import { createUsers, getStorage, openApp, pathOf, signInThroughForm, TEST_PASSWORD, type Opened } from './shell-helpers';

/**
 * The way back after log-me-in (spec 01 §2, §4): the admin's own session is kept while they act as another user, the
 * header says so, and 'Back to …' restores it on the page they came from. Signing out while acting drops both
 * sessions; a kept session the API no longer takes (the admin's password changed) ends at sign-in with a message.
 */
const web = webSuite({ testTimeoutMs: 150_000 });
const tag = randomBytes(3).toString('hex');
const ADMIN = `return-admin-${tag}@test.local`;
const ADMIN2 = `return-admin2-${tag}@test.local`;
const ADMIN3 = `return-admin3-${tag}@test.local`;
const STAFF = `return-staff-${tag}@test.local`;
const AGENT = `return-agent-${tag}@test.local`;
const ROOT = `return-root-${tag}@test.local`;
const RETURN_KEY = 'logMeInReturn';
const shoot = screenshotsTo();

beforeAll(async () => {
  const { supplierId, agencyId } = await registerTenants(web.app);
  await createUsers(web.app, [{ email: ROOT, fullName: 'Rita Root', roles: ['superadmin'] }]);
  await registerUser(web.app, { email: ADMIN, fullName: 'Ada Admin', password: TEST_PASSWORD, roles: ['admin'], supplierId });
  await registerUser(web.app, { email: ADMIN2, fullName: 'Abe Admin', password: TEST_PASSWORD, roles: ['admin'], supplierId });
  await registerUser(web.app, { email: ADMIN3, fullName: 'Ari Admin', password: TEST_PASSWORD, roles: ['admin'], supplierId });
  // Staff with the admin role too: the header's widest case (every menu) while acting.
  await registerUser(web.app, { email: STAFF, fullName: 'Sol Staff', password: TEST_PASSWORD, roles: ['admin', 'editor'], supplierId });
  await registerUser(web.app, { email: AGENT, fullName: 'Aga Agent', password: TEST_PASSWORD, roles: ['agent'], agencyId });
}, 120_000);

const accountButton = (page: Page) => page.locator('[data-menu=account] button');

async function openAccountMenu(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.locator('[data-menu=account] [role=menu]').waitFor();
}

/** Signs in through the form at /account/login and waits for the header to name the user. */
async function signIn(email: string): Promise<Opened> {
  const opened = await openApp(web.browser, web.baseUrl, '/account/login', { lang: 'en' });
  opened.context.setDefaultTimeout(30_000);
  await signInThroughForm(opened.page, email, TEST_PASSWORD);
  await opened.page.waitForURL((u) => u.pathname !== '/account/login');
  await opened.page.getByTestId('account-email').filter({ hasText: email }).waitFor();
  return opened;
}

/** The admin, signed in already (a token in local storage), on /admin/staff in Russian. */
async function adminInRussian(size?: { width: number; height: number }): Promise<Opened> {
  const opened = await openApp(web.browser, web.baseUrl, '/admin/staff', { token: await tokenFor(['admin'], { email: ADMIN }), lang: 'ru', ...size });
  opened.context.setDefaultTimeout(30_000);
  await opened.page.getByTestId('account-email').filter({ hasText: ADMIN }).waitFor();
  return opened;
}

/** Log-me-in by its address (typed, a full page load), waiting until the header names that user. */
async function logMeIn(page: Page, email: string): Promise<void> {
  await page.goto(`/auth/logmein/${encodeURIComponent(email)}/`);
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
}

async function kept(page: Page): Promise<{ token: string; email: string; from: string } | null> {
  return JSON.parse((await getStorage(page, RETURN_KEY)) ?? 'null') as { token: string; email: string; from: string } | null;
}

describe('log-me-in and back', () => {
  it("an admin acts as a staff member, sees it in the header, and goes back to their own session on the page they came from", async () => {
    const { context, page, errors } = await signIn(ADMIN);
    await page.locator('[data-menu=admin] button').click();
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/staff');
    const ownToken = await getStorage(page, 'token');

    // 'Log in as' on the member's row of the Staff tab (never on one's own).
    const logInAs = (email: string) => page.locator(`[data-testid=staff-row][data-email="${email}"] [data-testid=staff-row-log-in-as]`);
    expect(await logInAs(ADMIN).count()).toBe(0);
    await logInAs(STAFF).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('account-email').filter({ hasText: STAFF }).waitFor();
    expect(await page.getByTestId('acting-badge').textContent()).toBe('Acting as');
    expect(await accountButton(page).getAttribute('title')).toBe(`Acting as ${STAFF} (your own account: ${ADMIN})`);
    expect(await kept(page)).toEqual({ token: ownToken, email: ADMIN, from: '/admin/staff' });
    // The header keeps one row at 1366 px, every menu of an admin included.
    expect((await page.locator('.app-header__inner').boundingBox())?.height).toBeLessThanOrEqual(60);
    await openAccountMenu(page);
    expect(await page.getByTestId('acting-note').textContent()).toBe(`You are acting as ${STAFF}. Your own account: ${ADMIN}.`);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([`Back to ${ADMIN}`, 'My Profile', 'Sign Out']);
    await expectNoA11yViolations(page, 'the account menu while acting');
    await shoot(page, 'log-me-in-acting-en');

    await page.getByRole('menuitem', { name: `Back to ${ADMIN}` }).click();
    await page.waitForURL((u) => u.pathname === '/admin/staff');
    await page.getByTestId('account-email').filter({ hasText: ADMIN }).waitFor();
    expect(await page.getByTestId('acting-badge').count()).toBe(0);
    expect(await getStorage(page, 'token')).toBe(ownToken);
    expect(await kept(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the superadmin logs in as an agent from /platform and back; a second log-me-in keeps the first way back', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/platform', { token: await tokenFor(['superadmin'], { email: ROOT }) });
    context.setDefaultTimeout(30_000);
    const logInAs = async (email: string) => {
      const form = page.getByTestId('log-in-as');
      await form.getByRole('textbox', { name: "User's email" }).fill(email);
      await form.getByRole('button', { name: 'Log in as this user' }).click();
      await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    };
    const backToRoot = async () => {
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: `Back to ${ROOT}` }).click();
      await page.waitForURL((u) => u.pathname === '/platform');
      await page.getByTestId('account-email').filter({ hasText: ROOT }).waitFor();
      await page.getByTestId('projections-table').waitFor();
      expect(await kept(page)).toBeNull();
    };

    await logInAs(AGENT);
    expect(await page.getByTestId('acting-badge').isVisible()).toBe(true);
    expect(await kept(page)).toMatchObject({ email: ROOT, from: '/platform' });
    await backToRoot();

    // Acting as a supplier's admin, log in as their staff: the way back is still the superadmin's, to /platform.
    await logInAs(ADMIN2);
    await logMeIn(page, STAFF);
    expect(await kept(page)).toMatchObject({ email: ROOT, from: '/platform' });
    await backToRoot();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signing out while acting leaves no session at all', async () => {
    const { context, page, errors } = await signIn(ADMIN);
    await logMeIn(page, STAFF);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(await getStorage(page, 'token')).toBeNull();
    expect(await kept(page)).toBeNull();
    expect(await page.evaluate('document.cookie')).not.toContain('token=');
    // A reload stays signed out: nothing to come back to.
    await page.reload();
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('account-email').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a kept session the API no longer takes (the admin changed their password) ends at sign-in with a message', async () => {
    const { context, page, errors } = await signIn(ADMIN3);
    await page.goto('/admin/activity');
    await page.getByTestId('account-email').filter({ hasText: ADMIN3 }).waitFor();
    await logMeIn(page, STAFF);
    const own = (await kept(page))!.token;
    await fetchContent(web.baseUrl, 'PUT', '/api/auth/changepassword', own, { password: `${TEST_PASSWORD}-new`, passwordRepeat: `${TEST_PASSWORD}-new`, currentPassword: TEST_PASSWORD });
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: `Back to ${ADMIN3}` }).click();
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(pathOf(page)).toBe(`/account/login?returnUrl=${encodeURIComponent('/admin/activity')}`);
    expect(await page.getByTestId('session-message').textContent()).toBe('Your own session could not be restored: it has expired or your password has changed. Sign in again.');
    expect(await getStorage(page, 'token')).toBeNull();
    expect(await kept(page)).toBeNull();
    await shoot(page, 'log-me-in-return-ended-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  if (shotsDir()) {
    it('screenshots in Russian, at 1366×768 and on a phone', async () => {
      const wide = await adminInRussian();
      await logMeIn(wide.page, STAFF);
      await shoot(wide.page, 'log-me-in-acting-header-ru');
      await openAccountMenu(wide.page);
      expect(await wide.page.getByRole('menuitem').first().textContent()).toBe(`Вернуться к ${ADMIN}`);
      await shoot(wide.page, 'log-me-in-acting-ru');
      await wide.context.close();

      const phone = await adminInRussian({ width: 390, height: 844 });
      await logMeIn(phone.page, STAFF);
      expect(await phone.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await openAccountMenu(phone.page);
      await shoot(phone.page, 'log-me-in-acting-phone-ru');
      await phone.context.close();
    });
  }
});
