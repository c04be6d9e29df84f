import type { INestApplication } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type request from 'supertest';
import { bearer, expectErrorEnvelope, startApi, tokenFor } from '../support/api';

/**
 * The rating routes against a local server that plays Google Places and TripAdvisor:
 * the adapters run for real, only the base URLs point here.
 */
const GOOGLE_KEY = 'test-google-key';
const TA_KEY = 'test-tripadvisor-key';
// The adapters' timeout leaves the fake's normal answers ample time in a busy test process; the slow
// answer comes well after it, so a cut-off call is told apart from one that waited.
const TIMEOUT_MS = 2_000;
const SLOW_MS = 10_000;

function fakeProviders(): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const slow = () => setTimeout(() => !res.writableEnded && json(200, {}), SLOW_MS).unref(); // never holds the process open after the tests

    if (url.pathname === '/maps/api/place/details/json') {
      if (url.searchParams.get('key') !== GOOGLE_KEY) return json(200, { status: 'REQUEST_DENIED' });
      if (url.searchParams.get('fields') !== 'rating,user_ratings_total') return json(400, {});
      switch (url.searchParams.get('place_id')) {
        case 'ChIJ-burj_khalifa':
          return json(200, { status: 'OK', result: { rating: 4.7, user_ratings_total: 123456 } });
        case 'ChIJ-unrated':
          return json(200, { status: 'OK', result: {} });
        case 'ChIJ-missing':
          return json(200, { status: 'NOT_FOUND' });
        case 'ChIJ-http404':
          return json(404, {});
        case 'ChIJ-boom':
          return json(500, { error: 'boom' });
        case 'ChIJ-slow':
          return slow();
      }
      return json(200, { status: 'INVALID_REQUEST' });
    }
    const ta = /^\/api\/v1\/location\/(\d+)\/details$/.exec(url.pathname);
    if (ta) {
      if (url.searchParams.get('key') !== TA_KEY) return json(401, { error: { message: 'bad key' } });
      switch (ta[1]) {
        case '676922':
          return json(200, { location_id: '676922', rating: '4.5', num_reviews: '98765' });
        case '404':
          return json(404, { error: { message: 'not found', code: 404 } });
        case '500':
          return json(500, { error: { message: 'oops' } });
        case '999':
          return slow();
      }
      return json(404, { error: { message: 'not found' } });
    }
    return json(404, {});
  });
}

describe('place ratings (GET /api/tours/GooglePlaceRatings, /api/tours/TripAdvisorLocationRating)', () => {
  let app: INestApplication;
  let http: Awaited<ReturnType<typeof startApi>>['http'];
  let server: Server;
  let editor: Record<string, string>;
  let admin: Record<string, string>;
  const saved: Record<string, string | undefined> = {};
  const envNames = ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACES_BASE_URL', 'TRIPADVISOR_API_KEY', 'TRIPADVISOR_BASE_URL', 'PLACE_RATINGS_TIMEOUT_MS'];

  beforeAll(async () => {
    server = fakeProviders();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const n of envNames) saved[n] = process.env[n];
    ({ app, http } = await startApi({
      GOOGLE_PLACES_API_KEY: GOOGLE_KEY,
      GOOGLE_PLACES_BASE_URL: base,
      TRIPADVISOR_API_KEY: TA_KEY,
      TRIPADVISOR_BASE_URL: `${base}/`,
      PLACE_RATINGS_TIMEOUT_MS: String(TIMEOUT_MS),
    }));
    editor = bearer(await tokenFor(['editor']));
    admin = bearer(await tokenFor(['admin']));
  });
  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    for (const n of envNames) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  });

  const google = (placeId: string, headers: Record<string, string> = editor) =>
    http.get(`/api/tours/GooglePlaceRatings?placeId=${encodeURIComponent(placeId)}`).set(headers);
  const tripAdvisor = (locationId: string, headers: Record<string, string> = editor) =>
    http.get(`/api/tours/TripAdvisorLocationRating?locationId=${encodeURIComponent(locationId)}`).set(headers);
  /** With the service's key missing (unset or blank), the call answers 503 with the title; the key is put back after. */
  const expectNotConfigured = async (keyName: string, missing: string | undefined, call: () => Promise<request.Response>, title: string) => {
    const key = process.env[keyName];
    if (missing === undefined) delete process.env[keyName];
    else process.env[keyName] = missing;
    try {
      const res = await call();
      expectErrorEnvelope(res, 503, title);
    } finally {
      process.env[keyName] = key;
    }
  };

  describe('Google Places', () => {
    it('answers the rating and the number of ratings', async () => {
      const res = await google('ChIJ-burj_khalifa');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ IsOk: true, Code: 200, Content: { rating: 4.7, ratingsCount: 123456 }, ErrorTitle: null, ErrorMessage: null });
      expect((await google('ChIJ-burj_khalifa', admin)).body.Content).toEqual({ rating: 4.7, ratingsCount: 123456 });
    });

    it('a place without ratings answers rating null and 0 ratings', async () => {
      expect((await google('ChIJ-unrated')).body.Content).toEqual({ rating: null, ratingsCount: 0 });
    });

    it.each(['ChIJ-missing', 'ChIJ-http404', 'ChIJ-unknown'])('%s → 404 Place not found', async (id) => {
      const res = await google(id);
      expectErrorEnvelope(res, 404, 'Place not found');
    });

    it('a failing service → 503 Rating service unavailable', async () => {
      const res = await google('ChIJ-boom');
      expectErrorEnvelope(res, 503, 'Rating service unavailable');
    });

    it('a service that does not answer in time → 503 Rating service unavailable', async () => {
      const started = Date.now();
      const res = await google('ChIJ-slow');
      expectErrorEnvelope(res, 503, 'Rating service unavailable');
      expect(res.body.ErrorMessage).toContain(`${TIMEOUT_MS} ms`);
      expect(Date.now() - started).toBeLessThan(SLOW_MS);
    });

    it('refuses a malformed or missing place id', async () => {
      for (const id of ['bad id', 'a/b', 'x%y']) {
        const res = await google(id);
        expectErrorEnvelope(res, 400);
        expect(res.body.ErrorMessage).toMatch(/placeId/);
      }
      expectErrorEnvelope(await http.get('/api/tours/GooglePlaceRatings').set(editor), 400);
    });

    it('without a key → 503 Maps service is not configured', () => expectNotConfigured('GOOGLE_PLACES_API_KEY', undefined, () => google('ChIJ-burj_khalifa'), 'Maps service is not configured'));
  });

  describe('TripAdvisor', () => {
    it('answers the rating and the number of reviews (sent as strings)', async () => {
      const res = await tripAdvisor('676922');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ IsOk: true, Code: 200, Content: { rating: 4.5, ratingsCount: 98765 }, ErrorTitle: null, ErrorMessage: null });
    });

    it('an unknown location → Code 404', async () => {
      const res = await tripAdvisor('404');
      expectErrorEnvelope(res, 404, 'Location not found');
    });

    it('a failing or slow service → 503 Rating service unavailable', async () => {
      for (const id of ['500', '999']) {
        const res = await tripAdvisor(id);
        expectErrorEnvelope(res, 503, 'Rating service unavailable');
      }
    });

    it('refuses a location id that is not digits', async () => {
      const res = await tripAdvisor('d676922');
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toMatch(/locationId/);
    });

    it('without a key → 503 TripAdvisor service is not configured', () => expectNotConfigured('TRIPADVISOR_API_KEY', '', () => tripAdvisor('676922'), 'TripAdvisor service is not configured'));
  });

  describe('access', () => {
    it('refuses roles other than admin and editor, and anonymous callers', async () => {
      for (const role of ['agent', 'operations', 'supplier'] as const) {
        const headers = bearer(await tokenFor([role]));
        expectErrorEnvelope(await google('ChIJ-burj_khalifa', headers), 403);
        expectErrorEnvelope(await tripAdvisor('676922', headers), 403);
      }
      expectErrorEnvelope(await google('ChIJ-burj_khalifa', {}), 401);
      expectErrorEnvelope(await tripAdvisor('676922', {}), 401);
    });
  });
});
