import type { INestApplication } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { tokenFor } from '../support/api';
import { apiCall } from './catalog-helpers';
import { screenshotsTo } from './screenshots';

/** Helpers of the offer (ticket) editor's browser tests. */

/** A tour of the token's supplier (the first language, or one made for it; the first category), read-model ready. */
export async function newTour(app: INestApplication, baseUrl: string, auth: string, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const api = (method: string, path: string, token: string, body?: unknown) => apiCall(baseUrl, method, path, token, body);
  const db = app.get<Knex>(KNEX);
  const lang = await db('languages').select('id').where({ is_offers: true, is_deleted: false }).orderBy('id').first();
  let languageId = lang?.id as number | undefined;
  if (!languageId) {
    const saved = await api('POST', '/api/languages', await tokenFor(['superadmin'], { supplierId: null }), { id: 0, name: 'Offer edit lang', code: 'oel', isOffers: true, imgUrl: '/flags/xx.svg' });
    await waitForProjection(db, app.get<EventStore>(EVENT_STORE), 'languages', saved.body.Content.position as string, 10_000);
    languageId = saved.body.Content.id as number;
  }
  const categories = (await api('GET', '/api/toursCategories/options', auth)).body.Content as unknown as { value: number }[];
  const res = await api('POST', '/api/tours', auth, { id: 0, nameInternal: name, nameDisplay: `${name} display`, languageId, toursCategories: [categories[0]!.value], ...extra });
  expect({ status: res.status, error: res.body.ErrorMessage }).toEqual({ status: 200, error: null });
  await waitForProjection(db, app.get<EventStore>(EVENT_STORE), 'tours', res.body.Content.position as string, 10_000);
  return res.body.Content.id as number;
}

export const offerField = (page: Page, testId: string) => page.getByTestId(testId);
export const offerFieldErrors = (page: Page) => page.locator('[data-testid=offer-form] .tbo-field__error').allTextContents();

/** With SHOTS_DIR=<dir>, screenshots for a look at the layout. */
export const shoot = screenshotsTo({ fullPage: true });

/** Dubai's date of an instant, DD.MM.YYYY. */
export function dubaiDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 4 * 3_600_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}
