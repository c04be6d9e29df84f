import { CommandBus } from '@nestjs/cqrs';
import type { Page } from 'playwright-core';
import { SignContractCommand } from '@tbo/booking';
import { waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, KNEX, systemContext, type EventStore } from '@tbo/kernel';
import type { Knex } from 'knex';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { openApp } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/**
 * API keys on the Contracting tab (issue 16): the admin opens an agency's keys, issues one (the form says what is
 * missing first), sees the key once with Copy and the warning, finds only its first characters in the list, and
 * revokes it after confirming. The key opens /octo at once and is refused from the revocation on. The same
 * panel reads in Russian.
 */
const web = webSuite();
let adminToken: string;
let supplierId: number;
let agencyId: number;
let agencyName: string;

beforeAll(async () => {
  ({ supplierId, agencyId, agencyName } = await registerTenants(web.app));
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId, fullName: 'Ada Admin' });
  adminToken = await tokenFor(['admin'], { email: admin.email, fullName: 'Ada Admin', supplierId });
  const db = web.app.get<Knex>(KNEX);
  const store = web.app.get<EventStore>(EVENT_STORE);
  // Signing looks the agency up in the contracts read model.
  await waitForProjection(db, store, 'contracts', (await store.headPosition())!, 10_000);
  const signed = await web.app.get(CommandBus).execute(new SignContractCommand(supplierId, agencyId, 10, systemContext('test')));
  await waitForProjection(db, store, 'contracts', signed.position, 10_000);
});

/** With SHOTS_DIR=<dir>, screenshots of the panel and its dialogs (1366×768, en and ru). */
const shoot = screenshotsTo();

const rowOf = (page: Page) => page.getByTestId('contract-row').filter({ has: page.getByTestId('contract-name').getByText(agencyName, { exact: true }) });
/** A real OCTO route behind the reseller key guard. */
const octoStatus = async (key: string) => (await fetch(`${web.baseUrl}/octo/supplier`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } })).status;

describe('contracting: API keys', () => {
  it('issues a key shown once, lists only its first characters, and revokes it after confirming', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/contracting', { token: adminToken });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.baseUrl });
    const open = rowOf(page).getByTestId('contract-keys');
    await open.click();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByTestId('reseller-keys');
    await panel.getByTestId('keys-empty').waitFor();

    // The name is asked for first.
    await panel.getByTestId('key-issue').click();
    const dialog = page.getByTestId('key-issue-dialog');
    await dialog.waitFor();
    expect(await page.evaluate('document.activeElement.name')).toBe('name');
    await page.keyboard.press('Enter');
    await dialog.locator('.tbo-field__error').getByText('Key name is required').waitFor();
    await page.keyboard.type('Booking engine');
    await page.keyboard.press('Enter');

    // Shown once, with Copy and the warning.
    const issued = page.getByTestId('key-issued-dialog');
    await issued.waitFor();
    await dialog.waitFor({ state: 'detached' });
    const key = await issued.getByTestId('key-issued-value').inputValue();
    expect(key).toMatch(/^tbo_[A-Za-z0-9_-]{43}$/);
    expect(await issued.getByTestId('key-issued-warning').textContent()).toContain('It will not be shown again');
    await issued.getByTestId('key-copy').click();
    await issued.getByTestId('key-copy-status').getByText('The key is copied to the clipboard.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    await shoot(page, 'key-issued-en');
    await issued.getByTestId('key-issued-done').click();
    await issued.waitFor({ state: 'detached' });

    const row = panel.getByTestId('key-row').filter({ hasText: 'Booking engine' });
    await row.waitFor();
    expect(await row.getByTestId('key-prefix').textContent()).toBe(`${key.slice(0, 8)}…`);
    expect(await row.getByTestId('key-last-used').textContent()).toBe('Never');
    expect(await row.getByTestId('key-status').textContent()).toBe('Active');
    expect(await page.content()).not.toContain(key);
    await shoot(page, 'keys-en');

    // The key opens the OCTO API; once used, the list says when.
    expect(await octoStatus(key)).toBe(200);
    await page.reload();
    await rowOf(page).getByTestId('contract-keys').click();
    await page.getByTestId('key-last-used').getByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/).waitFor();

    // Revoking asks first: Cancel keeps the key.
    await page.getByTestId('key-revoke').click();
    const confirm = page.getByTestId('key-revoke-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Revoke the key Booking engine of ${agencyName}?`);
    await shoot(page, 'key-revoke-en');
    await page.getByTestId('key-revoke-no').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('key-status').textContent()).toBe('Active');

    await page.getByTestId('key-revoke').click();
    await page.getByTestId('key-revoke-yes').click();
    await page.getByTestId('key-status').getByText(/^Revoked \d\d\.\d\d\.\d{4} \d\d:\d\d$/).waitFor();
    expect(await page.getByTestId('key-revoke').count()).toBe(0);
    expect(await octoStatus(key)).toBe(403);
    expect(errors).toEqual([]);
    await context.close();

    const ru = await openApp(web.browser, web.baseUrl, '/admin/contracting', { token: adminToken, lang: 'ru' });
    const ruOpen = rowOf(ru.page).getByTestId('contract-keys');
    expect(await ruOpen.textContent()).toBe('API-ключи');
    await ruOpen.click();
    const ruRow = ru.page.getByTestId('key-row');
    await ruRow.waitFor();
    expect(await ruRow.getByTestId('key-status').textContent()).toMatch(/^Отозван \d\d\.\d\d\.\d{4}/);
    expect(await ru.page.getByTestId('reseller-keys').locator('thead').textContent()).toContain('Последнее использование');
    await shoot(ru.page, 'keys-ru');
    await ru.page.getByTestId('key-issue').click();
    await ru.page.getByTestId('key-issue-dialog').locator('input[name=name]').fill('Канал');
    await ru.page.getByTestId('key-issue-dialog-save').click();
    await ru.page.getByTestId('key-issued-dialog').getByText('Больше он показан не будет', { exact: false }).waitFor();
    await shoot(ru.page, 'key-issued-ru');
    await ru.page.getByTestId('key-issued-done').click();
    expect(ru.errors).toEqual([]);
    await ru.context.close();
  });
});
