import type { Locator, Page } from 'playwright-core';

/** Shared by the catalog browser tests (tour-edit, offer-edit, catalog-flow). */

export type Json = Record<string, unknown>;

/** A JSON call to the API under test with a bearer token; the answer's status and envelope. */
export async function apiCall(baseUrl: string, method: string, path: string, auth: string, body?: unknown): Promise<{ status: number; body: { Content: Json; ErrorTitle: string | null; ErrorMessage: string | null } }> {
  const res = await fetch(`${baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${auth}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as never };
}

/** apiCall against the suite's API (its base URL is read at call time, once set-up has run). */
export const apiOf = (web: { readonly baseUrl: string }) => (method: string, path: string, auth: string, body?: unknown) => apiCall(web.baseUrl, method, path, auth, body);

/** A fresh supplier's account settings: the spec's defaults (VAT 5 %, 3.65 AED per $ multiply, commission 20 %). */
export const DEFAULT_ACCOUNT_SETTINGS = {
  taxes: [{ name: expect.any(String), amount: 5, amountK: 1.05 }],
  defaultCommission: 20,
  currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' },
};

export const tourForm = (page: Page) => page.getByTestId('tour-form');
export const tourTab = (page: Page, key: string) => page.getByTestId(`tour-tab-${key}`);

export async function openTourTab(page: Page, key: string): Promise<void> {
  await tourTab(page, key).click();
  expect(await tourTab(page, key).getAttribute('aria-selected')).toBe('true');
}

/** The tour form's field (label, control, error) whose label starts with the text. */
export const tourField = (page: Page, label: string): Locator =>
  tourForm(page)
    .locator('.tbo-field')
    .filter({ has: page.locator('.tbo-field__label', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }) });

/** Ticks options of a tour form multi-select and closes it. */
export async function pickMany(page: Page, label: string, options: string[]): Promise<void> {
  await tourField(page, label).locator('button.tbo-combo').click();
  const popover = page.locator('.tbo-popover.tbo-ms');
  await popover.waitFor();
  for (const o of options) await popover.locator('.tbo-ms__item', { hasText: o }).locator('input').check();
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
}

export const inputValue = (page: Page, testId: string) => page.getByTestId(testId).inputValue();

/** The text of an element once it shows (a message that appears after a click). */
export async function shownText(page: Page, testId: string): Promise<string | null> {
  await page.getByTestId(testId).waitFor();
  return page.getByTestId(testId).textContent();
}

/** Waits (polling, no fixed sleep) until an input shows the expected value. */
export async function waitForValue(page: Page, testId: string, expected: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  let last = '';
  while ((last = await inputValue(page, testId)) !== expected) {
    if (Date.now() > deadline) throw new Error(`${testId} is '${last}', expected '${expected}'`);
    await page.waitForTimeout(25);
  }
}

export async function notification(page: Page, text: string): Promise<void> {
  await page.getByTestId('notification').filter({ hasText: text }).first().waitFor();
}

/** A supplier profile body (PUT /api/suppliers) with the given account defaults (spec 01 §4); everything else blank. */
export function supplierProfile(
  defaults: { cancellationPolicy: { hours: number; percents: number }[]; termsAndConditions: string; faq: string; notesToClientPostBooking: string },
  names: { code: string; name: string } = { code: 'DEF', name: 'Default Tours LLC' },
) {
  const blank = { phone: '', email: '' };
  return {
    ...names,
    taxRegistrationNumber: '',
    tradeLicenseNumber: '',
    countryId: 0,
    address: '',
    paymentDetails: { accountNumber: '', ibanNumber: '', swiftCode: '', bankName: '', bankBranchAddress: '' },
    customerSupport: { primary: { name: '', ...blank }, secondary: { name: '', ...blank }, emergency: { name: '', ...blank } },
    operationsSupport: { primary: blank, secondary: blank, emergency: blank },
    accountsDepartment: { primary: blank, secondary: blank, emergency: blank },
    isAcknowledged: true,
    cancellationPolicy: defaults.cancellationPolicy,
    defaultSettings: { termsAndConditions: defaults.termsAndConditions, faq: defaults.faq, notesToClientPostBooking: defaults.notesToClientPostBooking },
  };
}

/** Each field (by test id) holds its expected value; one assertion naming every field that differs. */
export async function expectValues(page: Page, expected: Record<string, string>): Promise<void> {
  const actual: Record<string, string> = {};
  for (const testId of Object.keys(expected)) actual[testId] = await inputValue(page, testId);
  expect(actual).toEqual(expected);
}
