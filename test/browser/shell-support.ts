import type { Browser, Locator, Page } from 'playwright-core';
import { watchPageErrors } from '../support/browser';
import { apiCall } from './catalog-helpers';
import { gotoWithStorage, retryUntil } from './shell-helpers';

/** Shared by the shell browser tests that need catalog data or page geometry (shell-header.test.ts, admin-settings). */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every notification on screen covers none of these elements (the page's action buttons). */
export async function expectNotificationsClearOf(page: Page, targets: Locator[]): Promise<void> {
  const notes = page.getByTestId('notification');
  expect(await notes.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await notes.count()); i++) {
    const note = (await notes.nth(i).boundingBox())!;
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      // The element's text names it in a failure; read once, as a live part of it (the header search's 'Searching…')
      // may change between two reads.
      const name = await target.textContent();
      expect({ target: name, overlaps: boxesOverlap(note, box) }).toEqual({ target: name, overlaps: false });
    }
  }
}

/** A JSON call that must succeed; its Content. */
export async function apiOk<T>(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await apiCall(baseUrl, method, path, token, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body.ErrorMessage}`);
  return res.body.Content as T;
}

/** Polls until the check passes (read models follow the commands a moment later). */
export const eventually = (check: () => Promise<void>, timeoutMs = 15_000) => retryUntil(check, timeoutMs);

/**
 * German (code 'de', made when missing) and a tour category of this run, both visible to the tour commands; what a
 * test needs to create tours through the API.
 */
export async function catalogReferences(baseUrl: string, superadmin: string, tag: string): Promise<{ languageId: number; categoryId: number }> {
  type Sync = { languages: { id: number; code: string; isDeleted: boolean }[] };
  const known = (await apiOk<Sync>(baseUrl, 'GET', '/api/languages/sync', superadmin)).languages.find((l) => l.code === 'de' && !l.isDeleted);
  const languageId = known?.id ?? (await apiOk<{ id: number }>(baseUrl, 'POST', '/api/languages', superadmin, { id: 0, name: 'German', code: 'de', isOffers: true, imgUrl: '/flags/xx.svg' })).id;
  const categoryId = (await apiOk<{ id: number }>(baseUrl, 'POST', '/api/toursCategories', superadmin, { id: 0, name: `Header search ${tag}` })).id;
  await eventually(async () => {
    const sync = await apiOk<Sync>(baseUrl, 'GET', '/api/languages/sync', superadmin);
    expect(sync.languages.map((l) => l.id)).toContain(languageId);
    const categories = await apiOk<{ id?: number; value?: number }[]>(baseUrl, 'GET', '/api/toursCategories/options', superadmin);
    expect(categories.map((c) => c.id ?? c.value)).toContain(categoryId);
  });
  return { languageId, categoryId };
}

/**
 * openApp (shell-helpers.ts) with patient timeouts: on a machine shared by several test runs a first page load can
 * take longer than the ten seconds openApp allows. Same start: token and language in local storage, then `path`.
 */
export async function openPatiently(browser: Browser, baseUrl: string, path: string, opts: { token?: string; lang?: 'en' | 'ru'; width?: number; height?: number } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: opts.width ?? 1366, height: opts.height ?? 768 } });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await gotoWithStorage(page, path, { token: opts.token, lang: opts.lang }, { waitUntil: 'domcontentloaded' });
  await page.locator('header.app-header').waitFor();
  return { context, page, errors };
}
