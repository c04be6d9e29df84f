import type { Page, Route } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { PhotoView } from '@tbo/media';
import { screenshotsTo } from './screenshots';

/** Shared by the media manager browser tests: pictures, screenshots, grid readers and a stand-in photos API. */
const COLORS: [string, string][] = [
  ['#0f4c5c', '#5fa8a0'],
  ['#e36414', '#fb8b24'],
  ['#4a3f75', '#9a8fd0'],
  ['#2e7d32', '#a5d6a7'],
  ['#1d6fb8', '#9cc9ef'],
  ['#7a2e2e', '#e08a8a'],
];

/** A small landscape-ish picture (gradient, sun, hills) as PNG or JPEG. */
export async function picture(i: number, format: 'png' | 'jpeg', width = 640, height = 480): Promise<Buffer> {
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

export async function writePicture(path: string, i: number, format: 'png' | 'jpeg'): Promise<string> {
  mkdirSync(join(path, '..'), { recursive: true });
  await sharp(await picture(i, format)).toFile(path);
  return path;
}

export const shot = screenshotsTo();

export const tiles = (page: Page) => page.getByTestId('media-tile');

export async function tileTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId('media-tile-title').allTextContents()).map((s) => s.trim());
}

/** The photo ids of the first `n` tiles of the grid. */
export async function firstIds(page: Page, n: number): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) out.push(await tiles(page).nth(i).getAttribute('data-photo-id'));
  return out;
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A stand-in photos API, so the screen is checked whatever the state of the server side.

/** A photo as the API answers it; the stand-in leaves out usedInOffers, which the screen takes as optional. */
export type StubPhoto = Omit<PhotoView, 'usedInOffers'>;

export const TOURS = [
  { id: 1, name: 'Desert Safari with BBQ Dinner' },
  { id: 2, name: 'Dhow Cruise Marina' },
  { id: 3, name: 'Abu Dhabi City Tour' },
  { id: 4, name: 'Hot Air Balloon at Sunrise' },
];

/**
 * `processingPolls`: list answers before an upload is ready. `lagDeletes`: the list keeps answering a deleted photo,
 * as the real list does for a moment while its projection catches up.
 */
export function stubApi(page: Page, opts: { processingPolls?: number; lagDeletes?: boolean } = {}) {
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
  const uploadBodies: { guid: string; data: string; title?: string }[] = [];
  const gone = new Set<number>();
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
    uploadBodies,
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
          const body = req.postDataJSON() as { guid: string; data: string; title?: string };
          uploadBodies.push(body);
          const bytes = Buffer.from(body.data, 'base64');
          if (bytes.length < 8 || !body.guid) return fail(route, 400, 'Not an image');
          const meta = await sharp(bytes).metadata();
          if (meta.width === 41) return fail(route, 401, 'Unauthorized');
          if (meta.width === 43) return fail(route, 500, 'Storage is down');
          if (meta.width === 45) return fail(route, 415, 'The file is not a supported image: upload a JPEG, PNG, WebP or AVIF photo');
          await new Promise((r) => setTimeout(r, 400));
          const p: StubPhoto = { id: ++nextId, title: body.title ?? '', description: '', urlBig: null, urlMedium: null, urlSmall: null, usedInTours: [], usedInCountries: [], usedInWidgets: [], status: 'processing' };
          pending.set(p.id, opts.processingPolls ?? 2);
          photos.unshift(p);
          return ok(route, p);
        }
        const idMatch = /^\/api\/photos\/(\d+)$/.exec(url.pathname);
        if (idMatch && method === 'DELETE') {
          const p = photos.find((x) => x.id === Number(idMatch[1]) && !gone.has(x.id));
          if (!p) return fail(route, 404, 'Photo not found');
          if (p.usedInTours.length) return fail(route, 400, `The photo is used in tours: ${p.usedInTours.map((t) => t.name).join(', ')}`);
          // Lagging, the list goes on answering it in its place.
          if (opts.lagDeletes) gone.add(p.id);
          else photos.splice(photos.indexOf(p), 1);
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

/** A folder of the file's own for the pictures it uploads, made before its tests and removed after them. */
export function scratchDir(prefix: string): (...parts: string[]) => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return (...parts) => {
    if (!dir) throw new Error('scratchDir: used before its beforeAll ran');
    return join(dir, ...parts);
  };
}
