import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { seedLanguages } from '../../apps/api/src/seed/seed-languages';
import { tokenFor } from '../support/api';
import { launchBrowser, startWeb } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { seedDemo } from '../support/reference';
import { openTourTab as openTab, pickMany, tourField as field, tourForm as form, tourTab as tab } from './catalog-helpers';
import { openApp, pathOf, waitUntil } from './shell-helpers';

/**
 * The tour edit screen (spec 01 §2 Tour edit, §4 Tour and offer editing, §5 Tour, §8) against the real API and
 * Postgres: required messages and the Basic error badge, the slug following the display name, save → /tours/{id},
 * a reload shows what was saved, a change shows in the History tab, the rating look-ups' field errors without API
 * keys, someone else's tour and an unreadable id.
 */

// The rating look-ups must answer "not configured" here, whatever the machine's environment says.
delete process.env.GOOGLE_PLACES_API_KEY;
delete process.env.TRIPADVISOR_API_KEY;

let app: INestApplication;
let baseUrl: string;
let browser: Browser;
let adminToken: string;
let otherToken: string;
let languageId: number;

beforeAll(async () => {
  ({ app, baseUrl } = await startWeb());
  browser = await launchBrowser();
  await seedDemo(app);
  await seedLanguages(app.get(CommandBus), app.get<Knex>(KNEX));
  const store = app.get<EventStore>(EVENT_STORE);
  const head = await store.headPosition();
  if (head) await waitForProjection(app.get<Knex>(KNEX), store, 'languages', head, 30_000);
  languageId = ((await app.get<Knex>(KNEX)('languages').select('id').orderBy('id').first()) as { id: number }).id;
  const { supplierId } = await registerTenants(app);
  const admin = await registerUser(app, { roles: ['admin'], supplierId, fullName: 'Tina Tours' });
  adminToken = tokenFor(['admin'], { email: admin.email, fullName: 'Tina Tours', supplierId });
  const other = await registerTenants(app);
  otherToken = tokenFor(['admin'], { supplierId: other.supplierId });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** With TOUR_SHOTS=<dir>, screenshots for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.TOUR_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const fieldErrors = (page: Page) => form(page).locator('.tbo-field__error').allTextContents();
async function apiJson<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: { Content: T; ErrorTitle: string | null; ErrorMessage: string | null } }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** The tour as the API reads it once its projection has caught up with the page's last save (kept in session storage). */
async function readTour(page: Page, id: number, token: string) {
  const after = (await page.evaluate(`sessionStorage.getItem('tbo.tour.${id}.after')`)) as string | null;
  return apiJson<Record<string, unknown>>(`/api/tours/manage/${id}${after ? `?after=${encodeURIComponent(after)}` : ''}`, token);
}

describe('tour edit', () => {
  it('validates, follows the slug, saves, reloads, and shows the change in History', async () => {
    const { page, errors } = await openApp(browser, baseUrl, '/tours/ADD', { token: adminToken });
    await form(page).waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('New tour');
    expect(await page.getByTestId('back-to-tours').getAttribute('href')).toBe('/tours');
    expect(await page.getByRole('tab').locator('.tour-tabs__label').allTextContents()).toEqual(['Basic details', 'Location details', 'Terms & Conditions', 'Media', 'Itinerary', 'FAQ', 'SEO', 'Tickets', 'History']);
    // The tabs work from the keyboard: arrows move between them.
    await tab(page, 'basic').focus();
    await page.keyboard.press('ArrowDown');
    expect(await tab(page, 'location').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await tab(page, 'history').getAttribute('aria-selected')).toBe('true');
    expect(await form(page).textContent()).toContain('The history starts when the tour is saved.');
    await page.keyboard.press('Home');
    expect(await tab(page, 'basic').getAttribute('aria-selected')).toBe('true');
    // Media warns from the start (not blocking); no error badge before a save.
    expect(await page.getByTestId('media-warning-badge').getAttribute('title')).toBe("You haven't selected any photos");
    expect(await page.getByTestId('basic-error-badge').count()).toBe(0);
    // Required fields carry an asterisk: code, display name, url, language, categories, recommended for.
    expect(await form(page).locator('.tbo-field__required').count()).toBe(6);

    // Save empty: every required message, and the Basic badge lists them.
    await page.getByTestId('tour-save').click();
    await page.getByTestId('basic-error-badge').waitFor();
    expect(await fieldErrors(page)).toEqual(['Tour code is required', 'Tour display name is required', 'Url is required', 'Language is required', 'At least one tour category is required']);
    expect(await page.getByTestId('basic-error-badge').getAttribute('title')).toBe(
      ['Tour code is required', 'Tour display name is required', 'Url is required', 'Language is required', 'At least one tour category is required'].join('\n'),
    );
    expect((await page.getByTestId('basic-error-badge').textContent())?.startsWith('5')).toBe(true);
    expect(await page.getByTestId('tour-basic-problems').locator('li').count()).toBe(5);
    await shoot(page, 'basic-errors');
    expect(pathOf(page)).toBe('/tours/ADD');

    // The slug follows the display name…
    await field(page, 'Tour code').locator('input').fill('TST-01');
    await field(page, 'Display name').locator('input').fill('Sunset Dhow Cruise');
    const slug = field(page, 'Url slug').locator('input');
    expect(await slug.inputValue()).toBe('sunset-dhow-cruise');
    expect(await page.getByTestId('tour-public-url').textContent()).toMatch(/^Public page: https?:\/\/.+\/sunset-dhow-cruise$/);
    // … until edited separately …
    await slug.fill('my-dhow');
    await field(page, 'Display name').locator('input').fill('Sunset Dhow Cruise Marina');
    expect(await slug.inputValue()).toBe('my-dhow');
    // … and again once emptied (the empty slug is an error until then).
    await slug.fill('');
    expect(await field(page, 'Url slug').locator('.tbo-field__error').textContent()).toBe('Url is required');
    await field(page, 'Display name').locator('input').fill('Sunset Dhow Cruise');
    expect(await slug.inputValue()).toBe('sunset-dhow-cruise');

    await field(page, 'Language').locator('select').selectOption({ label: 'English' });
    await pickMany(page, 'Categories', ['Cruises & Water Activities', 'City Tours']);
    await pickMany(page, 'Recommended for', ['Everybody', 'Young Adults']);
    await page.getByTestId('basic-error-badge').waitFor({ state: 'detached' });
    expect(await fieldErrors(page)).toEqual([]);

    // Video: YouTube or Vimeo only.
    await field(page, 'Video url').locator('input').fill('https://example.com/clip');
    expect(await field(page, 'Video url').locator('.tbo-field__error').textContent()).toBe('Video url must be a YouTube or Vimeo link');
    await field(page, 'Video url').locator('input').fill('https://www.youtube.com/watch?v=dhow');
    expect(await field(page, 'Video url').locator('.tbo-field__error').count()).toBe(0);

    // An empty external link blocks the save with its messages.
    await page.getByTestId('link-add').click();
    await page.getByTestId('tour-save').click();
    await page.getByTestId('links-error').waitFor();
    expect(await fieldErrors(page)).toEqual(['Link title is required', 'Link Url is required', 'All external links should have specified Title and valid Url']);
    expect(await page.getByTestId('links-error').textContent()).toBe('All external links should have specified Title and valid Url');
    expect(await page.getByTestId('basic-error-badge').getAttribute('title')).toBe('Link title is required\nLink Url is required\nAll external links should have specified Title and valid Url');
    const link = page.getByTestId('link-row').first();
    await link.locator('.tbo-field').filter({ hasText: 'Link title' }).locator('input').fill('Marina map');
    await link.locator('.tbo-field').filter({ hasText: 'Link Url' }).locator('input').fill('https://maps.example.test/marina');
    await page.getByTestId('basic-error-badge').waitFor({ state: 'detached' });

    // Location: ratings without API keys answer the spec's field errors and the ids are not taken.
    await openTab(page, 'location');
    await page.getByTestId('google-place').getByRole('switch').click();
    await page.getByTestId('google-place-input').fill('ChIJ_test-Place1');
    await page.getByTestId('google-place-check').click();
    const googleError = page.getByTestId('google-place').locator('.tbo-field__error');
    await googleError.waitFor();
    expect(await googleError.textContent()).toBe("Couldn't get rating for place id: Maps service is not configured");
    expect(await page.getByTestId('google-place-rating').textContent()).toBe('—');
    await page.getByTestId('tripadvisor').getByRole('switch').click();
    await page.getByTestId('tripadvisor-input').fill('https://www.tripadvisor.com/Attraction_Review-g295424-d676922-Reviews-Dhow_Cruise-Dubai.html');
    await page.getByTestId('tripadvisor-input').press('Enter');
    const taError = page.getByTestId('tripadvisor').locator('.tbo-field__error');
    await taError.waitFor();
    expect(await taError.textContent()).toBe("Couldn't get rating for specified TripAdvisor location: TripAdvisor service is not configured");
    await field(page, 'Facebook page id').locator('input').fill('dhow.cruise.dubai');
    await field(page, 'City').locator('select').selectOption({ label: 'Dubai' });
    await shoot(page, 'location');
    // Switching the ids off clears them (nothing was taken anyway).
    await page.getByTestId('tripadvisor').getByRole('switch').click();
    expect(await page.getByTestId('tripadvisor-input').count()).toBe(0);

    // Media: the photo selector with the warning; Itinerary: the list and the itinerary text.
    await openTab(page, 'media');
    expect(await page.getByTestId('media-warnings').textContent()).toContain("You haven't selected any photos");
    await openTab(page, 'itinerary');
    await page.getByTestId('itinerary-list').waitFor();
    expect(await field(page, 'Tour itinerary').count()).toBe(1);

    // FAQ: questions are added, moved and removed; no account FAQ, so the defaults switch stays off.
    await openTab(page, 'faq');
    expect(await page.getByTestId('faq-defaults').getByRole('switch').isDisabled()).toBe(true);
    for (const q of ['Is pickup included?', 'Can children join?', 'Remove me']) {
      await page.getByTestId('faq-add').click();
      await page.getByTestId('faq-row').last().locator('.tbo-field').filter({ hasText: 'Question' }).locator('input').fill(q);
    }
    await page.getByTestId('faq-row').nth(1).getByTestId('faq-up').click();
    await page.getByTestId('faq-row').nth(2).getByTestId('faq-remove').click();
    expect(await page.getByTestId('faq-row').locator('.tbo-field').filter({ hasText: 'Question' }).locator('input').evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value))).toEqual(['Can children join?', 'Is pickup included?']);

    // SEO with its length indicators.
    await openTab(page, 'seo');
    await field(page, 'Page title').locator('input').fill('Sunset dhow cruise in Dubai Marina with dinner and music');
    expect(await field(page, 'Page title').locator('.tbo-seo').getAttribute('data-valid')).toBe('true');

    // Tickets: adding one needs a saved tour.
    await openTab(page, 'tickets');
    expect(await page.getByTestId('ticket-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('ticket-add-hint').textContent()).toBe('Save the tour first to add tickets.');

    // Save: the address becomes /tours/{id}.
    await page.getByTestId('tour-save').click();
    await page.waitForURL((u) => /^\/tours\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(id).toBeGreaterThan(0);
    await page.getByTestId('notification').filter({ hasText: 'Tour saved' }).first().waitFor();
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    await page.getByTestId('page-title').filter({ hasText: 'Sunset Dhow Cruise' }).waitFor();
    expect(await page.getByTestId('tour-delete').count()).toBe(1);

    // What the server stored.
    const stored = await readTour(page, id, adminToken);
    expect(stored.body.Content).toMatchObject({
      nameInternal: 'TST-01',
      nameDisplay: 'Sunset Dhow Cruise',
      url: 'sunset-dhow-cruise',
      videoUrl: 'https://www.youtube.com/watch?v=dhow',
      facebookPageId: 'dhow.cruise.dubai',
      googlePlacesId: '',
      tripAdvisorId: '',
      recommendedFor: [0, 3],
      externalLinks: [expect.objectContaining({ title: 'Marina map', url: 'https://maps.example.test/marina' })],
      seoPageTitle: 'Sunset dhow cruise in Dubai Marina with dinner and music',
      faqs: [expect.objectContaining({ index: 1, question: 'Can children join?' }), expect.objectContaining({ index: 2, question: 'Is pickup included?' })],
    });
    expect((stored.body.Content.toursCategories as number[]).length).toBe(2);

    // Reload: the same values.
    await page.reload();
    await form(page).waitFor();
    expect(await field(page, 'Tour code').locator('input').inputValue()).toBe('TST-01');
    expect(await field(page, 'Display name').locator('input').inputValue()).toBe('Sunset Dhow Cruise');
    expect(await field(page, 'Url slug').locator('input').inputValue()).toBe('sunset-dhow-cruise');
    await field(page, 'Language').locator('select option:checked', { hasText: 'English' }).waitFor({ state: 'attached' });
    expect(await field(page, 'Categories').locator('.tbo-combo__count').textContent()).toBe('2');
    expect(await field(page, 'Video url').locator('input').inputValue()).toBe('https://www.youtube.com/watch?v=dhow');
    expect(await page.getByTestId('link-row').locator('input').first().inputValue()).toBe('Marina map');
    await openTab(page, 'location');
    expect(await field(page, 'Facebook page id').locator('input').inputValue()).toBe('dhow.cruise.dubai');
    await field(page, 'City').locator('select option:checked', { hasText: 'Dubai' }).waitFor({ state: 'attached' });
    await openTab(page, 'tickets');
    expect(await page.getByTestId('ticket-add').isDisabled()).toBe(false);
    await shoot(page, 'tickets');

    // A change: History shows it before → after.
    await openTab(page, 'basic');
    await field(page, 'Tour code').locator('input').fill('TST-02');
    await page.getByText('You have unsaved changes').waitFor();
    await page.getByTestId('tour-save').click();
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    await openTab(page, 'history');
    const change = page.getByTestId('history-change').filter({ has: page.getByTestId('history-after').filter({ hasText: 'TST-02' }) });
    await change.first().waitFor();
    expect(await change.first().getAttribute('data-field')).toBe('nameInternal');
    expect(await change.first().locator('th').textContent()).toBe('Tour code');
    expect(await change.first().getByTestId('history-before').textContent()).toBe('TST-01');
    expect(await page.getByTestId('history-event').first().textContent()).toBe('Basic details changed');
    expect(await page.getByTestId('history-event').allTextContents()).toContain('Tour created');
    await shoot(page, 'history');

    // Still the same tour, with the new code after a reload (which keeps the open tab).
    await page.reload();
    await form(page).waitFor();
    expect(await tab(page, 'history').getAttribute('aria-selected')).toBe('true');
    await openTab(page, 'basic');
    expect(await field(page, 'Tour code').locator('input').inputValue()).toBe('TST-02');
    expect(errors).toEqual([]);
  });

  it('account defaults (spec 01 §4), a conflicting save, delete and restore', async () => {
    // A supplier with default terms and a default policy, but no default FAQ or notes to clients.
    const tenant = await registerTenants(app);
    const token = tokenFor(['admin'], { supplierId: tenant.supplierId });
    const blank = { phone: '', email: '' };
    const profile = await apiJson<{ position: string }>('/api/suppliers', token, {
      method: 'PUT',
      body: {
        code: 'DEF',
        name: 'Default Tours LLC',
        taxRegistrationNumber: '',
        tradeLicenseNumber: '',
        countryId: 0,
        address: '',
        paymentDetails: { accountNumber: '', ibanNumber: '', swiftCode: '', bankName: '', bankBranchAddress: '' },
        customerSupport: { primary: { name: '', ...blank }, secondary: { name: '', ...blank }, emergency: { name: '', ...blank } },
        operationsSupport: { primary: blank, secondary: blank, emergency: blank },
        accountsDepartment: { primary: blank, secondary: blank, emergency: blank },
        isAcknowledged: true,
        cancellationPolicy: [{ hours: 48, percents: 100 }],
        defaultSettings: { termsAndConditions: '<p>Default terms apply</p>', faq: '', notesToClientPostBooking: '' },
      },
    });
    expect(profile.status).toBe(200);
    await apiJson(`/api/suppliers/my?after=${profile.body.Content.position}`, token);
    const created = await apiJson<{ id: number; position: string }>('/api/tours', token, {
      method: 'POST',
      body: { id: 0, nameInternal: 'DEF-1', nameDisplay: 'Defaults tour', url: '', languageId, toursCategories: [1], recommendedFor: [0], termsAndConditions: '<p>Own terms</p>', cancellationPolicy: [{ hours: 24, percents: 50 }], offers: [] },
    });
    expect(created.status).toBe(200);
    const id = created.body.Content.id;
    await apiJson(`/api/tours/manage/${id}?after=${created.body.Content.position}`, token);

    const { page, errors } = await openApp(browser, baseUrl, `/tours/${id}`, { token });
    await form(page).waitFor();
    await page.getByTestId('page-title').filter({ hasText: 'Defaults tour' }).waitFor();
    // No default notes to clients: that toggle is off and cannot be switched on.
    const notes = page.getByTestId('notes-defaults').getByRole('switch');
    expect([await notes.getAttribute('aria-checked'), await notes.isDisabled()]).toEqual(['false', true]);
    expect(await page.getByTestId('notes-defaults-state').textContent()).toBe('The account has no default content of this kind (set it in Admin › Default settings).');
    await openTab(page, 'faq');
    expect(await page.getByTestId('faq-defaults').getByRole('switch').isDisabled()).toBe(true);

    await openTab(page, 'terms');
    const termsSwitch = page.getByTestId('terms-defaults').getByRole('switch');
    expect([await termsSwitch.getAttribute('aria-checked'), await termsSwitch.isDisabled()]).toEqual(['false', false]);
    expect(await form(page).locator('[contenteditable]').first().textContent()).toBe('Own terms');
    expect(await page.getByTestId('terms-defaults-state').textContent()).toBe('This tour has its own content.');
    await termsSwitch.click();
    expect(await page.getByTestId('terms-defaults-state').textContent()).toBe("The account's default content is used.");
    expect(await form(page).locator('[contenteditable]').first().textContent()).toBe('Default terms apply');
    expect(await form(page).locator('[contenteditable]').first().getAttribute('contenteditable')).toBe('false');

    const policy = page.getByTestId('tour-cancellation-policy');
    const rows = async () => {
      const out: string[] = [];
      const list = policy.getByTestId('cp-row');
      for (let i = 0; i < (await list.count()); i++) out.push(`${(await list.nth(i).getByTestId('cp-hours-value').textContent())?.trim()}/${(await list.nth(i).getByTestId('cp-percents-value').textContent())?.trim()}`);
      return out;
    };
    const policySwitch = page.getByTestId('policy-defaults').getByRole('switch');
    expect(await rows()).toEqual(['24/50 %']);
    await policySwitch.click();
    expect(await rows()).toEqual(['48/100 %']);
    // Editing the policy by hand makes it the tour's own again.
    await policy.getByTestId('cp-add').click();
    await policy.getByTestId('cp-row').last().getByTestId('cp-hours').fill('12');
    await policy.getByTestId('cp-row').last().getByTestId('cp-percents').fill('25');
    await policy.getByTestId('cp-row').last().getByTestId('cp-percents').press('Enter');
    expect(await policySwitch.getAttribute('aria-checked')).toBe('false');
    expect(await rows()).toEqual(['48/100 %', '12/25 %']);
    await shoot(page, 'terms');
    await policySwitch.click();
    expect(await rows()).toEqual(['48/100 %']);

    // Saved with defaults: the tour's own policy is sent empty.
    await page.getByTestId('tour-save').click();
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    const saved = await readTour(page, id, token);
    expect(saved.body.Content).toMatchObject({ isDefaultCancellationPolicy: true, cancellationPolicy: [], isDefaultTermsAndConditions: true, termsAndConditions: '<p>Default terms apply</p>' });

    // Someone else saves meanwhile: our save is refused with a clear message and a reload.
    const current = saved.body.Content as Record<string, unknown> & { version: number };
    const theirs = await apiJson<{ position: string }>('/api/tours', token, { method: 'PUT', body: { ...current, nameInternal: 'DEF-THEIRS' } });
    expect(theirs.status).toBe(200);
    await openTab(page, 'basic');
    await field(page, 'Tour code').locator('input').fill('DEF-MINE');
    await page.getByTestId('tour-save').click();
    const conflict = page.getByTestId('tour-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('Someone else saved this tour in the meantime');
    await page.getByTestId('tour-reload').click();
    await conflict.waitFor({ state: 'detached' });
    expect(await field(page, 'Tour code').locator('input').inputValue()).toBe('DEF-THEIRS');

    // Tickets: the tour's offers; a deleted one only with 'Show deleted', styled as cancelled; Excel export.
    const offer = async (nameInternal: string) => {
      const res = await apiJson<{ id: number; position: string }>('/api/offers', token, { method: 'POST', body: { id: 0, tourId: id, nameInternal, nameDisplay: `${nameInternal} ticket`, maxNumOfPeople: 10, numberOfHours: 3 } });
      expect(res.status).toBe(200);
      return res.body.Content;
    };
    const standard = await offer('STD');
    const vip = await offer('VIP');
    const gone = await apiJson<{ position: string }>(`/api/offers/${vip.id}`, token, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    await apiJson(`/api/tours/manage/${id}?after=${gone.body.Content.position}`, token);
    await page.reload();
    await form(page).waitFor();
    await openTab(page, 'tickets');
    const table = page.getByTestId('tour-tickets-table');
    const ticketRows = table.locator('.ag-row');
    await ticketRows.first().or(table.getByTestId('table-empty')).waitFor();
    await shoot(page, 'tickets-one');
    expect(await ticketRows.count()).toBe(1);
    expect(await ticketRows.first().textContent()).toContain('STD');
    expect(await table.getByTestId('ticket-link').getAttribute('href')).toBe(`/tours/${id}/${standard.id}`);
    await table.getByRole('switch', { name: 'Show deleted' }).click();
    await waitUntil(page, `document.querySelectorAll('[data-testid=tour-tickets-table] .ag-row').length === 2`);
    const deletedRow = ticketRows.filter({ hasText: 'VIP' });
    expect(await deletedRow.getAttribute('class')).toContain('tour-ticket--deleted');
    expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-testid=tour-tickets-table] .tour-ticket--deleted .tour-ticket-name__internal')).textDecorationLine`)).toBe('line-through');
    const exported = page.waitForResponse((r) => r.url().endsWith('/api/excel/fromdatatable'));
    await table.locator('[data-action=export]').click();
    const answer = await exported;
    expect(answer.status()).toBe(200);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as { FileName: string; Columns: { Title: string; Data: unknown[] }[] };
    expect(sent.FileName).toBe('tourtickets.xlsx');
    expect(sent.Columns.map((c) => c.Title)).toEqual(['Ticket (internal / display / id)', 'Booking type', 'Adult, $', 'Child, $', 'Trip, $', 'Period end']);
    expect(sent.Columns[0]!.Data).toHaveLength(2);
    expect(answer.headers()['content-disposition']).toContain('tourtickets.xlsx');
    await shoot(page, 'tickets-deleted');

    // Delete and restore, each confirmed.
    await page.getByTestId('tour-delete').click();
    await page.getByTestId('tour-confirm-yes').click();
    await page.getByTestId('tour-deleted').waitFor();
    await page.getByTestId('tour-restore').click();
    await page.getByTestId('tour-confirm-yes').click();
    await page.getByTestId('tour-deleted').waitFor({ state: 'detached' });
    await page.getByTestId('tour-delete').waitFor();
    expect((await readTour(page, id, token)).body.Content.isDeleted).toBe(false);

    // Leaving with unsaved changes asks first.
    await openTab(page, 'seo');
    await field(page, 'Page description').locator('input').fill('Changed and not saved');
    await page.getByTestId('back-to-tours').click();
    await page.getByTestId('tour-leave-dialog').waitFor();
    await page.getByTestId('tour-confirm-no').click();
    expect(new URL(page.url()).pathname).toBe(`/tours/${id}`);
    await page.getByTestId('back-to-tours').click();
    await page.getByTestId('tour-confirm-yes').click();
    await page.waitForURL((u) => u.pathname === '/tours');
    expect(errors).toEqual([]);
  });

  it('ratings: a successful look-up takes the id and its rating; switched off, the id is cleared', async () => {
    // A local server plays Google Places and TripAdvisor (only the base URLs point here; the adapters run for real).
    const fake = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (url.pathname === '/maps/api/place/details/json' && url.searchParams.get('place_id') === 'ChIJ-dhow_marina') res.end(JSON.stringify({ status: 'OK', result: { rating: 4.7, user_ratings_total: 123456 } }));
      else if (url.pathname === '/api/v1/location/676922/details') res.end(JSON.stringify({ location_id: '676922', rating: '4.5', num_reviews: '98765' }));
      else res.end(JSON.stringify({ status: 'NOT_FOUND' }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    Object.assign(process.env, { GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACES_BASE_URL: fakeUrl, TRIPADVISOR_API_KEY: 'k', TRIPADVISOR_BASE_URL: fakeUrl });
    try {
      const created = await apiJson<{ id: number; position: string }>('/api/tours', adminToken, {
        method: 'POST',
        body: { id: 0, nameInternal: 'RAT-1', nameDisplay: 'Rated tour', url: '', languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
      });
      const id = created.body.Content.id;
      await apiJson(`/api/tours/manage/${id}?after=${created.body.Content.position}`, adminToken);
      const { page, errors } = await openApp(browser, baseUrl, `/tours/${id}`, { token: adminToken });
      await form(page).waitFor();
      await openTab(page, 'location');
      // Unknown place: the error names it, nothing is taken.
      await page.getByTestId('google-place').getByRole('switch').click();
      await page.getByTestId('google-place-input').fill('ChIJ-nowhere');
      await page.getByTestId('google-place-check').click();
      await page.getByTestId('google-place').locator('.tbo-field__error', { hasText: "Couldn't get rating for place id: Place not found" }).waitFor();
      await page.getByTestId('google-place-input').fill('ChIJ-dhow_marina');
      await page.getByTestId('google-place-check').click();
      await page.getByTestId('google-place-rating').filter({ hasText: '4.7' }).waitFor();
      expect(await page.getByTestId('google-place-total').textContent()).toBe('123,456');
      expect(await page.getByTestId('google-place').locator('.tbo-field__error').count()).toBe(0);
      // A pasted TripAdvisor address gives the number after 'd' and before a dash.
      await page.getByTestId('tripadvisor').getByRole('switch').click();
      await page.getByTestId('tripadvisor-input').fill('https://www.tripadvisor.com/Attraction_Review-g295424-d676922-Reviews-Dhow-Dubai.html');
      await page.getByTestId('tripadvisor-check').click();
      await page.getByTestId('tripadvisor-rating').filter({ hasText: '4.5' }).waitFor();
      expect(await page.getByTestId('tripadvisor-input').inputValue()).toBe('676922');
      expect(await page.getByTestId('tripadvisor-total').textContent()).toBe('98,765');
      await page.getByTestId('tour-save').click();
      await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
      expect((await readTour(page, id, adminToken)).body.Content).toMatchObject({
        googlePlacesId: 'ChIJ-dhow_marina',
        googlePlacesRating: 4.7,
        googlePlacesTotalRatings: 123456,
        tripAdvisorId: '676922',
        tripAdvisorRating: 4.5,
        tripAdvisorTotalRatings: 98765,
      });

      // After a reload they are there; switching Google off clears its id and ratings.
      await page.reload();
      await form(page).waitFor();
      await openTab(page, 'location');
      expect(await page.getByTestId('google-place-input').inputValue()).toBe('ChIJ-dhow_marina');
      await page.getByTestId('google-place').getByRole('switch').click();
      await page.getByTestId('tour-save').click();
      await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
      expect((await readTour(page, id, adminToken)).body.Content).toMatchObject({ googlePlacesId: '', googlePlacesRating: null, googlePlacesTotalRatings: null, tripAdvisorId: '676922' });
      expect(errors).toEqual([]);
    } finally {
      for (const k of ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACES_BASE_URL', 'TRIPADVISOR_API_KEY', 'TRIPADVISOR_BASE_URL']) delete process.env[k];
      await new Promise((r) => fake.close(r));
    }
  });

  it("another supplier's tour: 'Tour not found or you are not allowed to manage it' and back to /tours", async () => {
    const created = await apiJson<{ id: number }>('/api/tours', otherToken, {
      method: 'POST',
      body: { id: 0, nameInternal: 'OTHER-1', nameDisplay: 'Other tour', url: '', languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
    });
    expect(created.status).toBe(200);
    const { page, errors } = await openApp(browser, baseUrl, `/tours/${created.body.Content.id}`, { token: adminToken });
    const note = page.getByTestId('notification').filter({ hasText: 'Tour not found or you are not allowed to manage it' });
    await note.first().waitFor();
    expect(await note.first().textContent()).toContain('Not found');
    await page.waitForURL((u) => u.pathname === '/tours');
    expect(errors).toEqual([]);
  });

  it('speaks Russian too', async () => {
    const { page, errors } = await openApp(browser, baseUrl, '/tours/add', { token: adminToken, lang: 'ru' });
    await form(page).waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Новый тур');
    await page.getByTestId('tour-save').click();
    await page.getByTestId('basic-error-badge').waitFor();
    expect((await fieldErrors(page))[0]).toBe('Укажите код тура');
    await shoot(page, 'basic-errors-ru');
    expect(errors).toEqual([]);
  });

  it('an id that cannot be read goes to /tours', async () => {
    const { page, errors } = await openApp(browser, baseUrl, '/tours/abc', { token: adminToken });
    await page.waitForURL((u) => u.pathname === '/tours');
    await waitUntil(page, `location.pathname === '/tours'`);
    expect(errors).toEqual([]);
  });

  it('opens the tab named in the address (?tab=terms, the offer editor\'s policy link) and keeps the chosen tab in it', async () => {
    const token = tokenFor(['admin'], { supplierId: (await registerTenants(app)).supplierId });
    const created = await apiJson<{ id: number; position: string }>('/api/tours', token, {
      method: 'POST',
      body: { id: 0, nameInternal: 'TAB-1', nameDisplay: 'Tabs tour', url: '', languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
    });
    const id = created.body.Content.id;
    await apiJson(`/api/tours/manage/${id}?after=${created.body.Content.position}`, token);
    const { page, errors } = await openApp(browser, baseUrl, `/tours/${id}?tab=terms`, { token });
    await page.getByTestId('page-title').filter({ hasText: 'Tabs tour' }).waitFor();
    expect(await page.getByTestId('tour-tab-terms').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('tour-tab-seo').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'seo');
    await page.reload();
    await page.getByTestId('page-title').filter({ hasText: 'Tabs tour' }).waitFor();
    expect(await page.getByTestId('tour-tab-seo').getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
  });
});
