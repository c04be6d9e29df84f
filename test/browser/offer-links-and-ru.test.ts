import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { newValidPeriod } from '@tbo/catalog/src/pricing/price-model.pure';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { DEFAULT_PERIOD_PRICES } from '../support/catalog';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { apiOf, inputValue, supplierProfile, waitForValue } from './catalog-helpers';
import { newTour, offerField } from './offer-helpers';
import { openApp, waitUntil } from './shell-helpers';

/**
 * The ticket page for who is looking at it: the 'Default cancellation policy' links (to /admin/defaultsettings,
 * admins only) are shown only to users who may open that page; an editor sees the policy text without them. And
 * the page in Russian: no English left, the conversion type ('multiply', 'divide') included.
 */
const web = webSuite();
let adminToken: string;
let editorToken: string;
let tourId: number;
let offerId: number;

const api = apiOf(web);

beforeAll(async () => {
  await seedDemo(web.app);
  const mine = await registerTenants(web.app);
  adminToken = await tokenFor(['admin'], { supplierId: mine.supplierId });
  editorToken = await tokenFor(['editor'], { supplierId: mine.supplierId });
  // The tour uses the account's default policy, which the account must have (spec 01 §4).
  const profile = await api(
    'PUT',
    '/api/suppliers',
    adminToken,
    supplierProfile({ cancellationPolicy: [{ hours: 48, percents: 100 }], termsAndConditions: '', faq: '', notesToClientPostBooking: '' }, { code: 'OLR', name: 'Links Tours LLC' }),
  );
  expect(profile.status).toBe(200);
  await api('GET', `/api/suppliers/my?after=${profile.body.Content.position as string}`, adminToken);
  // Cyrillic names, so any Latin text on the Russian page is the page's own.
  tourId = await newTour(web.app, web.baseUrl, adminToken, 'Сафари', { nameDisplay: 'Сафари в пустыне', url: 'safari-ru', isDefaultCancellationPolicy: true });
  const offer = await api('POST', '/api/offers', adminToken, { id: 0, tourId, nameInternal: 'СФ-1', nameDisplay: 'Сафари — стандарт', maxNumOfPeople: 5, numberOfHours: 2 });
  expect(offer.status).toBe(200);
  offerId = offer.body.Content.id as number;
  const { periodStart, periodEnd } = newValidPeriod(new Date());
  const period = await api('POST', '/api/validperiods', adminToken, { id: 0, offerId, periodStart, periodEnd, minimumAdvancedPayment: 0, ...DEFAULT_PERIOD_PRICES });
  expect(period.status).toBe(200);
});

const ticketPage = (token: string, lang: 'en' | 'ru' = 'en', tab = '') => openApp(web.browser, web.baseUrl, `/tours/${tourId}/${offerId}${tab}`, { token, lang });

/** Words in Latin letters on the ticket page (currency codes, B2B and image format names are the same in both languages). */
const SAME_IN_BOTH = ['AED', 'B2B', 'JPEG', 'PNG', 'WebP', 'AVIF'];
async function latinWords(page: Page): Promise<string[]> {
  const text = await page.getByTestId('offer-edit').innerText();
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !SAME_IN_BOTH.includes(w));
}

describe('offer page links by role', () => {
  it("an editor sees the policy text without the 'Default cancellation policy' links", async () => {
    const { context, page, errors } = await ticketPage(editorToken);
    await page.getByTestId('offer-form').waitFor();
    expect(await page.getByTestId('tour-uses-default').textContent()).toBe("The tour uses the account's default cancellation policy.");
    expect(await page.getByTestId('policy-default-link').count()).toBe(0);
    expect(await page.getByTestId('default-policy-link').count()).toBe(0);
    expect(await page.getByText('Default cancellation policy', { exact: true }).count()).toBe(0);
    // The tour's own policy is the editor's to open.
    await page.getByTestId('tour-policy-link').click();
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}` && u.search === '?tab=terms');
    expect(await page.getByTestId('not-allowed').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin sees both links, and they open the default settings', async () => {
    const { context, page, errors } = await ticketPage(adminToken);
    await page.getByTestId('offer-form').waitFor();
    expect(await page.getByTestId('default-policy-link').getAttribute('href')).toBe('/admin/defaultsettings');
    expect(await page.getByTestId('tour-uses-default').textContent()).toBe("The tour uses the account's default cancellation policy. Default cancellation policy");
    await page.getByTestId('policy-default-link').click();
    await page.waitForURL((u) => u.pathname === '/admin/defaultsettings');
    await page.locator('header.app-header').waitFor();
    expect(await page.getByTestId('not-allowed').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offer page in Russian', () => {
  it('shows no English: details, media and the period editor with its conversion type', async () => {
    const { context, page, errors } = await ticketPage(adminToken, 'ru');
    await page.getByTestId('offer-form').waitFor();
    expect(await latinWords(page)).toEqual([]);
    await page.getByTestId('offer-tab-media').click();
    await page.getByTestId('photo-selector').waitFor();
    expect(await latinWords(page)).toEqual([]);
    await page.getByTestId('offer-tab-prices').click();
    await page.getByTestId('period-edit').click();
    const settings = page.getByTestId('period-settings');
    await settings.waitFor();
    expect(await settings.textContent()).toContain('НДС 5 % · 1 $ = 3,65 AED (умножение)');
    expect(await latinWords(page)).toEqual([]);
    await context.close();

    // The account now converts by dividing: the saved period's editor says so, in Russian.
    const changed = await api('PUT', '/api/account/settings', adminToken, {
      taxes: [{ name: 'VAT', amount: 5 }],
      defaultCommission: 20,
      currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 0.274, convType: 'divide' },
    });
    expect(changed.status).toBe(200);
    await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'supplier_profiles', changed.body.Content.position as string, 10_000);
    const again = await ticketPage(adminToken, 'ru', '?tab=prices');
    await again.page.getByTestId('period-edit').click();
    const stale = again.page.getByTestId('period-settings-changed');
    await stale.waitFor();
    expect(await stale.textContent()).toContain('1 AED = 0,274 $ (деление)');
    expect(await latinWords(again.page)).toEqual([]);
    expect([...errors, ...again.errors]).toEqual([]);
    await again.context.close();
  });
});

it('writes prices in Russian with a decimal comma, and takes them typed with one', async () => {
  const { page, context, errors } = await ticketPage(adminToken, 'ru');
  try {
    await page.getByTestId('offer-tab-prices').click();
    await page.getByTestId('period-add').click();
    await page.getByTestId('period-editor').waitFor();
    // The account's rate as the suite left it (3.65 multiply, or 0.274 divide after the test above).
    expect(await page.getByTestId('period-settings').textContent()).toMatch(/(3,65|0,274)/);
    const recUsdVat = offerField(page, 'price-adult-rec-usdVat');
    await recUsdVat.click();
    await recUsdVat.pressSequentially('10,5');
    // The prices follow each keystroke: after '10' they are already whole, so what is waited for is 10,5's net.
    await waitForValue(page, 'price-adult-net-usdVat', '8,4000');
    await waitUntil(page, `/^\\d+,\\d{4}$/.test(document.querySelector('[data-testid="price-adult-rec-aedVat"]').value)`);
    expect(await inputValue(page, 'price-adult-rec-usdVat')).toBe('10,5');
    // Someone saves other account settings meanwhile (the Pricing tab): the refused save reads them again, and the
    // new period's editor offers to recompute with them.
    const now = (await api('GET', '/api/account/settings', adminToken)).body.Content as { currencyConversionSettings: { convType: string } & Record<string, unknown> } & Record<string, unknown>;
    const rate = now.currencyConversionSettings.convType === 'divide' ? { convRate: 3.67, convType: 'multiply' } : { convRate: 0.2725, convType: 'divide' };
    expect((await api('PUT', '/api/account/settings', adminToken, { ...now, currencyConversionSettings: { ...now.currencyConversionSettings, ...rate } })).status).toBe(200);
    await page.getByTestId('period-save').click();
    const changed = page.getByTestId('period-settings-changed');
    await changed.waitFor();
    expect(await changed.textContent()).toContain('после открытия редактора');
    await page.getByTestId('period-recompute').click();
    await changed.waitFor({ state: 'detached' });
    // Closed, the editor hands the focus back to what opened it.
    await page.getByTestId('period-cancel').click();
    await waitUntil(page, `document.activeElement?.dataset.testid === 'period-add'`);
    await page.getByTestId('period-edit').first().click();
    await page.getByTestId('period-cancel').click();
    await waitUntil(page, `document.activeElement?.dataset.testid === 'period-edit'`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
