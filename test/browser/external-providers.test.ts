import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { tokenFor } from '../support/api';
import { fetchContent, webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { OCTO_PRODUCTS, startOctoProvider, type OctoProvider } from '../support/octo-provider';
import { screenshotsTo } from './screenshots';
import { headerMenus, openApp, pathOf, retryUntil } from './shell-helpers';

/** With SHOTS_DIR=<dir>, screenshots for a person to look at. */
const shot = screenshotsTo();

// The fake provider listens on 127.0.0.1, an address a provider may name only with this allowance (tests only).
process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE = '1';

/**
 * The external providers screen (/externalproviders, admin only) against the real API, Postgres and a local OCTO
 * provider: the required messages, add, test connection (the product count, or the provider's refusal), the list
 * after a reload without the key, an edit that keeps the key, a version conflict with Reload, delete with its
 * confirmation; an editor has no menu link and is refused the page.
 */

let octo: OctoProvider | undefined;
const web = webSuite({ beforeClose: () => octo?.close() ?? Promise.resolve(), testTimeoutMs: 180_000 });

const tag = randomBytes(3).toString('hex');
const NAME = `Desert Tickets ${tag}`;
const RENAMED = `Dune Tickets ${tag}`;
let token: string;
let editorToken: string;

const api = <T>(method: string, path: string, body?: unknown) => fetchContent<T>(web.baseUrl, method, path, token, body);
interface Provider {
  id: number;
  name: string;
  baseUrl: string;
  hasApiKey: boolean;
  version: number;
}

beforeAll(async () => {
  octo = await startOctoProvider();
  const { supplierId } = await registerTenants(web.app);
  token = await tokenFor(['admin'], { supplierId, email: `providers.${tag}@test.local`, fullName: 'Petra Providers' });
  editorToken = await tokenFor(['editor'], { supplierId, email: `providers.editor.${tag}@test.local` });
}, 240_000);

const table = (page: Page) => page.getByTestId('providers-table');
const listNames = (page: Page) => table(page).getByTestId('provider-row-name').allTextContents();
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const nameCell = (page: Page, name: string) => table(page).getByTestId('provider-row-name').filter({ hasText: exactly(name) });
/** A row's cells by test id: pinned columns sit in rows of their own, so the row is found by its id. */
async function cell(page: Page, name: string, testId: string) {
  const id = await nameCell(page, name).getAttribute('data-provider-id');
  return table(page).locator(`.ag-row[row-id="${id}"] [data-testid=${testId}]`);
}
const fieldError = (page: Page, label: string) => page.getByTestId('provider-dialog').locator('.tbo-field').filter({ hasText: label }).locator('.tbo-field__error');
const notification = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text }).first();
const dialog = (page: Page) => page.getByTestId('provider-dialog');
const input = (page: Page, name: string) => dialog(page).locator(`input[name=${name}]`);

async function openEdit(page: Page, name: string): Promise<void> {
  await (await cell(page, name, 'provider-row-edit')).click();
  await dialog(page).waitFor();
  expect(await input(page, 'name').inputValue()).toBe(name);
}

describe('external providers', () => {
  it('adds a provider after its required messages, tests its connection, lists it without the key, edits it keeping the key, deletes it', async () => {
    const { page, context, errors } = await openApp(web.browser, web.baseUrl, '/externalproviders', { token });
    await table(page).waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('External Providers');
    expect(await headerMenus(page)).toContain(
      'Manage: Tours=/tours, Time Slots=/timeslots, Pick-up Times=/pickuptimes, Availability Chart=/availability, External Providers=/externalproviders, Media Manager=/mediamanager',
    );

    // Add: the required messages first, then a base URL that is not http(s).
    await page.getByTestId('provider-add').click();
    await dialog(page).waitFor();
    expect(await dialog(page).getByRole('heading').textContent()).toBe('New external provider');
    expect(await input(page, 'apiKey').getAttribute('type')).toBe('password');
    expect(await dialog(page).getByTestId('provider-test').isDisabled()).toBe(true);
    await dialog(page).getByTestId('provider-save').click();
    expect(await fieldError(page, 'Name').textContent()).toBe('Provider name is required');
    expect(await fieldError(page, 'Base URL').textContent()).toBe('Base URL is required');
    expect(await fieldError(page, 'API key').textContent()).toBe('API key is required');
    await input(page, 'name').fill(NAME);
    await input(page, 'baseUrl').fill('ftp://octo.example.com');
    await input(page, 'apiKey').fill(octo!.apiKey);
    await retryUntil(async () => expect(await fieldError(page, 'Base URL').textContent()).toBe('Base URL must be an http or https address'), 5000);
    expect(await fieldError(page, 'Name').count()).toBe(0);
    await input(page, 'baseUrl').fill(`${octo!.baseUrl}/`);
    await dialog(page).getByTestId('provider-save').click();
    await dialog(page).waitFor({ state: 'detached' });
    await notification(page, `${NAME} was saved.`).waitFor();
    await retryUntil(async () => expect(await listNames(page)).toEqual([NAME]), 10_000);
    expect(await (await cell(page, NAME, 'provider-row-url')).textContent()).toBe(octo!.baseUrl);
    expect(await (await cell(page, NAME, 'provider-row-key')).getAttribute('data-on')).toBe('true');
    const id = Number(await nameCell(page, NAME).getAttribute('data-provider-id'));

    // Test connection: how many products the provider answered.
    await openEdit(page, NAME);
    expect(await input(page, 'apiKey').inputValue()).toBe('');
    expect(await input(page, 'apiKey').getAttribute('placeholder')).toBe('Stored — leave empty to keep');
    await dialog(page).getByTestId('provider-test').click();
    expect(await dialog(page).getByTestId('provider-test-result').textContent()).toBe(`Connected: the provider answered ${OCTO_PRODUCTS.length} products.`);
    await dialog(page).getByTestId('provider-cancel').click();
    await dialog(page).waitFor({ state: 'detached' });

    // A reload lists it; the key is nowhere on the page.
    await page.reload();
    await retryUntil(async () => expect(await listNames(page)).toEqual([NAME]), 10_000);
    expect(await page.content()).not.toContain(octo!.apiKey);

    // Edit: a new name, the key left empty (kept: the provider still answers).
    await openEdit(page, NAME);
    await input(page, 'name').fill(RENAMED);
    expect(await dialog(page).getByTestId('provider-test').isDisabled()).toBe(true);
    await dialog(page).getByTestId('provider-save').click();
    await dialog(page).waitFor({ state: 'detached' });
    await retryUntil(async () => expect(await listNames(page)).toEqual([RENAMED]), 10_000);
    const stored = await api<Provider>('GET', `/api/connectivity/providers/${id}`);
    expect(stored).toMatchObject({ name: RENAMED, hasApiKey: true, version: 1 });
    expect(await api<unknown[]>('GET', `/api/timeslots/externaloffers?apiproviderid=${id}`)).toHaveLength(OCTO_PRODUCTS.length);

    // Someone else saves (with a wrong key) while the form is open: a stale save offers Reload; the test shows the refusal.
    await openEdit(page, RENAMED);
    await api('PUT', '/api/connectivity/providers', { id, name: `${RENAMED} (other)`, baseUrl: octo!.baseUrl, apiKey: 'not-the-key', version: 1 });
    await input(page, 'name').fill(`${RENAMED} (mine)`);
    await dialog(page).getByTestId('provider-save').click();
    await dialog(page).getByTestId('provider-conflict').waitFor();
    await dialog(page).getByTestId('provider-reload').click();
    await dialog(page).getByTestId('provider-conflict').waitFor({ state: 'detached' });
    expect(await input(page, 'name').inputValue()).toBe(`${RENAMED} (other)`);
    await dialog(page).getByTestId('provider-test').click();
    const refused = dialog(page).getByTestId('provider-test-result');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/^Connection failed: .*The provider refused the API key \(HTTP 401\)/);
    // A new key put right: the test answers the products again.
    await input(page, 'apiKey').fill(octo!.apiKey);
    await dialog(page).getByTestId('provider-save').click();
    await dialog(page).waitFor({ state: 'detached' });
    await retryUntil(async () => expect(await listNames(page)).toEqual([`${RENAMED} (other)`]), 10_000);
    expect(await api<unknown[]>('GET', `/api/timeslots/externaloffers?apiproviderid=${id}`)).toHaveLength(OCTO_PRODUCTS.length);

    // Delete, after the confirmation.
    await (await cell(page, `${RENAMED} (other)`, 'provider-row-delete')).click();
    const confirm = page.getByTestId('provider-delete-dialog');
    expect(await confirm.textContent()).toContain(`Are you sure you want to delete the provider '${RENAMED} (other)'?`);
    await confirm.getByTestId('provider-delete-yes').click();
    await notification(page, `${RENAMED} (other) was deleted.`).waitFor();
    await retryUntil(async () => expect(await listNames(page)).toEqual([]), 10_000);
    expect(await api<Provider[]>('GET', '/api/connectivity/providers')).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Russian', async () => {
    const { page, context } = await openApp(web.browser, web.baseUrl, '/externalproviders', { token, lang: 'ru' });
    await table(page).waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Внешние поставщики');
    await retryUntil(async () => expect(await table(page).getAttribute('aria-busy')).toBe('false'), 10_000);
    await shot(page, 'external-providers-ru');
    await page.getByTestId('provider-add').click();
    await dialog(page).getByTestId('provider-save').click();
    expect(await fieldError(page, 'Название').textContent()).toBe('Укажите название поставщика');
    await context.close();
  });

  it('is not for an editor: no menu link, and the page is refused', async () => {
    const { page, context } = await openApp(web.browser, web.baseUrl, '/', { token: editorToken });
    const menus = await headerMenus(page);
    expect(menus.find((m) => m.startsWith('Manage:'))).toBe('Manage: Tours=/tours, Time Slots=/timeslots, Pick-up Times=/pickuptimes, Availability Chart=/availability, Media Manager=/mediamanager');
    await page.goto('/externalproviders');
    await page.getByTestId('not-allowed').waitFor();
    expect(pathOf(page)).toBe('/externalproviders');
    expect(await table(page).count()).toBe(0);
    await context.close();
  });
});
