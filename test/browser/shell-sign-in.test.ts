import { webSuite } from '../support/browser';
import { createUsers, getStorage, headerMenus, holdRoute, linkList, openApp, pathOf, signInThroughForm, signOutThroughMenu, TEST_PASSWORD, waitUntil, type ShellUser } from './shell-helpers';

/**
 * The sign-in form and what follows it, through the UI with real users (spec 01 §2 header table and landing rule,
 * §4 authentication; spec 02 §5 sign-in messages).
 */
const MANAGE = 'Manage: Tours=/tours, Time Slots=/timeslots, Pick-up Times=/pickuptimes, Availability Chart=/availability, Media Manager=/mediamanager';
/** An admin's Manage menu also configures the upstream OCTO providers. */
const ADMIN_MANAGE = 'Manage: Tours=/tours, Time Slots=/timeslots, Pick-up Times=/pickuptimes, Availability Chart=/availability, External Providers=/externalproviders, Media Manager=/mediamanager';
const ADMIN = 'Admin: Core=/admin/core, Contacts=/admin/contacts, Contracting=/admin/contracting, Staff=/admin/staff, Activity=/admin/activity, Default Settings=/admin/defaultsettings, Pricing=/admin/pricing, Ticket Stock=/admin/ticketstock';

/** Admins book as staff agents: they get the Agent menu as a dropdown. */
const AGENT_GROUP = 'Agent: Bookings=/agent/bookings, Commissions=/agent/commissions, Add New Booking=/agent/bookings/add';

const ROLES: { user: ShellUser; lands: string; menus: string[] }[] = [
  { user: { email: 'shell-admin@test.local', fullName: 'Ada Admin', roles: ['admin'] }, lands: '/', menus: ['Arrivals=/arrivals', AGENT_GROUP, 'Bookings=/bookings', 'Manifests=/manifests', 'Reports=/reports', ADMIN_MANAGE, ADMIN] },
  { user: { email: 'shell-editor@test.local', fullName: 'Ed Editor', roles: ['editor'] }, lands: '/', menus: [MANAGE] },
  { user: { email: 'shell-operations@test.local', fullName: 'Olga Ops', roles: ['operations'] }, lands: '/bookings', menus: ['Bookings=/bookings', 'Manifests=/manifests'] },
  { user: { email: 'shell-accounts@test.local', fullName: 'Alan Accounts', roles: ['accounts'] }, lands: '/bookings', menus: ['Bookings=/bookings', 'Reports=/reports'] },
  {
    user: { email: 'shell-agent@test.local', fullName: 'Agnes Agent', roles: ['agent'] },
    lands: '/agent/bookings',
    menus: ['Bookings=/agent/bookings', 'Commissions=/agent/commissions', 'Add New Booking=/agent/bookings/add'],
  },
  { user: { email: 'shell-arrivals@test.local', fullName: 'Arno Arrivals', roles: ['arrivalsmanager'] }, lands: '/arrivals', menus: ['Arrivals=/arrivals'] },
];

const web = webSuite();

beforeAll(async () => {
  await createUsers(web.app, [
    ...ROLES.map((r) => r.user),
    { email: 'shell-agent-admin@test.local', fullName: 'Both Ways', roles: ['agent', 'admin'] },
    { email: 'shell-agent-accounts@test.local', fullName: 'Agent Accounts', roles: ['agent', 'accounts'] },
  ]);
});

describe('sign-in form', () => {
  it("shows 'Email address is required' and 'Password is required' as field tooltips, and sends nothing", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/signin')) calls++;
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectTooltip(page, 'email', 'Email address is required');
    await expectTooltip(page, 'password', 'Password is required');
    // The first wrong field has the focus, so its tooltip is on screen.
    await page.getByRole('tooltip', { name: 'Email address is required' }).waitFor({ state: 'visible' });
    await page.getByLabel('Email address').fill('someone@test.local');
    await page.getByTestId('email-error').waitFor({ state: 'detached' });
    expect(await page.getByTestId('password-error').count()).toBe(1);
    expect(calls).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's 'Wrong email of password' and keeps the visitor signed out", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, 'shell-editor@test.local', 'not-the-password');
    await expect(page.getByTestId('sign-in-error').textContent()).resolves.toContain('Wrong email of password');
    expect(pathOf(page)).toBe('/account/login');
    expect(await getStorage(page, 'token')).toBeNull();
    // Silent call: the form shows the error, no notification repeats it.
    expect(await page.getByTestId('notification').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Enter submits, and the button is disabled while the call runs', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account/login');
    const release = await holdRoute(page, '**/api/auth/signin');
    await page.getByLabel('Email address').fill('shell-editor@test.local');
    await page.locator('input[name=password]').fill(TEST_PASSWORD);
    await page.locator('input[name=password]').press('Enter');
    const submit = page.locator('button[type=submit]');
    await waitUntil(page, 'document.querySelector("button[type=submit]").disabled === true');
    expect(await submit.isDisabled()).toBe(true);
    release();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});

describe('each header role', () => {
  it.each(ROLES)('$user.roles.0 lands on $lands and sees exactly its menus', async ({ user, lands, menus }) => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, user.email, TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === lands);
    expect(await headerMenus(page)).toEqual(menus);
    // The account menu: the user's email, My Profile and Sign Out.
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(user.email);
    await page.locator('[data-menu=account] button').click();
    const items = await linkList(page.locator('[data-menu=account]').getByRole('menuitem'));
    expect(items).toEqual(['My Profile=/account', 'Sign Out=/account/logout']);
    // The token is stored in local storage and in the cookie.
    const token = await getStorage(page, 'token');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'token');
    expect(cookie?.value).toBe(token);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an agent who is also admin gets the agent menu as a dropdown', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, 'shell-agent-admin@test.local', TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/agent/bookings');
    expect(await headerMenus(page)).toEqual([
      'Arrivals=/arrivals',
      'Agent: Bookings=/agent/bookings, Commissions=/agent/commissions, Add New Booking=/agent/bookings/add',
      'Bookings=/bookings',
      'Manifests=/manifests',
      'Reports=/reports',
      ADMIN_MANAGE,
      ADMIN,
    ]);
    await context.close();
  });

  it('an agent with another role who is not an admin keeps the plain links (spec 01 §2)', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, 'shell-agent-accounts@test.local', TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/bookings');
    expect(await headerMenus(page)).toEqual(['Bookings=/agent/bookings', 'Commissions=/agent/commissions', 'Add New Booking=/agent/bookings/add', 'Bookings=/bookings', 'Reports=/reports']);
    await context.close();
  });
});

describe('around sign-in', () => {
  it('a guarded page sends the visitor to sign in and back there afterwards', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/tours/add');
    await page.waitForURL((u) => u.pathname === '/account/login');
    expect(pathOf(page)).toBe(`/account/login?returnUrl=${encodeURIComponent('/tours/add')}`);
    await signInThroughForm(page, 'shell-editor@test.local', TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/tours/add');
    await context.close();
  });

  it('a signed-in user at /account/login goes to /; Sign Out signs out and goes to / (then sign-in)', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, 'shell-admin@test.local', TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/account/login');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('home-title').waitFor();

    await signOutThroughMenu(page, '[data-menu=account] button');
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await context.close();
  });

  it('sign-in clears other local storage but keeps the language', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/account/login', { lang: 'ru' });
    await page.evaluate(`localStorage.setItem('someCache', 'x')`);
    await page.getByLabel('Адрес электронной почты').fill('shell-editor@test.local');
    await page.getByLabel('Пароль').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await getStorage(page, 'someCache')).toBeNull();
    expect(await getStorage(page, 'lang')).toBe('ru');
    await context.close();
  });
});

async function expectTooltip(page: import('playwright-core').Page, field: string, text: string): Promise<void> {
  const error = page.getByTestId(`${field}-error`);
  await error.waitFor({ state: 'attached' });
  expect((await error.locator('[role=tooltip]').textContent())?.trim()).toBe(text);
}
