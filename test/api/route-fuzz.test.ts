import fc from 'fast-check';
import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { apiSuite, bearer, tokenFor, type ApiSuite } from '../support/api';
import { registerTenants } from '../support/identity';
import { DEFAULT_PERIOD_PRICES } from '../support/catalog';
import { seedDemo } from '../support/reference';
import { hostileQuery, hostileValue, knownFieldNames, mutatedBody, randomBody } from '../support/fuzz-arbitraries';
import { issueResellerKey } from '../support/reseller-keys';

/**
 * The standing guard of the input boundary: every route the OpenAPI document lists gets generated paths, queries
 * and bodies (wrong types, huge and nested values, NUL and lone surrogates, extreme numbers and dates, ids past
 * Postgres's integer range), from a supplier admin, a platform admin and nobody (the OCTO routes: from a reseller's
 * key and nobody). Every answer must be the envelope (the OCTO routes: OCTO's error body) and never a 500, and no input may get past the input schemas only to be refused by the event
 * schemas or Postgres (the filter's last-resort messages). Fixed seed and bounded runs: about half a minute.
 */
const RUNS_PER_ROUTE = 40;
const SEED = 20261124;
/** The filter's fallbacks (envelope.filter.ts): reaching them means an input schema missed a rule. */
const LAST_RESORT = /outside what this field accepts|The change cannot be saved:/;


type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
interface Route {
  method: Method;
  path: string;
}

describe('every route answers generated bad input with a 4xx envelope, never a 500', () => {
  const api = apiSuite({ API_DOCS_PUBLIC: '1' });
  let routes: Route[];
  let callers: Record<string, string>[];
  /** The OCTO routes' callers: a contracted agency's reseller key, and nobody. */
  let octoCallers: Record<string, string>[];
  let templates: Record<string, object>;

  beforeAll(async () => {
    await seedDemo(api.app);
    const { supplierId, agencyId } = await registerTenants(api.app);
    const admin = bearer(await tokenFor(['admin'], { supplierId }));
    const platform = bearer(await tokenFor(['superadmin'], { supplierId: null }));
    callers = [admin, platform, {}];
    await api.app.get(CommandBus).execute(new SignContractCommand(supplierId, agencyId, null, systemContext('test')));
    octoCallers = [bearer(await issueResellerKey(api.http, admin, agencyId, 'Fuzz reseller')), {}];
    const docs = await api.http.get('/api/docs/json');
    expect(docs.status).toBe(200);
    routes = Object.entries(docs.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m): m is Method => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map((method) => ({ method, path })),
    );
    templates = await validBodies(api, admin, platform);
  });

  it('finds the routes to probe in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const path of ['/api/tours', '/api/validperiods', '/api/auth/signin', '/api/photos/{id}/{size}']) {
      expect(routes.some((r) => r.path === path)).toBe(true);
    }
  });

  it('answers every generated request with the envelope, a 4xx or a success, never a 500', async () => {
    const fieldNames = knownFieldNames();
    const failures: string[] = [];
    for (const [i, route] of routes.entries()) {
      const template = templates[`${route.method} ${route.path}`];
      const body = template ? fc.oneof(mutatedBody(template), randomBody(fieldNames)) : randomBody(fieldNames);
      const request = fc.record({
        params: fc.array(hostileValue({ forPath: true }), { minLength: 4, maxLength: 4 }),
        // Mostly no query: our query schemas are strict, so a stray name would stop most requests early.
        query: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: hostileQuery(fieldNames) }),
        body,
        caller: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: callers.length - 1 }) }),
      });
      const who = isOcto(route.path) ? octoCallers : callers;
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body, caller }) => {
          let n = 0;
          const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(params[n++ % params.length])));
          let problem: string | null;
          try {
            const req = api.http[route.method](path).query(query).set(who[caller % who.length]!);
            // Sent as JSON text, so that bare values (true, 7, "x") go out as they are.
            const res = route.method === 'get' || route.method === 'delete' ? await req : await req.set('Content-Type', 'application/json').send(JSON.stringify(body));
            problem = isOcto(route.path) ? octoAnswerProblem(res) : answerProblem(res);
          } catch (err) {
            problem = `no answer: ${(err as Error).message}`;
          }
          if (problem) failures.push(`${route.method.toUpperCase()} ${path.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 300)} → ${problem}`);
          return !problem;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + i, endOnFailure: true },
      ).catch(() => undefined); // each route stops at its first failure, collected above, so one report lists them all
    }
    expect(failures).toEqual([]);
  });
});

const isOcto = (path: string) => path === '/octo' || path.startsWith('/octo/');

/** The OCTO supplier API answers the standard's error body instead of the envelope: `{ error: CODE, errorMessage }`. */
function octoAnswerProblem(res: { status: number; body: unknown; headers: Record<string, string> }): string | null {
  if (res.status >= 500) return `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  if (res.status < 400) return null;
  const e = res.body as { error?: unknown; errorMessage?: unknown };
  if (!(res.headers['content-type'] ?? '').includes('application/json') || typeof e.error !== 'string' || !/^[A-Z_]+$/.test(e.error) || typeof e.errorMessage !== 'string' || !e.errorMessage) return `${res.status} without OCTO's error body`;
  if (LAST_RESORT.test(e.errorMessage)) return `${res.status} reached the last-resort check: ${e.errorMessage}`;
  return null;
}

/** What is wrong with an answer, or null: a 500, no envelope, or an input that got past the input schemas. */
function answerProblem(res: { status: number; body: unknown; headers: Record<string, string> }): string | null {
  if (res.status >= 500) return `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  const json = (res.headers['content-type'] ?? '').includes('application/json');
  if (res.status >= 400) {
    const e = res.body as { IsOk?: unknown; Code?: unknown; ErrorTitle?: unknown; ErrorMessage?: unknown };
    if (!json || e.IsOk !== false || e.Code !== res.status || typeof e.ErrorTitle !== 'string' || !e.ErrorMessage) return `${res.status} without the envelope`;
    if (LAST_RESORT.test(String(e.ErrorMessage))) return `${res.status} reached the last-resort check: ${String(e.ErrorMessage)}`;
  }
  return null;
}

/** A valid body for each command route, so that mutating one field reaches the deciders and the event schemas. */
async function validBodies(api: ApiSuite, admin: Record<string, string>, platform: Record<string, string>): Promise<Record<string, object>> {
  const language = await api.http.post('/api/languages').set(platform).send({ id: 0, name: 'Fuzz', code: 'fzz', isOffers: true, imgUrl: '/flags/xx.svg' });
  await api.settled('languages', language.body.Content.position);
  const tour = { id: 0, nameInternal: 'FZ-1', nameDisplay: 'Fuzzed tour', languageId: language.body.Content.id, toursCategories: [1], locationLatitude: 25.2, locationLongitude: 55.3, cancellationPolicy: [{ hours: 24, percents: 100 }], itineraries: [{ name: 'Day 1', stops: [{ name: 'Dunes', time: 600, lat: 25, lng: 55 }] }] };
  const savedTour = await api.http.post('/api/tours').set(admin).send(tour);
  await api.settled('tours', savedTour.body.Content.position);
  const offer = { id: 0, tourId: savedTour.body.Content.id, nameInternal: 'FZ-T', nameDisplay: 'Fuzzed ticket', minNumOfPeople: 1, maxNumOfPeople: 10, numberOfHours: 4, childAge: 12, infantAge: 3, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 48, percents: 50 }] };
  const savedOffer = await api.http.post('/api/offers').set(admin).send(offer);
  const period = {
    id: 0,
    offerId: savedOffer.body.Content.id,
    periodStart: '2027-01-01T08:00:00.000Z',
    periodEnd: '2027-02-01T08:00:00.000Z',
    ...DEFAULT_PERIOD_PRICES,
  };
  const profile = (await api.http.get('/api/suppliers/my').set(admin)).body.Content as object;
  const settings = (await api.http.get('/api/account/settings').set(admin)).body.Content as object;
  const group = { id: 0, name: 'Fuzz group', capacity: 20, minimumAdvancedBooking: 2, pickUpTimeId: null, isTimeSlotsIndependant: true };
  const savedGroup = await api.http.post('/api/timeslots/group').set(admin).send(group);
  // The slot names one of the supplier's own providers (its address is never called here).
  const provider = await api.http.post('/api/connectivity/providers').set(admin).send({ id: 0, name: 'Fuzz provider', baseUrl: 'https://octo.example.com/octo', apiKey: 'fuzz-key' });
  await api.settled('external_providers', provider.body.Content.position);
  const externalSlot = { id: 0, groupId: savedGroup.body.Content.id, name: 'Fuzz slot', timeType: 0, startTimeDescription: '08:00', endTimeDescription: '10:00', duration: 120, type: 0, daysOfferedList: [1, 2], capacity: 5, minimumAdvancedBooking: 1, isExternalId: true, externalId: 'x-1', externalProviderId: provider.body.Content.id, externalProviderCodeType: 1, externalProductId: 'p-1', bookingReferencePrefix: 'FZ' };
  const savedSlot = await api.http.post('/api/timeslots').set(admin).send(externalSlot);
  expect(savedSlot.status).toBe(200);
  const anytimeSlot = { ...savedSlot.body.Content, timeType: 1, interval: 15, type: 1, cutOffResponseTime: 2 };
  return {
    'post /api/tours': tour,
    'put /api/tours': { ...tour, id: savedTour.body.Content.id },
    'post /api/offers': offer,
    'put /api/offers': { ...offer, id: savedOffer.body.Content.id },
    'post /api/validperiods': period,
    'put /api/suppliers': profile,
    'put /api/account/settings': settings,
    'post /api/photos': { id: 1, title: 'Dunes', description: 'At sunset' },
    'post /api/photos/list': { page: 1, search: 'dunes', toursIds: [1] },
    'post /api/regions': { id: 0, name: 'Fuzz region', cityId: 1, isActive: true },
    'post /api/hotels': { id: 0, name: 'Fuzz hotel', regionId: 1 },
    'post /api/toursCategories': { id: 0, name: 'Fuzz category' },
    'post /api/languages': { id: 0, name: 'Fuzz two', code: 'fzt', isOffers: true, imgUrl: '/flags/xx.svg' },
    'post /api/auth/signin': { email: 'nobody@fuzz.test', password: 'not-a-password', returnUrl: '/' },
    'put /api/auth/changepassword': { currentPassword: 'x', newPassword: 'y', repeatPassword: 'y' },
    'post /api/timeslots/group': group,
    'put /api/timeslots/group': savedGroup.body.Content,
    'post /api/timeslots': externalSlot,
    'put /api/timeslots': anytimeSlot,
    'post /api/excel/fromdatatable': { fileName: 'fuzz.xlsx', columns: ['A'], rows: [['1']] },
  };
}
