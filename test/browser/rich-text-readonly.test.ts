import type { BrowserContext } from 'playwright-core';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { apiCall, openTourTab, supplierProfile, tourForm } from './catalog-helpers';
import { openApp } from './shell-helpers';
import { seedCatalogReference } from './tour-suite';

/**
 * The rich text editor read-only (spec 01 §4): a tour's terms while 'Use defaults' is on show the account's text
 * and cannot be edited, by typing, shortcuts or the toolbar. In Russian, which also checks the toolbar's labels.
 */
const web = webSuite({ beforeClose: async () => context?.close() });
let context: BrowserContext | undefined;

let languageId: number;

beforeAll(async () => {
  languageId = await seedCatalogReference(web.app);
}, 120_000);

/** A supplier whose default terms are set, and a tour of it with terms of its own; the tour's id and a token. */
async function tourWithDefaults(): Promise<{ id: number; token: string }> {
  const tenant = await registerTenants(web.app);
  const token = await tokenFor(['admin'], { supplierId: tenant.supplierId });
  const defaults = { cancellationPolicy: [{ hours: 48, percents: 100 }], termsAndConditions: '<p>Default <strong>terms</strong></p>', faq: '', notesToClientPostBooking: '' };
  const profile = await apiCall(web.baseUrl, 'PUT', '/api/suppliers', token, supplierProfile(defaults, { code: 'RTE', name: 'Rich Text Tours LLC' }));
  expect(profile.status).toBe(200);
  await apiCall(web.baseUrl, 'GET', `/api/suppliers/my?after=${String(profile.body.Content.position)}`, token);
  const created = await apiCall(web.baseUrl, 'POST', '/api/tours', token, {
    id: 0,
    nameInternal: 'RTE-1',
    nameDisplay: 'Rich text tour',
    url: '',
    languageId,
    toursCategories: [1],
    recommendedFor: [0],
    termsAndConditions: '<p>Own terms</p>',
    cancellationPolicy: [{ hours: 24, percents: 50 }],
    offers: [],
  });
  expect(created.status).toBe(200);
  const id = Number(created.body.Content.id);
  await apiCall(web.baseUrl, 'GET', `/api/tours/manage/${id}?after=${String(created.body.Content.position)}`, token);
  return { id, token };
}

describe('rich text editor, read-only', () => {
  it("cannot be edited while a tour uses the account's default terms", async () => {
    const { id, token } = await tourWithDefaults();
    const opened = await openApp(web.browser, web.baseUrl, `/tours/${id}`, { token, lang: 'ru', height: 900 });
    context = opened.context;
    context.setDefaultTimeout(15_000);
    const { page, errors } = opened;
    await tourForm(page).waitFor({ timeout: 30_000 });
    await openTourTab(page, 'terms');

    const editor = tourForm(page).locator('[contenteditable]').first();
    const toolbar = tourForm(page).getByRole('toolbar', { name: 'Форматирование' }).first();
    const names = ['Полужирный', 'Курсив', 'Подчёркнутый', 'Маркированный список', 'Нумерованный список', 'Ссылка', 'Очистить форматирование'];
    for (const name of names) expect(await toolbar.getByRole('button', { name, exact: true }).isDisabled()).toBe(false);
    expect([await editor.getAttribute('contenteditable'), await editor.innerHTML()]).toEqual(['true', '<p>Own terms</p>']);

    await page.getByTestId('terms-defaults').getByRole('switch').click();
    expect(await editor.innerHTML()).toBe('<p>Default <strong>terms</strong></p>');
    expect([await editor.getAttribute('contenteditable'), await editor.getAttribute('tabindex'), await editor.getAttribute('aria-readonly')]).toEqual(['false', '-1', 'true']);
    for (const name of names) expect(await toolbar.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    // Neither typing nor a shortcut changes it, and Ctrl+K opens no link box.
    await editor.click();
    await page.keyboard.type('more');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Control+k');
    expect(await page.getByRole('dialog', { name: 'Ссылка' }).count()).toBe(0);
    expect(await editor.innerHTML()).toBe('<p>Default <strong>terms</strong></p>');

    // Switched off again, the editor is editable and keeps the text.
    await page.getByTestId('terms-defaults').getByRole('switch').click();
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' now');
    expect(await editor.textContent()).toBe('Default terms now');
    expect(errors).toEqual([]);
  }, 180_000);
});
