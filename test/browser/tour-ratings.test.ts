import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTourTab as openTab, tourForm as form } from './catalog-helpers';
import { openApp } from './shell-helpers';
import { tourSuite } from './tour-suite';

/**
 * The rating look-ups of the Location tab (spec 01 §5, §7) with a local stand-in for Google Places and TripAdvisor,
 * and someone else's tour (spec 01 §8).
 */

const s = tourSuite({ ratingsUnconfigured: true });
const { apiJson, readTour } = s;

describe('tour edit: ratings and access', () => {
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
      const created = await apiJson<{ id: number; position: string }>('/api/tours', s.adminToken, {
        method: 'POST',
        body: { id: 0, nameInternal: 'RAT-1', nameDisplay: 'Rated tour', url: '', languageId: s.languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
      });
      const id = created.body.Content.id;
      await apiJson(`/api/tours/manage/${id}?after=${created.body.Content.position}`, s.adminToken);
      const { page, errors } = await openApp(s.browser, s.baseUrl, `/tours/${id}`, { token: s.adminToken });
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
      expect((await readTour(page, id, s.adminToken)).body.Content).toMatchObject({
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
      expect((await readTour(page, id, s.adminToken)).body.Content).toMatchObject({ googlePlacesId: '', googlePlacesRating: null, googlePlacesTotalRatings: null, tripAdvisorId: '676922' });
      expect(errors).toEqual([]);
    } finally {
      for (const k of ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACES_BASE_URL', 'TRIPADVISOR_API_KEY', 'TRIPADVISOR_BASE_URL']) delete process.env[k];
      await new Promise((r) => fake.close(r));
    }
  });

  it("another supplier's tour: 'Tour not found or you are not allowed to manage it' and back to /tours", async () => {
    const created = await apiJson<{ id: number }>('/api/tours', s.otherToken, {
      method: 'POST',
      body: { id: 0, nameInternal: 'OTHER-1', nameDisplay: 'Other tour', url: '', languageId: s.languageId, toursCategories: [1], recommendedFor: [0], offers: [] },
    });
    expect(created.status).toBe(200);
    const { page, errors } = await openApp(s.browser, s.baseUrl, `/tours/${created.body.Content.id}`, { token: s.adminToken });
    const note = page.getByTestId('notification').filter({ hasText: 'Tour not found or you are not allowed to manage it' });
    await note.first().waitFor();
    expect(await note.first().textContent()).toContain('Not found');
    await page.waitForURL((u) => u.pathname === '/tours');
    expect(errors).toEqual([]);
  });
});
