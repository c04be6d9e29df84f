import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/seed-identity';
import { expectNoA11yViolations } from '../support/a11y';
import { webSuite } from '../support/browser';
import { carouselWeekday, seedWholeDemo } from './demo-seed';
import { openApp, pathOf, retryUntil, signInThroughForm } from './shell-helpers';

/**
 * The agent's add-booking page for keyboard and eye, against the real API and the demo data: the skip link, then
 * Tab, reaches the back link clear of the sticky header (not hidden under it); the carousel's weekend days and the
 * chosen slot's 'N places left' pass axe's contrast check; after Save the booking's page gives its title the focus
 * (a screen reader reads 'Booking confirmed #N'), not <body>.
 */
const web = webSuite({ testTimeoutMs: 300_000 });
const tag = randomBytes(3).toString('hex');

beforeAll(seedWholeDemo, 240_000);

const activeTestId = `document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName`;

describe('agent add booking: keyboard and contrast', () => {
  it('the back link clears the header after the skip link; the carousel and the chosen slot pass contrast; Save focuses the new title', async () => {
    // A short window: the page scrolls, as it does for most people.
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login', { height: 560 });
    await signInThroughForm(page, 'agent@demo.test', DEMO_PASSWORD);
    await retryUntil(async () => expect(pathOf(page)).toBe('/agent/bookings'), 15_000);
    await page.goto('/agent/bookings/add');
    await page.getByTestId('booking-form').waitFor();

    // Tab, Enter on 'Skip to content', Tab: the back link has the focus, below the header, not under it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(`document.activeElement?.className`)).toBe('skip-link');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(activeTestId)).toBe('back-to-bookings');
    const place = (await page.evaluate(`({ header: document.querySelector('.app-header').getBoundingClientRect().bottom, link: document.activeElement.getBoundingClientRect().top })`)) as { header: number; link: number };
    expect(place.link).toBeGreaterThanOrEqual(place.header);

    // The carousel (weekend days among its ten) and a chosen slot with its places left: axe's contrast holds.
    expect(await page.locator('.booking-dates__day--weekend').count()).toBeGreaterThan(0);
    await page.locator(`[data-testid=booking-date][data-date="${carouselWeekday()}"]`).click();
    await page.getByTestId('booking-hotel').locator('input').fill('Armani');
    await page.getByRole('option', { name: /^Armani Hotel Dubai \(/ }).click();
    await page.getByTestId('booking-tour').selectOption({ label: 'Red Dunes Desert Safari with BBQ Dinner' });
    await page.getByTestId('booking-offer').selectOption({ label: 'Shared 4x4' });
    const chosen = page.locator('[data-testid=booking-slot]:has(input:checked)');
    await retryUntil(async () => expect(await chosen.count()).toBe(1), 10_000);
    expect(await chosen.locator('.booking-slots__seats').innerText()).toMatch(/places left|Places available/);
    await expectNoA11yViolations(page, 'add booking (carousel and chosen slot)');

    // Save: the booking's page opens with its title focused.
    await page.getByLabel('Guest name').fill(`Focus Guest ${tag}`);
    await page.getByTestId('booking-save').click();
    await retryUntil(async () => expect(pathOf(page)).toMatch(/^\/agent\/bookings\/details\/\d+$/), 20_000);
    const id = pathOf(page).split('/').pop();
    await retryUntil(async () => expect(await page.evaluate(activeTestId)).toBe('page-title'), 10_000);
    expect(await page.getByTestId('page-title').textContent()).toBe(`Booking confirmed #${id}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
