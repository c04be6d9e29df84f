import { tokenFor } from '../support/api';
import { expectNoA11yViolations } from '../support/a11y';
import { webSuite } from '../support/browser';
import { openApp } from './shell-helpers';

/**
 * The form controls (frontend/src/ui/fields, shown together on /controls) pass axe-core with their popups open,
 * and keep the names that the fixes gave them: the multi-select says its label and what it shows, its panel is
 * named after the field, and a number box carries no range attributes a text box may not have.
 */
const web = webSuite();

describe('form controls on /controls', () => {
  it('name the multi-select and its panel, and pass axe with the popups open', async () => {
    // openApp has already checked the closed form (contrast of placeholders and notes, attributes, names).
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/controls', { token: await tokenFor(['admin']), lang: 'en' });
    const price = page.locator('.tbo-field', { has: page.locator('.tbo-field__label', { hasText: /^Adult price/ }) }).locator('input');
    expect(await price.getAttribute('aria-valuemin')).toBeNull();
    expect(await price.getAttribute('aria-valuemax')).toBeNull();

    const categories = page.getByRole('button', { name: /^Categories\b.*Choose…$/ });
    expect(await categories.count()).toBe(1);
    await categories.click();
    const panel = page.getByRole('dialog', { name: /^Categories/ });
    await panel.waitFor();
    await expectNoA11yViolations(page, '/controls with the multi-select open');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open calendar' }).first().click();
    await page.getByRole('dialog', { name: 'Calendar' }).waitFor();
    await expectNoA11yViolations(page, '/controls with the calendar open');
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000); // three axe runs and a sign-in, on a shared machine

  it('a refused key leaves the text and its selection as they were: the next key replaces the selection', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/controls', { token: await tokenFor(['admin']), lang: 'en' });
    const price = page.locator('.tbo-field', { has: page.locator('.tbo-field__label', { hasText: /^Adult price/ }) }).locator('input');
    await price.fill('12');
    await price.press('Control+A');
    await price.press('x');
    expect(await price.inputValue()).toBe('12');
    expect(await page.evaluate('[document.activeElement.selectionStart, document.activeElement.selectionEnd]')).toEqual([0, 2]);
    await price.press('7');
    expect(await price.inputValue()).toBe('7');
    expect(errors).toEqual([]);
    await context.close();
  });
});
