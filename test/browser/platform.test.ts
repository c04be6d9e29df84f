import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { EventSchemaRegistry, validPeriodEventSchemas } from '@tbo/event-schemas';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { expectNoA11yViolations } from '../support/a11y';
import { tokenFor } from '../support/api';
import { fetchContent, webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { openStore, testMetadata, uniqueTag } from '../projections/projection-test-kit';
import { apiCall, notification } from './catalog-helpers';
import { screenshotsTo, shotsDir } from './screenshots';
import { apiOk, catalogReferences } from './shell-support';
import { createUsers, headerMenus, openApp, retryUntil, signInThroughForm, TEST_PASSWORD, waitUntil } from './shell-helpers';

/**
 * /platform (superadmin): the shared projections with their checkpoints, lag and parked events, Retry and Skip
 * (after asking) on a parked event, and log-me-in by email. A real event is parked: a period dated year 0000, which
 * the API's schemas refuse but data written before they did could hold, appended to an offer's stream; Postgres
 * refuses the date, so the offers projection parks it and holds the offer's later rename behind it.
 */
const web = webSuite({ testTimeoutMs: 180_000 });
const tag = uniqueTag();
const ROOT = `platform-root-${tag}@test.local`;
const ADMIN = `platform-admin-${tag}@test.local`;
const DATE_TIME = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;
const shoot = screenshotsTo();

// Appends what the API's schemas refuse (a year-0000 period), as data written before they did would be.
const lenient = openStore(new EventSchemaRegistry().register({ ...validPeriodEventSchemas[0]!, schema: z.looseObject({ offerId: z.number() }) }), {
  max: 2,
  applicationName: `platform-lenient-${tag}`,
});
afterAll(() => lenient.close());

let adminToken: string;
let rootApiToken: string;
let streamId: string;
let supplierId: number;
let supplierName: string;
let catalog: { languageId: number; categoryId: number };

interface Parked {
  eventId: string;
  eventType: string;
  streamId: string;
  reason: 'failed' | 'held';
}

const parkedOfStream = async () => (await fetchContent<Parked[]>(web.baseUrl, 'GET', '/api/projections/offers/parked', rootApiToken)).filter((p) => p.streamId === streamId);

/** An offer of the supplier with a refused period (parked) and a rename after it (held behind it). */
let parkings = 0;
async function parkAnOfferEvent(): Promise<void> {
  const name = `P-${tag}-${++parkings}`;
  const tour = await apiOk<{ id: number; position: string }>(web.baseUrl, 'POST', '/api/tours', adminToken, {
    id: 0,
    nameInternal: `Platform ${name}`,
    nameDisplay: `Platform ${name}`,
    languageId: catalog.languageId,
    toursCategories: [catalog.categoryId],
  });
  expect(await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'tours', tour.position, 10_000)).toBe(true);
  const created = await apiCall(web.baseUrl, 'POST', '/api/offers', adminToken, { id: 0, tourId: tour.id, nameInternal: name, nameDisplay: name, maxNumOfPeople: 10, numberOfHours: 6 });
  expect(created.status).toBe(200);
  const offer = created.body.Content as { id: number; version: number };
  streamId = `offer-${offer.id}`;
  const example = validPeriodEventSchemas[0]!.example as Record<string, unknown>;
  const badPeriod = { ...example, id: 2_000_000_000 - offer.id, offerId: offer.id, periodStart: '0000-01-01T08:00:00.000Z', periodEnd: '0000-02-01T08:00:00.000Z' };
  const appended = await lenient.store.appendToStream(streamId, [{ type: 'ValidPeriodPriced', data: badPeriod }], {
    expectedRevision: offer.version,
    metadata: { ...testMetadata(), tenantId: `supplier-${supplierId}` },
  });
  const current = (await apiCall(web.baseUrl, 'GET', `/api/offers/manage/${offer.id}`, adminToken)).body.Content;
  const renamed = await apiCall(web.baseUrl, 'PUT', '/api/offers', adminToken, { ...current, nameInternal: `${name}-renamed`, version: appended.nextExpectedRevision });
  expect(renamed.status).toBe(200);
  await retryUntil(async () => expect((await parkedOfStream()).map((p) => [p.eventType, p.reason])).toEqual([['ValidPeriodPriced', 'failed'], ['OfferDetailsChanged', 'held']]), 20_000);
}

beforeAll(async () => {
  await createUsers(web.app, [{ email: ROOT, fullName: 'Pia Platform', roles: ['superadmin'] }]);
  ({ supplierId, supplierName } = await registerTenants(web.app));
  adminToken = await tokenFor(['admin'], { supplierId, email: ADMIN, fullName: 'Sami Supplier' });
  rootApiToken = await tokenFor(['superadmin'], { supplierId: null });
  catalog = await catalogReferences(web.baseUrl, rootApiToken, tag);
  await parkAnOfferEvent();
}, 120_000);

const projectionRow = (page: Page, name: string) => page.locator(`[data-testid=projection-row][data-name="${name}"]`);
const parkedRows = (page: Page) => page.locator(`[data-testid=parked-row][data-stream="${streamId}"]`);

/** The offers projection's parked events, shown below the table. */
async function showOffersParked(page: Page): Promise<void> {
  await projectionRow(page, 'offers').getByTestId('projection-show-parked').click();
  await page.getByTestId('parked-events').getByRole('heading', { name: /: offers$/ }).waitFor();
  await parkedRows(page).first().waitFor();
}

describe('the platform page', () => {
  it('a superadmin opens it from home, sees the projections and the parked event, retries it (still fails) and skips it after confirming', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login');
    await signInThroughForm(page, ROOT, TEST_PASSWORD);
    await page.getByTestId('home-title').waitFor();
    expect(await headerMenus(page)).toEqual(['Platform=/platform']);
    await shoot(page, 'platform-home-en');
    await page.getByTestId('home-sections').getByRole('link', { name: 'Open Platform' }).click();
    await page.waitForURL((u) => u.pathname === '/platform');
    await page.getByTestId('projections-table').waitFor();
    expect(await page.title()).toContain('Platform');

    // The offers projection: marked, with its kind, checkpoint, lag, parked count and when it last applied an event.
    const offers = projectionRow(page, 'offers');
    expect(await offers.getAttribute('class')).toContain('platform__row--parked');
    const cells = (await offers.locator('th, td').allTextContents()).map((c) => c.trim());
    expect(cells[0]).toBe('offers');
    expect(cells[1]).toBe('Projection');
    expect(cells[2]).toMatch(/^\d+:\d+$/);
    expect(cells[3]).toMatch(/^(Caught up|[\d,]+ events? behind|More than [\d,]+ events behind)$/);
    expect(await offers.locator('.platform__flag').textContent()).toMatch(/^⚠ \d+ in \d+ streams?$/);
    expect(cells[5]).toMatch(DATE_TIME);
    expect(await page.getByTestId('projections-summary').textContent()).toMatch(/projections? (has|have) parked events/);
    expect(await projectionRow(page, 'pm_booking_documents').locator('td').first().textContent()).toBe('Process manager');

    await showOffersParked(page);
    const [failed, held] = [parkedRows(page).nth(0), parkedRows(page).nth(1)];
    expect(await failed.getByTestId('parked-type').textContent()).toBe('ValidPeriodPriced');
    expect(await failed.getByTestId('parked-supplier').textContent()).toBe(supplierName);
    expect(await failed.getByTestId('parked-position').textContent()).toMatch(/^Position \d+:\d+$/);
    expect(await failed.getByTestId('parked-error').textContent()).toContain('date/time field value out of range');
    expect(await failed.getByTestId('parked-at').textContent()).toMatch(DATE_TIME);
    expect(await held.getByTestId('parked-type').textContent()).toBe('OfferDetailsChanged');
    expect(await held.textContent()).toContain('Waits behind the failed event of its stream');
    expect(await held.getByRole('button').count()).toBe(0);
    // Nothing raw outside the errors' own words: no ISO timestamps, no JSON.
    const shown = String(await page.evaluate(`(() => { const main = document.querySelector('.app-main').cloneNode(true); main.querySelectorAll('.platform__error').forEach((e) => e.remove()); return main.textContent; })()`));
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(shown).not.toMatch(/[{[]"/);
    await expectNoA11yViolations(page, '/platform with parked events');
    await shoot(page, 'platform-en');
    await shoot(page, 'platform-en-full', true);

    // Retry while the cause remains: the server's 409 message, and the events stay parked.
    await failed.getByTestId('parked-retry').click();
    await notification(page, 'Still fails, nothing applied');
    expect(await page.getByTestId('notification').filter({ hasText: 'Still fails' }).textContent()).toContain('date/time field value out of range');
    await shoot(page, 'platform-retry-refused-en');
    expect(await parkedRows(page).count()).toBe(2);

    // Skip asks first; keeping it changes nothing.
    await failed.getByTestId('parked-skip').click();
    const dialog = page.getByTestId('skip-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`ValidPeriodPriced at ${(await failed.getByTestId('parked-position').textContent())!.replace('Position ', '')} (stream ${streamId}) will never be applied to offers`);
    await expectNoA11yViolations(page, 'the skip confirmation');
    await shoot(page, 'platform-skip-en');
    await page.getByTestId('skip-no').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await parkedRows(page).count()).toBe(2);

    // Skipped for good: the rename held behind it is applied, and the stream has nothing parked any more.
    await failed.getByTestId('parked-skip').click();
    await page.getByTestId('skip-yes').click();
    await notification(page, 'The event was skipped for good');
    await retryUntil(async () => expect(await parkedRows(page).count()).toBe(0), 10_000);
    expect(await parkedOfStream()).toEqual([]);
    // The row and its buttons are gone: the keyboard's place is a table of the page, not the page's start.
    await waitUntil(page, `document.activeElement?.getAttribute('role') === 'region'`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs in as a user by email through the log-me-in page', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/platform', { token: await tokenFor(['superadmin'], { email: ROOT }) });
    const form = page.getByTestId('log-in-as');
    await form.getByRole('textbox', { name: "User's email" }).fill('not an email');
    await form.getByRole('button', { name: 'Log in as this user' }).click();
    expect(await form.getByTestId('logInAsEmail-error').textContent()).toBe("Type the user's email address");
    expect(page.url()).toContain('/platform');
    // A refusal (an unknown user, then oneself) says why, and Back returns to the form to correct it.
    for (const [email, said] of [[`nobody-${tag}@test.local`, 'User not found'], [ROOT, 'You cannot log in as yourself']]) {
      await form.getByRole('textbox', { name: "User's email" }).fill(email!);
      await page.keyboard.press('Enter');
      await page.getByTestId('log-me-in').getByText(said!).waitFor();
      await page.getByTestId('log-me-in-back').click();
      await page.waitForURL((u) => u.pathname === '/platform');
      await form.waitFor();
    }
    expect(await page.getByTestId('account-email').textContent()).toBe(ROOT);
    // An address typed into the page's own URL that is no email is said without asking the server.
    await page.goto('/auth/logmein/%20/');
    await page.getByTestId('log-me-in').getByText('No email address was given').waitFor();
    await page.goBack();
    await form.getByRole('textbox', { name: "User's email" }).fill(ADMIN);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('home-title').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(ADMIN);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a supplier's admin may not open it, and is not offered it", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/platform', { token: adminToken });
    const denial = page.getByTestId('not-allowed');
    await denial.waitFor();
    expect(await denial.textContent()).toContain('You are not allowed to access this page');
    expect(await page.getByTestId('projections-table').count()).toBe(0);
    expect((await headerMenus(page)).some((m) => m.includes('/platform'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  if (shotsDir()) {
    it('screenshots in Russian, with an event parked', async () => {
      await parkAnOfferEvent();
      const { context, page } = await openApp(web.browser, web.baseUrl, '/platform', { token: await tokenFor(['superadmin'], { email: ROOT }), lang: 'ru' });
      await page.getByTestId('projections-table').waitFor();
      await showOffersParked(page);
      await shoot(page, 'platform-ru');
      await shoot(page, 'platform-ru-full', true);
      await parkedRows(page).first().getByTestId('parked-skip').click();
      await page.getByTestId('skip-dialog').waitFor();
      await shoot(page, 'platform-skip-ru');
      await page.getByTestId('skip-yes').click();
      await retryUntil(async () => expect(await parkedRows(page).count()).toBe(0), 10_000);
      await shoot(page, 'platform-after-skip-ru');
      await context.close();
    });
  }
});
