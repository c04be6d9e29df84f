import { CommandBus } from '@nestjs/cqrs';
import type { Page } from 'playwright-core';
import { systemContext } from '@tbo/kernel';
import { SaveReferenceItemCommand } from '@tbo/reference';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { openApp } from './shell-helpers';
import { expectNotificationsClearOf } from './shell-support';
import { screenshotsTo, shotsDir } from './screenshots';

/**
 * The admin settings (spec 02 §2, §3, §5; spec 01 §2, §5 for the cancellation policy): an admin of a supplier edits
 * the business profile, the contacts and the default cancellation policy across the tabs of one form, saves,
 * reloads and sees what was saved; someone else's save in between is a 409 with a reload; an editor is turned away.
 * With SHOTS_DIR=<dir> it also writes screenshots (1366×768 and 1920×1080, en and ru).
 */
const web = webSuite();
let adminToken: string;
let supplierId: number;

const UAE = { id: 784, code: 'AE', name: 'United Arab Emirates' };
const OMAN = { id: 512, code: 'OM', name: 'Oman' };

beforeAll(async () => {
  ({ supplierId } = await registerTenants(web.app));
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId, fullName: 'Ada Admin' });
  adminToken = await tokenFor(['admin'], { email: admin.email, fullName: 'Ada Admin', supplierId });
  // Countries come from the reference seed in a real database; this run's database starts empty.
  const bus = web.app.get(CommandBus);
  for (const c of [UAE, OMAN]) {
    try {
      await bus.execute(new SaveReferenceItemCommand('Country', { id: c.id, name: c.name, code: c.code }, systemContext('admin-settings-test'), { naturalId: true }));
    } catch {
      /* another test of this run saved it already */
    }
  }
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${web.baseUrl}/api/countries/options`, { headers: { Authorization: `Bearer ${adminToken}` } });
    const body = (await res.json()) as { Content: { label: string }[] | null };
    if (body.Content?.some((o) => o.label === OMAN.name)) break;
    if (Date.now() > deadline) throw new Error('the seeded countries never reached the options');
    await new Promise((r) => setTimeout(r, 100));
  }
});

const form = (page: Page) => page.getByTestId('admin-form');
const tab = (page: Page, key: string) => page.getByTestId(`admin-tab-${key}`);
/** Opens a tab and waits until it shows. */
async function openTab(page: Page, key: string): Promise<void> {
  await tab(page, key).click();
  await page.waitForURL((u) => u.pathname === `/admin/${key}`);
  await page.locator('#admin-tab-title').filter({ hasText: (await tab(page, key).textContent())!.trim() }).waitFor();
}
const contact = (page: Page, group: string, slot: string) => page.getByTestId(`${group}-${slot}`);
const policy = (page: Page) => page.getByTestId('default-cancellation-policy');

async function policyRows(page: Page): Promise<string[]> {
  const rows = policy(page).getByTestId('cp-row');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    if (await row.getByTestId('cp-hours').count()) out.push(`editing ${await row.getByTestId('cp-hours').inputValue()}/${await row.getByTestId('cp-percents').inputValue()}`);
    else out.push(`${(await row.getByTestId('cp-hours-value').textContent())?.trim()}/${(await row.getByTestId('cp-percents-value').textContent())?.trim()}`);
  }
  return out;
}

async function addPolicyRow(page: Page, hours: string, percents: string): Promise<void> {
  await policy(page).getByTestId('cp-add').click();
  const row = policy(page).getByTestId('cp-row').last();
  await row.getByTestId('cp-hours').fill(hours);
  await row.getByTestId('cp-percents').fill(percents);
  // Enter applies the row (and must not submit the page's form).
  await row.getByTestId('cp-percents').press('Enter');
}

const shoot = screenshotsTo({ fullPage: true });

describe('admin settings', () => {
  it('edits the business profile, contacts and default cancellation policy; saves; a reload shows them', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin', { token: adminToken });
    await page.waitForURL((u) => u.pathname === '/admin/core');
    await form(page).waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Admin settings');
    expect(await tab(page, 'core').getAttribute('aria-current')).toBe('page');

    // Required fields (spec 02 §5), with asterisks.
    await page.getByTestId('admin-save').click();
    await expect_text(page.locator('.tbo-field__error').first(), 'Business code is required');
    expect(await page.locator('.tbo-field__error').allTextContents()).toEqual(['Business code is required', 'Legal name is required']);
    expect(await form(page).locator('.tbo-field__required').count()).toBe(2);

    // Core tab.
    await page.getByLabel('Business code').fill('DT-001');
    await page.getByLabel('Legal name').fill('Dune Tours LLC');
    await page.getByLabel('Tax registration number').fill('TRN-100200300');
    await page.getByLabel('Trade licence number').fill('TL-778899');
    await page.getByLabel('Country').selectOption({ label: UAE.name });
    await page.getByLabel('Address', { exact: true }).fill('Office 12, Sheikh Zayed Road, Dubai');
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByLabel('IBAN').fill('AE070331234567890123456');
    await page.getByLabel('SWIFT code').fill('EBILAEAD');
    await page.getByLabel('Bank name').fill('Emirates NBD');
    await page.getByLabel('Bank branch address').fill('Deira, Dubai');
    expect(await page.locator('.tbo-field__error').count()).toBe(0);
    await shoot(page, 'core-en-1366');

    // Contacts tab: switching keeps the core edits (one form).
    await openTab(page, 'contacts');
    await contact(page, 'customerSupport', 'primary').getByLabel('Name').fill('Sara Support');
    await contact(page, 'customerSupport', 'primary').getByLabel('Phone').fill('+971 4 123 4567');
    await contact(page, 'customerSupport', 'primary').getByLabel('Email').fill('support@dunetours.test');
    await contact(page, 'customerSupport', 'emergency').getByLabel('Phone').fill('+971 50 000 0000');
    await contact(page, 'operationsSupport', 'secondary').getByLabel('Email').fill('ops2@dunetours.test');
    await contact(page, 'accountsDepartment', 'primary').getByLabel('Phone').fill('+971 4 765 4321');
    await contact(page, 'accountsDepartment', 'primary').getByLabel('Email').fill('accounts@dunetours.test');
    await shoot(page, 'contacts-en-1366');
    await openTab(page, 'core');
    expect(await page.getByLabel('Business code').inputValue()).toBe('DT-001');
    await openTab(page, 'contracting');
    // Contracting has its own list (test/browser/contracting.test.ts); the profile's edits stay savable there.
    await page.getByTestId('contracting').waitFor();
    expect(await page.getByText('You have unsaved changes').count()).toBe(1);
    // Staff has its own list (test/browser/staff.test.ts); the profile's edits stay savable there too.
    await openTab(page, 'staff');
    await page.getByTestId('staff-table').waitFor();
    expect(await page.getByText('You have unsaved changes').count()).toBe(1);

    // Default settings: texts and the cancellation policy.
    await openTab(page, 'defaultsettings');
    expect(await policy(page).getByTestId('cp-not-refundable').textContent()).toBe('Warning: Cancellation policy is not specified. Tour is not refundable');
    expect(await page.evaluate(`document.querySelector('[data-testid=default-cancellation-policy] .tbo-cp__box').offsetHeight`)).toBe(150);
    const terms = page.getByRole('textbox', { name: 'Terms and conditions' });
    await terms.click();
    await page.keyboard.type('Tickets are non-transferable.');
    await page.keyboard.press('Enter'); // a new line in the rich text, never a submit
    await page.keyboard.type('Bring your passport.');
    await page.getByRole('textbox', { name: 'FAQ' }).click();
    await page.keyboard.type('Is hotel pick-up included? Yes.');

    await addPolicyRow(page, '48', '100');
    await addPolicyRow(page, '24', '50');
    await addPolicyRow(page, '12', '25');
    expect(await policyRows(page)).toEqual(['48/100 %', '24/50 %', '12/25 %']);
    expect(await policy(page).getByTestId('cp-not-refundable').count()).toBe(0);
    // Edit the second row inline, then delete the third.
    const second = policy(page).getByTestId('cp-row').nth(1);
    await second.getByTestId('cp-edit').click();
    await second.getByTestId('cp-hours').fill('36');
    await second.getByTestId('cp-percents').fill('60');
    await second.getByTestId('cp-save').click();
    await policy(page).getByTestId('cp-row').nth(2).getByTestId('cp-delete').click();
    expect(await policyRows(page)).toEqual(['48/100 %', '36/60 %']);
    // A row with 0 hours is flagged red with a warning and not applied.
    await addPolicyRow(page, '0', '30');
    const zero = policy(page).getByTestId('cp-row').last();
    expect(await zero.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(`getComputedStyle([...document.querySelectorAll('[data-testid=default-cancellation-policy] [data-testid=cp-row]')].pop().cells[0]).backgroundColor`)).toBe('rgb(253, 236, 236)');
    expect(await policy(page).getByTestId('cp-row-warning').textContent()).toContain('Hours and refund percent must be greater than 0');
    expect(await policyRows(page)).toEqual(['48/100 %', '36/60 %', 'editing 0/30']);
    // An inline edit to 0 percents is refused too, and cancel restores the row.
    const first = policy(page).getByTestId('cp-row').first();
    await first.getByTestId('cp-edit').click();
    await first.getByTestId('cp-percents').fill('0');
    await first.getByTestId('cp-save').click();
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await first.getByTestId('cp-cancel').click();
    expect((await policyRows(page))[0]).toBe('48/100 %');
    await policy(page).scrollIntoViewIfNeeded();
    await shoot(page, 'defaults-en-1366', false);

    // Save: one notification, the form is clean again.
    expect(await page.getByText('You have unsaved changes').count()).toBe(1);
    await page.getByTestId('admin-save').click();
    const note = page.getByTestId('notification').filter({ hasText: 'Business profile saved' });
    await note.waitFor();
    // Announced (the notification area is a polite live region), and clear of the sticky save bar's buttons.
    expect(await page.getByTestId('notifications').getAttribute('aria-live')).toBe('polite');
    await expectNotificationsClearOf(page, [page.getByTestId('admin-save'), page.getByTestId('admin-discard')]);
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });

    // Reload: what was saved comes back (the 0-hours row was not saved).
    await page.reload();
    await form(page).waitFor();
    expect(await policyRows(page)).toEqual(['48/100 %', '36/60 %']);
    expect(await page.getByRole('textbox', { name: 'Terms and conditions' }).innerHTML()).toContain('Bring your passport.');
    expect(await page.getByRole('textbox', { name: 'FAQ' }).textContent()).toBe('Is hotel pick-up included? Yes.');
    // Visiting the fields changes nothing: no unsaved-changes state.
    await page.getByRole('textbox', { name: 'Terms and conditions' }).click();
    await page.keyboard.press('Tab');
    await page.getByRole('textbox', { name: 'FAQ' }).click();
    await page.keyboard.press('Tab');
    await page.waitForTimeout(100);
    expect(await page.getByText('You have unsaved changes').count()).toBe(0);
    await openTab(page, 'core');
    expect(await page.getByLabel('Business code').inputValue()).toBe('DT-001');
    expect(await page.getByLabel('Legal name').inputValue()).toBe('Dune Tours LLC');
    expect(await page.getByLabel('Tax registration number').inputValue()).toBe('TRN-100200300');
    expect(await page.getByLabel('Trade licence number').inputValue()).toBe('TL-778899');
    expect(await page.getByLabel('Country').locator('option:checked').textContent()).toBe(UAE.name);
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('Office 12, Sheikh Zayed Road, Dubai');
    expect(await page.getByLabel('IBAN').inputValue()).toBe('AE070331234567890123456');
    expect(await page.getByLabel('Bank branch address').inputValue()).toBe('Deira, Dubai');
    await openTab(page, 'contacts');
    expect(await contact(page, 'customerSupport', 'primary').getByLabel('Name').inputValue()).toBe('Sara Support');
    expect(await contact(page, 'customerSupport', 'primary').getByLabel('Email').inputValue()).toBe('support@dunetours.test');
    expect(await contact(page, 'customerSupport', 'emergency').getByLabel('Phone').inputValue()).toBe('+971 50 000 0000');
    expect(await contact(page, 'operationsSupport', 'secondary').getByLabel('Email').inputValue()).toBe('ops2@dunetours.test');
    expect(await contact(page, 'accountsDepartment', 'primary').getByLabel('Phone').inputValue()).toBe('+971 4 765 4321');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before leaving with unsaved changes, and shows field errors', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/contacts', { token: adminToken });
    await form(page).waitFor();
    await contact(page, 'operationsSupport', 'primary').getByLabel('Email').fill('not-an-email');
    // A phone is free text, as the API takes it ('WhatsApp only'): only the email is refused.
    await contact(page, 'operationsSupport', 'primary').getByLabel('Phone').fill('call me');
    await page.getByTestId('admin-save').click();
    expect(await page.locator('.tbo-field__error').allTextContents()).toEqual(['Enter a valid email address']);
    // Leaving the admin settings asks first; Stay keeps the edits.
    await page.locator('a.brand').click();
    await page.getByTestId('admin-leave-dialog').waitFor();
    await page.getByTestId('admin-stay').click();
    expect(new URL(page.url()).pathname).toBe('/admin/contacts');
    expect(await contact(page, 'operationsSupport', 'primary').getByLabel('Email').inputValue()).toBe('not-an-email');
    await page.locator('a.brand').click();
    await page.getByTestId('admin-leave').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a field reached with Tab is never left under the sticky Save bar', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/admin/core', { token: adminToken });
    await page.getByLabel('Address', { exact: true }).focus();
    // Tab through the rest of the tab's fields: the bank's come last, right above the bar at 1366×768.
    const seen: { name: string; hidden: boolean }[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const at = (await page.evaluate(`(() => { const a = document.activeElement, bar = document.querySelector('.admin-actions');
        return a && bar && !bar.contains(a) && a.matches('input, select, textarea') ? { name: a.name || a.id, hidden: a.getBoundingClientRect().bottom > bar.getBoundingClientRect().top } : null; })()`)) as { name: string; hidden: boolean } | null;
      if (at) seen.push(at);
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((f) => f.hidden).map((f) => f.name)).toEqual([]);
    await context.close();
  });

  it("someone else's save in between is a 409 with a reload", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/core', { token: adminToken });
    await form(page).waitFor();
    await page.getByLabel('Address', { exact: true }).fill('My address');
    // Another admin saves first.
    const headers = { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const current = (await (await fetch(`${web.baseUrl}/api/suppliers/my`, { headers })).json()) as { Content: Record<string, unknown> };
    const other = { ...current.Content, address: 'Their address' };
    const put = await fetch(`${web.baseUrl}/api/suppliers`, { method: 'PUT', headers, body: JSON.stringify(other) });
    expect(put.status).toBe(200);
    await page.getByTestId('admin-save').click();
    await page.getByTestId('admin-conflict').waitFor();
    await page.getByTestId('admin-reload').click();
    await page.getByTestId('admin-conflict').waitFor({ state: 'detached' });
    await waitForValue(page, 'Address', 'Their address');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a save from a list tab shows its 409 with Reload there, and an error that belongs to no field', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/core', { token: adminToken });
    await form(page).waitFor();
    await page.getByLabel('Address', { exact: true }).fill('Saved from the staff tab');
    await tab(page, 'staff').click();
    await page.waitForURL((u) => u.pathname === '/admin/staff');
    await form(page).getByTestId('admin-save').waitFor();
    // Another admin saves first.
    const headers = { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const current = (await (await fetch(`${web.baseUrl}/api/suppliers/my`, { headers })).json()) as { Content: Record<string, unknown> };
    const put = await fetch(`${web.baseUrl}/api/suppliers`, { method: 'PUT', headers, body: JSON.stringify({ ...current.Content, address: 'Their staff-tab address' }) });
    expect(put.status).toBe(200);
    await form(page).getByTestId('admin-save').click();
    await form(page).getByTestId('admin-conflict').waitFor();
    await form(page).getByTestId('admin-reload').click();
    await page.getByTestId('admin-conflict').waitFor({ state: 'detached' });
    // Reloaded: nothing is pending any more, so the list tab has nothing to save.
    await form(page).waitFor({ state: 'detached' });

    await tab(page, 'core').click();
    await waitForValue(page, 'Address', 'Their staff-tab address');
    await page.getByLabel('Address', { exact: true }).fill('Refused address');
    await tab(page, 'activity').click();
    await page.waitForURL((u) => u.pathname === '/admin/activity');
    await page.route('**/api/suppliers', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 400, Content: null, ErrorTitle: 'Bad request', ErrorMessage: 'The profile cannot be saved right now' }) })
        : route.continue(),
    );
    await form(page).getByTestId('admin-save').click();
    await form(page).getByTestId('admin-save-error').getByText('The profile cannot be saved right now').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/activity');
    await page.getByTestId('admin-discard').click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's field errors on the fields, opening their tab", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/defaultsettings', { token: adminToken });
    await form(page).waitFor();
    await page.route('**/api/suppliers', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              IsOk: false,
              Code: 400,
              Content: { errors: { 'paymentDetails.ibanNumber': ['IBAN is not valid'] } },
              ErrorTitle: 'Validation error',
              ErrorMessage: 'paymentDetails.ibanNumber: IBAN is not valid',
            }),
          })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'FAQ' }).click();
    await page.keyboard.type(' More.');
    await page.getByTestId('admin-save').click();
    await page.waitForURL((u) => u.pathname === '/admin/core');
    const iban = page.getByLabel('IBAN');
    await page.locator('.tbo-field__error').filter({ hasText: 'IBAN is not valid' }).waitFor();
    expect(await iban.getAttribute('aria-invalid')).toBe('true');
    await waitFocused(page, 'IBAN');
    expect(await page.getByTestId('admin-save-error').textContent()).toContain('IBAN is not valid');
    expect(await tab(page, 'core').locator('.admin-tabs__error').count()).toBe(1);
    await page.unroute('**/api/suppliers');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an editor opening /admin/core sees 'You are not allowed to access this page'", async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/admin/core', { token: await tokenFor(['editor'], { supplierId }) });
    const denial = page.getByTestId('not-allowed');
    await denial.waitFor();
    expect(await denial.textContent()).toContain('You are not allowed to access this page');
    expect(await page.getByTestId('admin-settings').count()).toBe(0);
    await context.close();
  });

  it('an unknown tab goes to /admin/core', async () => {
    const { context, page } = await openApp(web.browser, web.baseUrl, '/admin/nonsense', { token: adminToken });
    await page.waitForURL((u) => u.pathname === '/admin/core');
    await form(page).waitFor();
    await context.close();
  });

  if (shotsDir()) {
    it.each([
      ['en', 1366, 768],
      ['ru', 1366, 768],
      ['en', 1920, 1080],
      ['ru', 1920, 1080],
    ] as const)('screenshots %s %ix%i', async (lang, width, height) => {
      for (const key of ['core', 'contacts', 'staff', 'defaultsettings']) {
        const { context, page } = await openApp(web.browser, web.baseUrl, `/admin/${key}`, { token: adminToken, lang, width, height });
        await form(page).waitFor();
        await page.waitForTimeout(300);
        await shoot(page, `${key}-${lang}-${width}`, false);
        await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
        await page.waitForTimeout(200);
        await shoot(page, `${key}-${lang}-${width}-bottom`, false);
        await context.close();
      }
    });
  }
});

async function expect_text(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.waitFor();
  expect((await locator.textContent())?.trim()).toBe(text);
}

async function waitForValue(page: Page, label: string, value: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await page.getByLabel(label, { exact: true }).inputValue()) !== value) {
    if (Date.now() > deadline) throw new Error(`${label} never became ${value}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitFocused(page: Page, label: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  const id = await page.getByLabel(label, { exact: true }).getAttribute('id');
  while (!(await page.evaluate(`document.activeElement?.id === ${JSON.stringify(id)}`))) {
    if (Date.now() > deadline) throw new Error(`${label} never got the focus`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
