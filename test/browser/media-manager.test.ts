import type { INestApplication } from '@nestjs/common';
import type { Browser, Page, Route } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { tokenFor } from '../support/api';
import { launchBrowser, startWeb } from '../support/browser';
import { startPhotoStack } from '../support/photos';
import { openApp } from './shell-helpers';

/**
 * The media manager (spec 01 §2, §4, §5, §8). Two parts:
 * - the screen against a stand-in photos API (page.route): duplicate names skipped, progress, Processing, the
 *   photo on top, the edit popup (Escape, Save), delete with its confirmation and a refusal, the Russian upload
 *   errors, ru; with MEDIA_SHOTS=<dir> it writes screenshots at 1366×768 and 1920×1080 in en and ru;
 * - the acceptance run against the real /api/photos (when modules/media exists): three files of which two share
 *   a name give two photos at the top, an edited title shows after reload, delete asks and removes.
 */
let app: INestApplication;
let baseUrl: string;
let browser: Browser;
let dir: string;

const COLORS: [string, string][] = [
  ['#0f4c5c', '#5fa8a0'],
  ['#e36414', '#fb8b24'],
  ['#4a3f75', '#9a8fd0'],
  ['#2e7d32', '#a5d6a7'],
  ['#1d6fb8', '#9cc9ef'],
  ['#7a2e2e', '#e08a8a'],
];

/** A small landscape-ish picture (gradient, sun, hills) as PNG or JPEG. */
async function picture(i: number, format: 'png' | 'jpeg', width = 640, height = 480): Promise<Buffer> {
  const [a, b] = COLORS[i % COLORS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * (0.25 + (i % 3) * 0.22)}" cy="${height * 0.32}" r="${height * 0.11}" fill="#fff6d5" opacity="0.9"/>
    <path d="M0 ${height * 0.78} Q ${width * 0.3} ${height * 0.55} ${width * 0.55} ${height * 0.75} T ${width} ${height * 0.7} V ${height} H 0 Z" fill="#1c2530" opacity="0.35"/>
    <path d="M0 ${height * 0.9} Q ${width * 0.45} ${height * 0.7} ${width} ${height * 0.88} V ${height} H 0 Z" fill="#1c2530" opacity="0.55"/>
  </svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 80 }).toBuffer();
}

async function writePicture(path: string, i: number, format: 'png' | 'jpeg'): Promise<string> {
  mkdirSync(join(path, '..'), { recursive: true });
  await sharp(await picture(i, format)).toFile(path);
  return path;
}

beforeAll(async () => {
  ({ app, baseUrl } = await startWeb());
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'tbo-media-'));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  const out = process.env.MEDIA_SHOTS;
  if (!out) return;
  mkdirSync(out, { recursive: true });
  await page.screenshot({ path: join(out, `${name}.png`) });
}

const tiles = (page: Page) => page.getByTestId('media-tile');

async function tileTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId('media-tile-title').allTextContents()).map((s) => s.trim());
}

/** The photo ids of the first `n` tiles of the grid. */
async function firstIds(page: Page, n: number): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) out.push(await tiles(page).nth(i).getAttribute('data-photo-id'));
  return out;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A stand-in photos API, so the screen is checked whatever the state of the server side.

interface StubPhoto {
  id: number;
  title: string;
  description: string;
  urlBig: string | null;
  urlMedium: string | null;
  urlSmall: string | null;
  usedInTours: { id: number; name: string }[];
  usedInCountries: { id: number; name: string }[];
  usedInWidgets: { id: number; name: string }[];
  status: 'processing' | 'ready';
}

const TOURS = [
  { id: 1, name: 'Desert Safari with BBQ Dinner' },
  { id: 2, name: 'Dhow Cruise Marina' },
  { id: 3, name: 'Abu Dhabi City Tour' },
  { id: 4, name: 'Hot Air Balloon at Sunrise' },
];

function stubApi(page: Page, opts: { processingPolls?: number } = {}) {
  const names = ['Dunes at sunset', 'Marina by night', 'Old town souk', 'Mangrove kayaks', 'Mountain road', 'Camel caravan', 'Beach club', 'Sheikh Zayed Mosque', 'Balloon over the desert', 'Creek abra', 'Spice market', 'Skyline view', 'Wadi pools', 'Fort at dusk'];
  let nextId = 100;
  const photos: StubPhoto[] = names.map((title, i) => ({
    id: ++nextId,
    title,
    description: i === 0 ? 'Golden dunes in the late afternoon light, seen from the camp ridge.' : '',
    ...urls(nextId),
    usedInTours: i === 0 ? [TOURS[0]!, TOURS[3]!] : i === 2 ? [TOURS[2]!] : [],
    usedInCountries: i === 0 ? [{ id: 784, name: 'United Arab Emirates' }] : [],
    usedInWidgets: i === 0 ? [{ id: 9, name: 'Home page hero' }] : [],
    status: 'ready',
  }));
  photos.reverse();
  const pending = new Map<number, number>();
  const listBodies: unknown[] = [];
  const ok = (route: Route, content: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ IsOk: true, Code: 200, Content: content, ErrorTitle: null, ErrorMessage: null }) });
  const fail = (route: Route, code: number, message: string) => route.fulfill({ status: code, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: code, Content: null, ErrorTitle: 'Bad request', ErrorMessage: message }) });
  function urls(id: number) {
    return { urlBig: `/stub-photos/${id}/big.jpg`, urlMedium: `/stub-photos/${id}/medium.jpg`, urlSmall: `/stub-photos/${id}/small.jpg` };
  }
  function current(p: StubPhoto): StubPhoto {
    const left = pending.get(p.id);
    if (left === undefined) return p;
    if (left <= 0) {
      pending.delete(p.id);
      Object.assign(p, urls(p.id), { status: 'ready' });
      return p;
    }
    pending.set(p.id, left - 1);
    return p;
  }
  const ITEMS = 12;
  return {
    photos,
    listBodies,
    install: async () => {
      await page.route('**/stub-photos/**', async (route) => {
        const id = Number(/stub-photos\/(\d+)\//.exec(route.request().url())?.[1] ?? 0);
        const big = route.request().url().endsWith('big.jpg');
        await route.fulfill({ status: 200, contentType: 'image/jpeg', body: await picture(id, 'jpeg', big ? 1280 : 480, big ? 960 : 360) });
      });
      await page.route((u) => u.pathname.startsWith('/api/photos'), async (route) => {
        const req = route.request();
        const url = new URL(req.url());
        const method = req.method();
        if (url.pathname === '/api/photos/tours') return ok(route, TOURS);
        if (url.pathname === '/api/photos/list') {
          const body = req.postDataJSON() as { page: number; search: string; toursIds: number[] };
          listBodies.push(body);
          const q = (body.search ?? '').toLowerCase();
          const rows = photos.map(current).filter((p) => (!q || `${p.title} ${p.description}`.toLowerCase().includes(q)) && (!body.toursIds?.length || p.usedInTours.some((t) => body.toursIds.includes(t.id))));
          const totalPages = Math.max(1, Math.ceil(rows.length / ITEMS));
          const pageNo = Math.min(Math.max(1, body.page || 1), totalPages);
          const from = rows.length ? (pageNo - 1) * ITEMS + 1 : 0;
          const entities = rows.slice((pageNo - 1) * ITEMS, pageNo * ITEMS);
          return ok(route, {
            entities,
            pagingInfo: { currentPage: pageNo, totalItems: rows.length, itemsPerPage: ITEMS, prevPage: pageNo > 1 ? pageNo - 1 : null, nextPage: pageNo < totalPages ? pageNo + 1 : null, totalPages, from, to: from ? from + entities.length - 1 : 0 },
          });
        }
        if (url.pathname === '/api/photos/upload') {
          const body = req.postDataJSON() as { guid: string; data: string };
          const bytes = Buffer.from(body.data, 'base64');
          if (bytes.length < 8 || !body.guid) return fail(route, 400, 'Not an image');
          const meta = await sharp(bytes).metadata();
          if (meta.width === 41) return fail(route, 401, 'Unauthorized');
          if (meta.width === 43) return fail(route, 500, 'Storage is down');
          await new Promise((r) => setTimeout(r, 400));
          const p: StubPhoto = { id: ++nextId, title: '', description: '', urlBig: null, urlMedium: null, urlSmall: null, usedInTours: [], usedInCountries: [], usedInWidgets: [], status: 'processing' };
          pending.set(p.id, opts.processingPolls ?? 2);
          photos.unshift(p);
          return ok(route, p);
        }
        const idMatch = /^\/api\/photos\/(\d+)$/.exec(url.pathname);
        if (idMatch && method === 'DELETE') {
          const p = photos.find((x) => x.id === Number(idMatch[1]));
          if (!p) return fail(route, 404, 'Photo not found');
          if (p.usedInTours.length) return fail(route, 400, `The photo is used in tours: ${p.usedInTours.map((t) => t.name).join(', ')}`);
          photos.splice(photos.indexOf(p), 1);
          return ok(route, null);
        }
        if (url.pathname === '/api/photos' && method === 'POST') {
          const body = req.postDataJSON() as { id: number; title: string; description: string };
          const p = photos.find((x) => x.id === body.id);
          if (!p) return fail(route, 404, 'Photo not found');
          Object.assign(p, { title: body.title, description: body.description });
          return ok(route, p);
        }
        return fail(route, 404, 'no such stub');
      });
    },
  };
}

describe('media manager (stand-in photos API)', () => {
  const token = tokenFor(['editor'], { fullName: 'Eddie Editor' });

  it('uploads a batch (duplicate names skipped, progress, Processing, on top), edits, deletes, and shows upload errors in Russian', async () => {
    const { context, page, errors } = await openApp(browser, baseUrl, '/account/login', { token });
    const api = stubApi(page);
    await api.install();
    await page.goto('/mediamanager');
    await page.getByTestId('media-grid').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Media Manager');
    expect(await tiles(page).count()).toBe(12);
    expect((await tileTitles(page)).slice(0, 2)).toEqual(['Fort at dusk', 'Wadi pools']);
    // Browse only: nothing selectable.
    expect(await page.getByTestId('media-select').count()).toBe(0);
    expect(await page.getByTestId('media-library').getAttribute('data-mode')).toBe('browse');

    // The preview of a chosen photo, with usage stats.
    await page.getByTestId('media-preview').getByText('Select a photo to preview it here.').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.locator('[data-testid=media-tile][data-photo-id="101"]').waitFor();
    await page.locator('[data-testid=media-tile][data-photo-id="101"] .media-tile__open').click();
    await page.getByTestId('media-preview-title').getByText('Dunes at sunset').waitFor();
    expect(await page.getByTestId('media-usage-tours').textContent()).toContain('Desert Safari with BBQ Dinner');
    expect(await page.getByTestId('media-usage-countries').textContent()).toContain('United Arab Emirates');
    expect(await page.getByTestId('media-usage-widgets').textContent()).toContain('Home page hero');
    await page.waitForFunction('document.querySelector(".media-preview__img")?.complete && document.querySelector(".media-preview__img").naturalWidth > 0').catch(() => undefined);
    await shot(page, 'media-1366-en-preview');

    // Deleting a photo in use is refused with the server's words.
    await page.getByTestId('media-preview-delete').click();
    const del = page.getByTestId('media-delete-dialog');
    await del.waitFor();
    expect(await page.getByTestId('media-delete-text').textContent()).toBe('Are you sure you want to delete photo?');
    expect(await del.getAttribute('role')).toBe('alertdialog');
    await page.getByTestId('media-delete-confirm').click();
    await page.getByTestId('media-delete-error').getByText('The photo is used in tours: Desert Safari with BBQ Dinner, Hot Air Balloon at Sunrise').waitFor();
    await page.keyboard.press('Escape');
    await del.waitFor({ state: 'detached' });

    // Filter: search text (debounced) and tours.
    await page.getByTestId('media-search').fill('souk');
    await waitFor(async () => (await tileTitles(page)).join('|') === 'Old town souk', 'the search result');
    expect(api.listBodies.at(-1)).toEqual({ page: 1, search: 'souk', toursIds: [] });
    await page.getByTestId('media-filter-clear').click();
    await waitFor(async () => (await tiles(page).count()) === 12, 'the whole first page again');

    // Upload three files, two of which share a name.
    const a1 = await writePicture(join(dir, 'one', 'camp.jpg'), 1, 'jpeg');
    const b = await writePicture(join(dir, 'one', 'oasis.png'), 2, 'png');
    const a2 = await writePicture(join(dir, 'two', 'camp.jpg'), 3, 'jpeg');
    await page.getByTestId('media-upload-input').setInputFiles([a1, b, a2]);
    await page.getByTestId('notification').filter({ hasText: 'Duplicate file names skipped' }).waitFor();
    expect(await page.getByTestId('notification').filter({ hasText: 'Duplicate file names skipped' }).textContent()).toContain('camp.jpg');
    // They appear at the top as Processing, then ready with their pictures.
    await waitFor(async () => (await page.locator('[data-testid=media-tile][data-status=processing]').count()) === 2, 'two Processing tiles');
    await shot(page, 'media-1366-en-processing');
    const uploadedIds = await firstIds(page, 2);
    expect(uploadedIds.every((id) => Number(id) > 114)).toBe(true);
    await waitFor(async () => (await page.locator('[data-testid=media-tile][data-status=processing]').count()) === 0, 'the variants to be ready');
    expect(await page.getByTestId('media-upload-tile').count()).toBe(0);
    expect((await tiles(page).nth(0).getAttribute('data-photo-id')) ?? '').toBe(uploadedIds[0]);
    expect(await tiles(page).nth(0).locator('img').count()).toBe(1);

    // The edit popup: Escape closes it; Save updates the tile in place.
    await tiles(page).nth(0).getByTestId('media-edit').click();
    const edit = page.getByTestId('media-edit-dialog');
    await edit.waitFor();
    expect(await page.evaluate('document.activeElement?.getAttribute("data-testid")')).toBe('media-edit-title-input');
    // Tab stays inside the popup.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate('!!document.activeElement?.closest("[data-testid=media-edit-dialog]")')).toBe(true);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await tiles(page).nth(0).getByTestId('media-edit').click();
    await page.getByTestId('media-edit-title-input').fill('Desert camp at dawn');
    await page.getByTestId('media-edit-description-input').fill('Tents and lanterns before sunrise.');
    await shot(page, 'media-1366-en-edit');
    await page.getByTestId('media-edit-save').click();
    await edit.waitFor({ state: 'detached' });
    expect((await tileTitles(page))[0]).toBe('Desert camp at dawn');

    // Delete an unused one: confirmation, then it is gone and the list is asked again.
    const before = api.listBodies.length;
    const goneId = await tiles(page).nth(1).getAttribute('data-photo-id');
    await tiles(page).nth(1).getByTestId('media-delete').click();
    await page.getByTestId('media-delete-dialog').waitFor();
    await shot(page, 'media-1366-en-delete');
    await page.getByTestId('media-delete-confirm').click();
    await page.getByTestId('media-delete-dialog').waitFor({ state: 'detached' });
    await page.locator(`[data-testid=media-tile][data-photo-id="${goneId}"]`).waitFor({ state: 'detached' });
    expect(api.listBodies.length).toBeGreaterThan(before);

    // Upload errors (spec 01 §8), in Russian even in the English interface.
    const unauth = join(dir, 'errs', 'unauth.png');
    mkdirSync(join(dir, 'errs'), { recursive: true });
    await sharp({ create: { width: 41, height: 41, channels: 3, background: '#888888' } }).png().toFile(unauth);
    const broken = join(dir, 'errs', 'broken.png');
    await sharp({ create: { width: 43, height: 43, channels: 3, background: '#888888' } }).png().toFile(broken);
    await page.getByTestId('media-upload-input').setInputFiles([unauth, broken]);
    await waitFor(async () => (await page.getByTestId('media-upload-error').count()) === 2, 'two failed uploads');
    expect((await page.getByTestId('media-upload-error').allTextContents()).map((s) => s.trim()).sort()).toEqual(['Ошибка 500', 'Ошибка авторизации. Повторите вход']);
    await shot(page, 'media-1366-en-errors');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('is for admins and editors only (spec 01 §2)', async () => {
    const { context, page } = await openApp(browser, baseUrl, '/mediamanager', { token: tokenFor(['guide']) });
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('media-library').count()).toBe(0);
    await context.close();
  });

  it('looks right in Russian and at 1920×1080', async () => {
    for (const [lang, width, height] of [
      ['ru', 1366, 768],
      ['ru', 1920, 1080],
      ['en', 1920, 1080],
    ] as const) {
      const { context, page, errors } = await openApp(browser, baseUrl, '/account/login', { token, lang, width, height });
      const api = stubApi(page, { processingPolls: 1000 });
      await api.install();
      await page.goto('/mediamanager');
      await page.getByTestId('media-grid').waitFor();
      if (lang === 'ru') expect(await page.getByTestId('page-title').textContent()).not.toBe('Media Manager');
      await page.locator('[data-testid=media-tile][data-photo-id="114"] .media-tile__open').click();
      await page.getByTestId('media-preview-photo').waitFor();
      await page.getByTestId('media-upload-input').setInputFiles([await writePicture(join(dir, `shot-${lang}-${width}`, 'new.png'), 4, 'png')]);
      await page.locator('[data-testid=media-tile][data-status=processing]').first().waitFor();
      await page.waitForTimeout(300);
      await shot(page, `media-${width}-${lang}`);
      if (lang === 'ru') {
        await tiles(page).nth(1).getByTestId('media-delete').click();
        expect(await page.getByTestId('media-delete-text').textContent()).toBe('Вы уверены, что хотите удалить фото?');
        await shot(page, `media-${width}-${lang}-delete`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The acceptance run against the real photos API.

const realApi = existsSync(join(__dirname, '..', '..', 'modules', 'media')) ? describe : describe.skip;

realApi('media manager (real photos API)', () => {
  // The API with an in-process photo worker (test/support/photos.ts), listening for the browser.
  let stack: Awaited<ReturnType<typeof startPhotoStack>>;
  let stackUrl: string;
  beforeAll(async () => {
    stack = await startPhotoStack();
    await stack.app.listen(0, '127.0.0.1');
    stackUrl = `http://127.0.0.1:${(stack.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('uploads three files of which two share a name: two photos at the top; an edited title survives a reload; delete asks and removes', async () => {
    const supplierId = 300_000 + Math.floor(Math.random() * 100_000);
    const token = tokenFor(['editor'], { fullName: 'Eddie Editor', supplierId });
    // One photo is there already, so 'at the top' means above it.
    const res = await fetch(`${stackUrl}/api/photos/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ guid: randomUUID(), data: (await picture(2, 'jpeg')).toString('base64') }),
    });
    const older = ((await res.json()) as { Content: { id: number } }).Content.id;
    const { context, page, errors } = await openApp(browser, stackUrl, '/mediamanager', { token });
    await page.locator(`[data-testid=media-tile][data-photo-id="${older}"]`).waitFor({ timeout: 15_000 });
    await page.getByTestId('media-library').waitFor();
    await page.locator('[data-testid=media-grid], [data-testid=media-empty]').first().waitFor();

    const a1 = await writePicture(join(dir, 'real1', 'harbour.jpg'), 0, 'jpeg');
    const b = await writePicture(join(dir, 'real1', 'lagoon.png'), 4, 'png');
    const a2 = await writePicture(join(dir, 'real2', 'harbour.jpg'), 5, 'jpeg');
    await page.getByTestId('media-upload-input').setInputFiles([a1, b, a2]);
    await page.getByTestId('notification').filter({ hasText: 'Duplicate file names skipped' }).waitFor();
    await waitFor(async () => (await page.getByTestId('media-upload-tile').count()) === 0 && (await tiles(page).count()) >= 2, 'both uploads to finish', 30_000);
    await shot(page, 'media-real-uploaded');
    expect(await page.getByTestId('media-upload-error').count()).toBe(0);
    const ids = await firstIds(page, 2);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(String(older));
    expect(await tiles(page).nth(2).getAttribute('data-photo-id')).toBe(String(older));
    // Processing until the worker has made the variants (never a broken image), then the pictures.
    await waitFor(async () => (await page.locator('[data-testid=media-tile][data-status=processing]').count()) === 0, 'the variants of both photos (is the worker running?)', 60_000);
    for (const id of ids) {
      const img = page.locator(`[data-testid=media-tile][data-photo-id="${id}"] img`);
      await img.waitFor();
      await waitFor(async () => (await img.evaluate((e) => (e as unknown as { complete: boolean; naturalWidth: number }).complete && (e as unknown as { naturalWidth: number }).naturalWidth > 0)) === true, `photo ${id} to load`);
    }
    await shot(page, 'media-real-ready');

    // Edit the title; a reload shows it.
    const first = page.locator(`[data-testid=media-tile][data-photo-id="${ids[0]}"]`);
    await first.getByTestId('media-edit').click();
    await page.getByTestId('media-edit-title-input').fill('Harbour at golden hour');
    await page.getByTestId('media-edit-save').click();
    await page.getByTestId('media-edit-dialog').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator(`[data-testid=media-tile][data-photo-id="${ids[0]}"]`).getByTestId('media-tile-title').getByText('Harbour at golden hour').waitFor();

    // Delete asks first, then removes it (also after a reload).
    await page.locator(`[data-testid=media-tile][data-photo-id="${ids[1]}"]`).getByTestId('media-delete').click();
    expect(await page.getByTestId('media-delete-text').textContent()).toBe('Are you sure you want to delete photo?');
    await page.getByTestId('media-delete-confirm').click();
    await page.locator(`[data-testid=media-tile][data-photo-id="${ids[1]}"]`).waitFor({ state: 'detached' });
    await page.reload();
    await page.locator(`[data-testid=media-tile][data-photo-id="${ids[0]}"]`).waitFor();
    expect(await page.locator(`[data-testid=media-tile][data-photo-id="${ids[1]}"]`).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
