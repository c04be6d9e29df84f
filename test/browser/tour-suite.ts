import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { seedLanguages } from '../../apps/api/src/seed/seed-languages';
import { tokenFor } from '../support/api';
import { webSuite, type WebSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { seedDemo } from '../support/reference';
import { screenshotsTo } from './screenshots';

/**
 * The set-up the tour editor's browser files share (tour-edit, tour-edit-defaults, tour-ratings, tour-history): the
 * API with its demo reference data and languages, a browser, an admin of one supplier and an admin of another.
 */
export interface TourSuite extends WebSuite {
  /** apiJson and readTour (below) against this suite's API. */
  apiJson<T>(path: string, token: string, init?: { method?: string; body?: unknown }): Promise<Answer<T>>;
  readTour(page: Page, id: number, token: string): Promise<Answer<Record<string, unknown>>>;
  adminToken: string;
  otherToken: string;
  languageId: number;
}

/**
 * The demo reference data and the languages, once the named projections have caught up with them (tours need both);
 * the id of the first language tours can be run in.
 */
export async function seedCatalogReference(app: INestApplication, projections = ['languages']): Promise<number> {
  await seedDemo(app);
  await seedLanguages(app.get(CommandBus), app.get<Knex>(KNEX));
  const store = app.get<EventStore>(EVENT_STORE);
  const head = await store.headPosition();
  if (head) for (const name of projections) await waitForProjection(app.get<Knex>(KNEX), store, name, head, 30_000);
  // One tours can be run in: other suites of the run add languages that are not offered, or deleted.
  return ((await app.get<Knex>(KNEX)('languages').select('id').where({ is_offers: true, is_deleted: false }).orderBy('id').first()) as { id: number }).id;
}

/** Registers beforeAll / afterAll; the returned object is filled once beforeAll has run. */
export function tourSuite(opts: { ratingsUnconfigured?: boolean } = {}): TourSuite {
  // The rating look-ups must answer "not configured", whatever the machine's environment says.
  if (opts.ratingsUnconfigured) {
    delete process.env.GOOGLE_PLACES_API_KEY;
    delete process.env.TRIPADVISOR_API_KEY;
  }
  // The app, base URL and browser are webSuite's getters; the tokens and language are filled in below.
  const s = Object.create(webSuite({ testTimeoutMs: 180_000 })) as TourSuite;
  s.apiJson = (path, token, init) => apiJson(s.baseUrl, path, token, init);
  s.readTour = (page, id, token) => readTour(s.baseUrl, page, id, token);
  beforeAll(async () => {
    s.languageId = await seedCatalogReference(s.app);
    const { supplierId } = await registerTenants(s.app);
    const admin = await registerUser(s.app, { roles: ['admin'], supplierId, fullName: 'Tina Tours' });
    s.adminToken = await tokenFor(['admin'], { email: admin.email, fullName: 'Tina Tours', supplierId });
    const other = await registerTenants(s.app);
    s.otherToken = await tokenFor(['admin'], { supplierId: other.supplierId });
  }, 240_000);
  return s;
}

/** With SHOTS_DIR=<dir>, screenshots for a person to look at. */
export const shoot = screenshotsTo({ fullPage: true });

export type Answer<T> = { status: number; body: { Content: T; ErrorTitle: string | null; ErrorMessage: string | null } };

/** A JSON call to the API under test as the token's user. */
export async function apiJson<T>(baseUrl: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** The tour as the API reads it once its projection has caught up with the page's last save (kept in session storage). */
export async function readTour(baseUrl: string, page: Page, id: number, token: string): Promise<Answer<Record<string, unknown>>> {
  const after = (await page.evaluate(`sessionStorage.getItem('tbo.tour.${id}.after')`)) as string | null;
  return apiJson<Record<string, unknown>>(baseUrl, `/api/tours/manage/${id}${after ? `?after=${encodeURIComponent(after)}` : ''}`, token);
}
