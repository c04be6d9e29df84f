import type { Knex } from 'knex';
import { waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { claimsOf, registerTenants, registerUser, uniqueEmail } from '../support/identity';
import { headerMenus, openApp, signInThroughForm } from './shell-helpers';
import { screenshotsTo, shotsDir } from './screenshots';

/**
 * The Staff and Activity tabs of the admin settings (issue 17): an admin adds a staff member with a password the
 * server makes and shows once; the new member signs in with it and gets their roles; the activity log then lists
 * the addition with who did it and when, in names and the app's date format.
 */
const web = webSuite();
let adminToken: string;
let supplier: number;

beforeAll(async () => {
  const { supplierId } = await registerTenants(web.app);
  supplier = supplierId;
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId, fullName: 'Ada Admin' });
  adminToken = await tokenFor(['admin'], { email: admin.email, fullName: 'Ada Admin', supplierId });
});

/** With SHOTS_DIR=<dir>, screenshots at 1366×768. */
const shoot = screenshotsTo();

describe('staff and activity', () => {
  it('an admin adds a staff member, who signs in with their roles; the activity log shows it', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/staff', { token: adminToken });
    await page.getByTestId('staff-table').waitFor();
    expect(await page.locator('#admin-tab-title').textContent()).toBe('Staff');

    const email = uniqueEmail('laila');
    await page.getByTestId('staff-add').click();
    const dialog = page.getByTestId('staff-add-dialog');
    await dialog.waitFor();
    // Saved empty: every missing part at once, each a sentence, before the server is asked.
    await dialog.getByTestId('staff-dialog-save').click();
    expect(await dialog.getByTestId('staff-dialog-error').textContent()).toBe('Enter the email address. Enter the full name. Choose at least one role.');
    await dialog.getByTestId('staff-email').fill('laila@');
    await dialog.getByTestId('staff-dialog-save').click();
    expect(await dialog.getByTestId('staff-dialog-error').textContent()).toBe('Enter a valid email address. Enter the full name. Choose at least one role.');
    await dialog.getByTestId('staff-email').fill(email);
    await dialog.getByTestId('staff-full-name').fill('Laila Editor');
    await dialog.getByTestId('staff-role-editor').check();
    await dialog.getByTestId('staff-role-operations').check();
    await shoot(page, 'staff-add-en');
    await dialog.getByTestId('staff-dialog-save').click();
    const password = (await page.getByTestId('staff-generated-password').textContent()) ?? '';
    expect(password).toMatch(/^[\w-]{16}$/);
    await shoot(page, 'staff-password-en');
    await page.getByTestId('staff-notice-done').click();
    const row = page.locator(`[data-testid=staff-row][data-email="${email}"]`);
    await row.waitFor();
    expect(await row.getByTestId('staff-row-roles').textContent()).toBe('Editor, Operations');
    expect(await row.locator('td').nth(3).textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await shoot(page, 'staff-en');

    // The activity log: who (by name), what, which item (by name, linked), when (DD.MM.YYYY HH:MM). It is a read
    // model (it may lag a moment behind a change): let it catch up first.
    const store = web.app.get<EventStore>(EVENT_STORE);
    expect(await waitForProjection(web.app.get<Knex>(KNEX), store, 'activity', (await store.headPosition())!, 10_000)).toBe(true);
    await page.getByTestId('admin-tab-activity').click();
    const first = page.getByTestId('activity-table').locator('.ag-row').first();
    await first.getByTestId('activity-item-link').waitFor();
    const cells = await first.locator('[col-id]').allTextContents();
    expect(cells.map((c) => c.trim())).toEqual([expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/), 'Ada Admin', 'User added', 'User', 'Laila Editor']);
    await shoot(page, 'activity-en');
    expect(errors).toEqual([]);
    await context.close();

    // The new member signs in through the form with the password shown once, and gets their roles' menus.
    const member = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(member.page, email, password);
    await member.page.waitForURL((u) => u.pathname !== '/account/login');
    const token = await member.page.evaluate(`localStorage.getItem('token')`);
    expect(claimsOf(String(token))).toMatchObject({ sub: email, role: ['editor', 'operations'] });
    const menus = await headerMenus(member.page);
    expect(menus.some((m) => m.startsWith('Manage'))).toBe(true);
    expect(menus.some((m) => m.startsWith('Admin'))).toBe(false);
    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it('a keyboard user deactivates a member: the focus stays on the button through the busy call, which takes one press', async () => {
    const member = await registerUser(web.app, { roles: ['operations'], supplierId: supplier, fullName: 'Kofi Keys' });
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/staff', { token: adminToken });
    // Hold the answer until the test lets it go, so the busy state can be looked at.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let calls = 0;
    await page.route('**/api/staff/*/active', async (route) => {
      calls += 1;
      await held;
      await route.continue();
    });
    // Which member's Deactivate/Reactivate has the focus, and whether it is disabled.
    const focused = () =>
      page.evaluate(`(() => { const b = document.activeElement; return b?.dataset.testid === 'staff-row-active' ? b.closest('[data-testid=staff-row]').dataset.email + (b.disabled ? ' (disabled)' : '') : String(b?.tagName); })()`);
    const row = page.locator(`[data-testid=staff-row][data-email="${member.email}"]`);
    const button = row.getByTestId('staff-row-active');
    await button.focus();
    await page.keyboard.press('Enter');
    await row.locator('[data-testid=staff-row-active][aria-busy=true]').waitFor();
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await focused()).toBe(member.email);
    // A second press while busy does nothing.
    await page.keyboard.press('Enter');
    release();
    await button.filter({ hasText: 'Reactivate' }).waitFor();
    expect(calls).toBe(1);
    expect(await focused()).toBe(member.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  if (shotsDir()) {
    it('screenshots in Russian', async () => {
      for (const tab of ['staff', 'activity']) {
        const { context, page } = await openApp(web.browser, web.baseUrl, `/admin/${tab}`, { token: adminToken, lang: 'ru' });
        await page.getByTestId(`${tab}-table`).waitFor();
        await page.waitForTimeout(500);
        await shoot(page, `${tab}-ru`);
        await context.close();
      }
    });
  }
});
