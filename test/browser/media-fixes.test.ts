import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { scratchDir, stubApi, tiles, tileTitles, TOURS, waitFor, writePicture } from './media-helpers';
import { openApp } from './shell-helpers';

/**
 * The media manager fixes of the house-keeping issue, against the stand-in photos API: the counter matches the
 * tiles after a delete the list still answers, an upload is titled by its file name, the picker offers only the
 * formats the server takes, and the Russian screens carry no English.
 */
const web = webSuite();
const inDir = scratchDir('tbo-media-fixes-');
let token: string;

beforeAll(async () => {
  token = await tokenFor(['editor'], { fullName: 'Eddie Editor' });
});

const range = async (page: Page) => ((await page.getByTestId('table-range').textContent()) ?? '').trim();

/** The counter's 'from–to' span must hold exactly the tiles shown. */
async function counterMatchesTiles(page: Page): Promise<boolean> {
  const m = /^(\d+)–(\d+)/.exec(await range(page));
  return !!m && Number(m[2]) - Number(m[1]) + 1 === (await tiles(page).count());
}

describe('media manager fixes (stand-in photos API)', () => {
  it('counts what it shows after a delete the list still answers; titles uploads by file name; offers only accepted formats', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login', { token });
    const api = stubApi(page, { lagDeletes: true });
    await api.install();
    await page.goto('/mediamanager');
    await page.getByTestId('media-grid').waitFor();
    expect(await range(page)).toBe('1–12 of 14');

    // The picker: JPEG, PNG, WebP and AVIF only, never every image (a GIF would be refused after the upload).
    const accept = ((await page.getByTestId('media-upload-input').getAttribute('accept')) ?? '').split(',');
    expect(accept).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/avif']));
    expect(accept.filter((a) => /\*|gif|svg|heic/i.test(a))).toEqual([]);

    // Delete an unused photo: the list goes on answering it (projection lag), the grid leaves it out, and the
    // counter follows the grid.
    const goneId = await tiles(page).nth(1).getAttribute('data-photo-id');
    const asked = api.listBodies.length;
    await tiles(page).nth(1).getByTestId('media-delete').click();
    await page.getByTestId('media-delete-confirm').click();
    await page.locator(`[data-testid=media-tile][data-photo-id="${goneId}"]`).waitFor({ state: 'detached' });
    await waitFor(async () => api.listBodies.length > asked, 'the list to be asked again');
    await waitFor(async () => (await range(page)) === '1–11 of 13', 'the counter of the 11 tiles shown');
    expect(await tiles(page).count()).toBe(11);

    // Uploads are titled by their file names without the extension.
    const oasis = await writePicture(inDir('up', 'oasis.png'), 2, 'png');
    const camp = await writePicture(inDir('up', 'camp.at.dawn.jpg'), 1, 'jpeg');
    await page.getByTestId('media-upload-input').setInputFiles([oasis, camp]);
    await waitFor(async () => api.uploadBodies.length === 2 && (await page.getByTestId('media-upload-tile').count()) === 0, 'both uploads');
    expect(api.uploadBodies.map((b) => b.title).sort()).toEqual(['camp.at.dawn', 'oasis']);
    await waitFor(async () => (await tileTitles(page)).slice(0, 2).sort().join('|') === 'camp.at.dawn|oasis', 'the uploads titled on top');
    await waitFor(() => counterMatchesTiles(page), 'the counter to match the tiles after the uploads');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows no English on the Russian media screens (grid, preview, filter, popups, refusals)', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login', { token, lang: 'ru' });
    const api = stubApi(page);
    await api.install();
    await page.goto('/mediamanager');
    await page.getByTestId('media-grid').waitFor();
    // The stand-in's data is English on purpose (titles, tours, usage): it is the user's text, not the interface's.
    const data = [...api.photos.flatMap((p) => [p.title, p.description, ...p.usedInCountries.map((x) => x.name), ...p.usedInWidgets.map((x) => x.name)]), ...TOURS.map((x) => x.name)].filter(Boolean);
    const english = async (selector: string) => {
      // The test code has no DOM types: the elements are described by the little used here.
      type El = { innerText: string; querySelectorAll: (s: string) => ArrayLike<{ getAttribute: (a: string) => string | null }> };
      const texts = await page.locator(selector).evaluateAll((els) =>
        (els as unknown as El[]).flatMap((root) => [
          root.innerText,
          ...Array.from(root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')).flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? '')),
        ]),
      );
      let all = texts.join('\n');
      for (const d of [...data].sort((a, b) => b.length - a.length)) all = all.split(d).join(' ');
      return (all.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['JPEG', 'PNG', 'WebP', 'AVIF'].includes(w));
    };
    await page.locator('.tbo-pager__page', { hasText: '2' }).click();
    await page.locator('[data-testid=media-tile][data-photo-id="101"] .media-tile__open').click();
    await page.getByTestId('media-usage-tours').waitFor();
    expect(await english('[data-testid=media-manager]')).toEqual([]);

    await page.locator('.media-filter__tours button.tbo-combo').click();
    await page.locator('.tbo-popover.tbo-ms').waitFor();
    expect(await english('.tbo-popover.tbo-ms')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('media-preview-edit').click();
    await page.getByTestId('media-edit-dialog').waitFor();
    expect(await english('[data-testid=media-edit-dialog]')).toEqual([]);
    await page.getByTestId('media-edit-cancel').click();
    // A refused delete says where the photo is used, in Russian (the server words it in English).
    await page.getByTestId('media-preview-delete').click();
    await page.getByTestId('media-delete-dialog').waitFor();
    await page.getByTestId('media-delete-confirm').click();
    const refusal = page.getByTestId('media-delete-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Фото нельзя удалить');
    expect(await refusal.textContent()).toContain('«Desert Safari with BBQ Dinner»');
    expect(await english('[data-testid=media-delete-dialog]')).toEqual([]);
    await page.getByTestId('media-delete-cancel').click();

    // A refused upload: the notification and the tile explain it in Russian too.
    const refused = inDir('ru', 'refused.png');
    mkdirSync(inDir('ru'), { recursive: true });
    await sharp({ create: { width: 45, height: 45, channels: 3, background: '#888888' } }).png().toFile(refused);
    data.push('refused.png');
    await page.getByTestId('media-upload-input').setInputFiles([refused]);
    await page.getByTestId('media-upload-error').waitFor();
    expect(await page.getByTestId('media-upload-error').getAttribute('title')).toContain('Файл не является поддерживаемым изображением');
    const note = page.getByTestId('notification').filter({ hasText: 'refused.png' });
    await note.waitFor();
    expect(await english('[data-testid=notification]')).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
