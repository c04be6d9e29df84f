import type { Knex } from 'knex';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import type { Page } from 'playwright-core';
import { openTourTab as openTab, pickMany, tourField as field, tourForm as form, tourTab as tab } from './catalog-helpers';
import { openApp, pathOf, waitUntil } from './shell-helpers';
import { shoot, tourSuite } from './tour-suite';

/**
 * The tour edit screen (spec 01 §2 Tour edit, §5 Tour, §8) against the real API and Postgres: required messages and
 * the Basic error badge, the slug following the display name, save → /tours/{id}, a reload shows what was saved, a
 * change shows in the History tab, Russian, unreadable ids and the tab in the address.
 */

const s = tourSuite({ ratingsUnconfigured: true });
const { apiJson, readTour } = s;
const fieldErrors = (page: Page) => form(page).locator('.tbo-field__error').allTextContents();

describe('tour edit', () => {
  it('validates, follows the slug, saves, reloads, and shows the change in History', async () => {
    const { page, errors } = await openApp(s.browser, s.baseUrl, '/tours/ADD', { token: s.adminToken });
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
    const stored = await readTour(page, id, s.adminToken);
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
    expect(await change.first().getByTestId('history-field').textContent()).toBe('Tour code');
    expect(await change.first().getByTestId('history-before').textContent()).toBe('TST-01');
    expect(await page.getByTestId('history-event').first().textContent()).toBe('Basic details changed');
    expect(await page.getByTestId('history-event').allTextContents()).toContain('Tour created');
    await shoot(page, 'tour-history');

    // Still the same tour, with the new code after a reload (which keeps the open tab).
    await page.reload();
    await form(page).waitFor();
    expect(await tab(page, 'history').getAttribute('aria-selected')).toBe('true');
    await openTab(page, 'basic');
    expect(await field(page, 'Tour code').locator('input').inputValue()).toBe('TST-02');
    expect(errors).toEqual([]);
  });

  it('speaks Russian too', async () => {
    const { page, errors } = await openApp(s.browser, s.baseUrl, '/tours/add', { token: s.adminToken, lang: 'ru' });
    await form(page).waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Новый тур');
    await page.getByTestId('tour-save').click();
    await page.getByTestId('basic-error-badge').waitFor();
    expect((await fieldErrors(page))[0]).toBe('Укажите код тура');
    await shoot(page, 'basic-errors-ru');
    expect(errors).toEqual([]);
  });

  it('an id that cannot be read goes to /tours', async () => {
    const { page, errors } = await openApp(s.browser, s.baseUrl, '/tours/abc', { token: s.adminToken });
    await page.waitForURL((u) => u.pathname === '/tours');
    await waitUntil(page, `location.pathname === '/tours'`);
    expect(errors).toEqual([]);
  });

  it("an id above 2^31-1 is 'Not found' and goes back: the tour to /tours, its ticket to the tour", async () => {
    const { page, errors } = await openApp(s.browser, s.baseUrl, '/tours/3000000000', { token: s.adminToken });
    const note = page.getByTestId('notification').filter({ hasText: 'Tour not found or you are not allowed to manage it' });
    await note.first().waitFor();
    expect(await note.first().textContent()).toContain('Not found');
    await page.waitForURL((u) => u.pathname === '/tours');
    expect(await page.getByTestId('notification').filter({ hasText: 'Server error' }).count()).toBe(0);

    const tour = await apiJson<{ id: number; position: string }>('/api/tours', s.adminToken, {
      method: 'POST',
      body: { id: 0, nameInternal: 'BIG-ID', nameDisplay: 'Big id', url: '', languageId: s.languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
    });
    expect(tour.status).toBe(200);
    await waitForProjection(s.app.get<Knex>(KNEX), s.app.get<EventStore>(EVENT_STORE), 'tours', tour.body.Content.position, 10_000);
    await page.goto(`/tours/${tour.body.Content.id}/3000000000`);
    await page.getByTestId('notification').filter({ hasText: 'Ticket not found or you are not allowed to manage it' }).first().waitFor();
    await page.waitForURL((u) => u.pathname === `/tours/${tour.body.Content.id}`);
    expect(await page.getByTestId('notification').filter({ hasText: 'Server error' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('opens the tab named in the address (?tab=terms, the offer editor\'s policy link) and keeps the chosen tab in it', async () => {
    const token = await tokenFor(['admin'], { supplierId: (await registerTenants(s.app)).supplierId });
    const created = await apiJson<{ id: number; position: string }>('/api/tours', token, {
      method: 'POST',
      body: { id: 0, nameInternal: 'TAB-1', nameDisplay: 'Tabs tour', url: '', languageId: s.languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
    });
    const id = created.body.Content.id;
    await apiJson(`/api/tours/manage/${id}?after=${created.body.Content.position}`, token);
    const { page, errors } = await openApp(s.browser, s.baseUrl, `/tours/${id}?tab=terms`, { token });
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
