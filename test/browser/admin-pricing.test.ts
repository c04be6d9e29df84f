import AxeBuilder from '@axe-core/playwright';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { openApp, waitUntil } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/**
 * The Pricing tab of /admin: an admin sees the VAT, the default commission and the dollar rate new valid periods are
 * priced with (the platform's defaults until the supplier saves its own), changes them with the keyboard and saves;
 * a save over someone else's newer one is refused with a Reload; the tab reads in Russian.
 */
const web = webSuite();
let adminToken: string;

const shoot = screenshotsTo();

beforeAll(async () => {
  const { supplierId } = await registerTenants(web.app);
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId, fullName: 'Pia Pricing' });
  adminToken = await tokenFor(['admin'], { email: admin.email, fullName: 'Pia Pricing', supplierId });
});

const settings = async () => {
  const res = await fetch(`${web.baseUrl}/api/account/settings`, { headers: { Authorization: `Bearer ${adminToken}` } });
  return ((await res.json()) as { Content: { taxes: { name: string; amount: number }[]; defaultCommission: number; currencyConversionSettings: { convRate: number; convType: string }; version: number | null } }).Content;
};

it('changes the VAT, the commission and the rate; a save over a newer one offers Reload', async () => {
  const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/pricing', { token: adminToken });
  try {
    const form = page.getByTestId('pricing-form');
    await form.waitFor();
    expect(await page.locator('#admin-tab-title').textContent()).toBe('Pricing');
    expect(await page.getByLabel('VAT').inputValue()).toBe('5');
    expect(await page.getByLabel('Default commission').inputValue()).toBe('20');
    expect(await page.getByLabel('Rate').inputValue()).toBe('3.65');
    await form.getByText('USD 100.00 = AED 365.00').waitFor();
    await shoot(page, 'admin-pricing-en');

    await page.getByLabel('VAT').fill('7.5');
    await page.getByLabel('Default commission').fill('');
    await page.getByTestId('pricing-save').click();
    await form.getByText('The default commission must be between 0 and 100 %').waitFor();
    await page.getByLabel('Default commission').fill('15');
    await page.getByLabel('Rate').fill('3.6725');
    await form.getByText('USD 100.00 = AED 367.25').waitFor();
    await page.getByLabel('Rate').press('Enter');
    await page.getByTestId('notification').filter({ hasText: 'New valid periods are priced with these settings.' }).waitFor();
    const saved = await settings();
    expect(saved).toMatchObject({ defaultCommission: 15, currencyConversionSettings: { convRate: 3.6725, convType: 'multiply' }, version: 0 });
    expect(saved.taxes).toEqual([{ name: 'VAT', amount: 7.5, amountK: 1.075 }]);

    // Someone else saves meanwhile: this tab's save is refused and Reload shows theirs.
    const put = await fetch(`${web.baseUrl}/api/account/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...saved, defaultCommission: 12 }),
    });
    expect(put.status).toBe(200);
    await page.getByLabel('VAT').fill('6');
    await page.getByTestId('pricing-save').click();
    await page.getByTestId('pricing-conflict').waitFor();
    await page.getByTestId('pricing-reload').click();
    await page.getByTestId('pricing-conflict').waitFor({ state: 'detached' });
    await waitUntil(page, `document.activeElement?.getAttribute('name') === 'vat'`);
    expect(await page.getByLabel('Default commission').inputValue()).toBe('12');
    expect(await page.getByLabel('VAT').inputValue()).toBe('7.5');

    // Unsaved values are not lost to a click on another admin tab: the page asks first.
    await page.getByLabel('Rate').fill('3.7');
    await page.getByTestId('admin-tab-core').click();
    await page.getByTestId('admin-leave-dialog').waitFor();
    await page.getByTestId('admin-stay').click();
    expect(new URL(page.url()).pathname).toBe('/admin/pricing');
    expect(await page.getByLabel('Rate').inputValue()).toBe('3.7');
    await page.getByTestId('pricing-discard').click();
    await page.getByTestId('admin-tab-core').click();
    await page.waitForURL((u) => u.pathname === '/admin/core');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('reads in Russian, the rate divided the other way round', async () => {
  const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/pricing', { token: adminToken, lang: 'ru' });
  try {
    await page.getByTestId('pricing-form').waitFor();
    expect(await page.locator('#admin-tab-title').textContent()).toBe('Цены');
    await page.getByLabel('Пересчёт').selectOption('divide');
    // Figures with a decimal comma, shown and typed.
    expect(await page.getByLabel('НДС').inputValue()).toBe('7,5');
    await page.getByLabel('Курс').fill('0,274');
    await page.getByTestId('pricing-form').getByText('USD 100,00 = AED 364,96').waitFor();
    expect(await page.getByLabel('Курс').inputValue()).toBe('0,274');
    // A number field says what it did not take as typed, in the screen's language: a third decimal, a value past its bound.
    const vat = page.getByLabel('НДС');
    await vat.press('End');
    await vat.pressSequentially('50');
    expect([await vat.inputValue(), await page.getByTestId('vat-notice').textContent()]).toEqual(['7,55', 'Не больше 2 знаков после запятой']);
    await vat.fill('1000');
    expect([await vat.inputValue(), await page.getByTestId('vat-notice').textContent()]).toEqual(['100', 'Не больше 100: исправлено на 100']);
    await shoot(page, 'admin-pricing-ru');
    // No serious or critical axe findings in the tab's card (labels, names, contrast).
    const axe = await new AxeBuilder({ page }).setLegacyMode(true).include('[data-testid=admin-pricing]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
