import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/seed-identity';
import { expectNoA11yViolations } from '../support/a11y';
import { webSuite } from '../support/browser';
import { carouselWeekday, seedWholeDemo } from './demo-seed';
import { openApp, pathOf, retryUntil, signInThroughForm } from './shell-helpers';

/**
 * Where the keyboard focus goes, against the real API and the demo data (the keyboard review's findings): a people
 * counter's − or + that reaches its limit keeps the focus (aria-disabled, not disabled); removing a phone gives the
 * focus to the next phone, else the previous (on the add page and in the operator's amend form), not to <body>; a
 * server refusal of the adults count marks the count input (aria-invalid, aria-describedby its message) and moves
 * the focus there, off Save; and a focused primary button and the hotel's Clear show a solid dark-teal ring.
 */
const web = webSuite({ testTimeoutMs: 300_000 });
const tag = randomBytes(3).toString('hex');
let bookingId = 0;

beforeAll(seedWholeDemo, 240_000);

interface Focused {
  tag: string;
  id: string;
  label: string | null;
  testId: string | null;
  value: string | null;
  invalid: string | null;
  describedBy: string | null;
  disabled: string | null;
}
// Strings for the page to evaluate (the tests are typed without the DOM library).
const focused = (page: Page) =>
  page.evaluate(`(() => {
    const el = document.activeElement;
    const attr = (name) => el.getAttribute(name);
    return { tag: el.tagName, id: el.id, label: attr('aria-label'), testId: attr('data-testid'), value: el.value ?? null, invalid: attr('aria-invalid'), describedBy: attr('aria-describedby'), disabled: attr('aria-disabled') };
  })()`) as Promise<Focused>;
const ring = (page: Page) =>
  page.evaluate(`(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor, offset: s.outlineOffset };
  })()`);
/** --tbo-primary, #0f4c5c: about 9:1 on white and on the page's grey. */
const DARK_TEAL = 'rgb(15, 76, 92)';

describe('keyboard focus', () => {
  it('add booking: counters at their limit, removed phones and a refused count keep the focus; rings are visible', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, 'agent@demo.test', DEMO_PASSWORD);
    await retryUntil(async () => expect(pathOf(page)).toBe('/agent/bookings'), 15_000);
    await page.goto('/agent/bookings/add');
    await page.getByTestId('booking-form').waitFor();
    await page.locator(`[data-testid=booking-date][data-date="${carouselWeekday()}"]`).click();
    const hotel = page.getByTestId('booking-hotel').locator('input');
    await hotel.fill('Armani');
    await page.getByRole('option', { name: /^Armani Hotel Dubai \(/ }).click();

    // The hotel's Clear (×): Tab from the combobox, a solid 2px dark-teal ring inside its box (it sits in the input).
    await hotel.focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe('Clear');
    expect(await ring(page)).toEqual({ style: 'solid', width: '2px', color: DARK_TEAL, offset: '-2px' });

    await page.getByTestId('booking-tour').selectOption({ label: 'Red Dunes Desert Safari with BBQ Dinner' });
    await page.getByTestId('booking-offer').selectOption({ label: 'Shared 4x4' });
    await retryUntil(async () => expect(await page.locator('[data-testid=booking-slot] input:checked').count()).toBe(1), 10_000);

    // Adults: More (1 → 2), Shift+Tab twice to Fewer, Enter (2 → 1, the minimum): Fewer keeps the focus, aria-disabled,
    // and a further Enter does nothing. The new count is said in the counter's live region.
    const adults = page.getByTestId('booking-adults');
    await page.getByRole('button', { name: 'More: Adults' }).focus();
    await page.keyboard.press('Enter');
    expect(await adults.locator('input').inputValue()).toBe('2');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).label).toBe('Fewer: Adults');
    await page.keyboard.press('Enter');
    expect(await adults.locator('input').inputValue()).toBe('1');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', label: 'Fewer: Adults', disabled: 'true' });
    expect(await adults.locator('[aria-live=polite]').textContent()).toBe('Adults: 1');
    await page.keyboard.press('Enter');
    expect(await adults.locator('input').inputValue()).toBe('1');
    expect((await focused(page)).label).toBe('Fewer: Adults');
    // Children from 1 to 0 the same way.
    await page.getByRole('button', { name: 'More: Children' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('booking-children').locator('input').inputValue()).toBe('0');
    expect(await focused(page)).toMatchObject({ label: 'Fewer: Children', disabled: 'true' });

    // Phones: three, then Remove phone 2 gives the focus to the one after it (now Phone 2); removing the last, to
    // the one before it.
    await page.getByLabel('Guest name').fill(`Focus Guest ${tag}`);
    const phones = page.getByTestId('booking-phone');
    await phones.nth(0).fill('+971500000001');
    for (const n of [2, 3]) {
      await page.getByTestId('booking-add-phone').focus();
      await page.keyboard.press('Enter');
      await phones.nth(n - 1).fill(`+97150000000${n}`);
    }
    await page.getByRole('button', { name: 'Remove phone 2' }).focus();
    await page.keyboard.press('Enter');
    expect(await phones.count()).toBe(2);
    // The rows are keyed by position: the input that takes the focus shows the next phone's value a render later.
    await retryUntil(async () => expect(await focused(page)).toMatchObject({ tag: 'INPUT', label: 'Phone 2', value: '+971500000003' }), 5_000);
    await page.getByRole('button', { name: 'Remove phone 2' }).focus();
    await page.keyboard.press('Enter');
    expect(await phones.count()).toBe(1);
    await retryUntil(async () => expect(await focused(page)).toMatchObject({ tag: 'INPUT', label: 'Phone 1', value: '+971500000001' }), 5_000);

    // Save, focused by Tab from the notes: a solid 2px dark-teal ring 2px off the button (its own fill is that teal).
    await page.getByTestId('booking-notes').focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('booking-save');
    expect(await ring(page)).toEqual({ style: 'solid', width: '2px', color: DARK_TEAL, offset: '2px' });

    // Too many adults for the ticket (the server refuses 7): the count input is marked and described, and has the focus.
    const count = adults.locator('input');
    await count.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('7');
    await page.getByTestId('booking-save').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-save-error').waitFor();
    await retryUntil(async () => expect(await focused(page)).toMatchObject({ id: 'booking-adults-count', invalid: 'true', describedBy: 'booking-people-message' }), 5_000);
    expect(await page.locator('#booking-people-message').textContent()).toContain('At most 6 people can book this ticket');
    await expectNoA11yViolations(page, 'add booking (adults refused)');

    // Back to 2 adults: the refusal goes, and with it the marks; then the booking is made (the operator's part uses it).
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await retryUntil(async () => expect(await count.getAttribute('aria-invalid')).toBeNull(), 5_000);
    expect(await count.getAttribute('aria-describedby')).toBeNull();
    await page.getByTestId('booking-save').click();
    await retryUntil(async () => expect(pathOf(page)).toMatch(/^\/agent\/bookings\/details\/\d+$/), 20_000);
    bookingId = Number(pathOf(page).split('/').pop());
    expect(errors).toEqual([]);
    await context.close();
  });

  it("operator's amend form: a removed phone gives the focus to the next phone, else the previous", async () => {
    expect(bookingId).toBeGreaterThan(0);
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, 'operations@demo.test', DEMO_PASSWORD);
    await retryUntil(async () => expect(pathOf(page)).not.toBe('/account/login'), 15_000);
    await page.goto(`/bookings?id=${bookingId}`);
    await page.getByTestId('booking-action-amend').click();
    await page.getByTestId('booking-amend-form').waitFor();
    const phone = (i: number) => page.getByTestId(`booking-amend-phone-${i}`);
    await retryUntil(async () => expect(await phone(0).inputValue()).toBe('+971500000001'), 5_000);
    for (const i of [1, 2]) {
      await page.getByTestId('booking-amend-add-phone').focus();
      await page.keyboard.press('Enter');
      await phone(i).fill(`+97150000001${i}`);
    }
    await page.getByRole('button', { name: 'Remove phone 2' }).focus();
    await page.keyboard.press('Enter');
    await retryUntil(async () => expect(await focused(page)).toMatchObject({ testId: 'booking-amend-phone-1', value: '+971500000012' }), 5_000);
    await page.getByRole('button', { name: 'Remove phone 2' }).focus();
    await page.keyboard.press('Enter');
    await retryUntil(async () => expect(await focused(page)).toMatchObject({ testId: 'booking-amend-phone-0', value: '+971500000001' }), 5_000);
    // Tab goes on to the next control of the form, not to the panel's Close.
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('booking-amend-add-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
