import type { Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { KNEX } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { seedLanguages } from '../../apps/api/src/seed/seed-languages';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { startPhotoStack } from '../support/photos';
import { seedDemo } from '../support/reference';
import { firstIds, picture, scratchDir, shot, tiles, tileTitles, waitFor, writePicture } from './media-helpers';
import { openApp } from './shell-helpers';

/**
 * The media manager's acceptance run against the real /api/photos (when modules/media exists): three files of which
 * two share a name give two photos at the top, titled by their file names; an edited title shows after reload;
 * delete asks and removes; usage, the tours filter and a refused delete.
 */
const web = webSuite();
const inDir = scratchDir('tbo-media-real-');

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

  it('uploads three files of which two share a name: two photos at the top, titled by their file names; an edited title survives a reload; delete asks and removes', async () => {
    const supplierId = 300_000 + Math.floor(Math.random() * 100_000);
    const token = await tokenFor(['editor'], { fullName: 'Eddie Editor', supplierId });
    // One photo is there already, so 'at the top' means above it.
    const res = await fetch(`${stackUrl}/api/photos/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ guid: randomUUID(), data: (await picture(2, 'jpeg')).toString('base64') }),
    });
    const older = ((await res.json()) as { Content: { id: number } }).Content.id;
    const { context, page, errors } = await openApp(web.browser, stackUrl, '/mediamanager', { token });
    await page.locator(`[data-testid=media-tile][data-photo-id="${older}"]`).waitFor({ timeout: 15_000 });
    await page.getByTestId('media-library').waitFor();
    await page.locator('[data-testid=media-grid], [data-testid=media-empty]').first().waitFor();

    const a1 = await writePicture(inDir('real1', 'harbour.jpg'), 0, 'jpeg');
    const b = await writePicture(inDir('real1', 'lagoon.png'), 4, 'png');
    const a2 = await writePicture(inDir('real2', 'harbour.jpg'), 5, 'jpeg');
    await page.getByTestId('media-upload-input').setInputFiles([a1, b, a2]);
    await page.getByTestId('notification').filter({ hasText: 'Duplicate file names skipped' }).waitFor();
    await waitFor(async () => (await page.getByTestId('media-upload-tile').count()) === 0 && (await tiles(page).count()) >= 2, 'both uploads to finish', 30_000);
    await shot(page, 'media-real-uploaded');
    expect(await page.getByTestId('media-upload-error').count()).toBe(0);
    const ids = await firstIds(page, 2);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(String(older));
    // Titled by their file names without the extension (not left untitled).
    expect((await tileTitles(page)).slice(0, 2).sort()).toEqual(['harbour', 'lagoon']);
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

  it('refuses a file over 15 MB at once, before reading or sending it, with the notice a 413 gives', async () => {
    const token = await tokenFor(['editor'], { supplierId: 400_000 + Math.floor(Math.random() * 100_000) });
    const { context, page, errors } = await openApp(web.browser, stackUrl, '/mediamanager', { token });
    await page.locator('[data-testid=media-grid], [data-testid=media-empty]').first().waitFor();
    let posted = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/photos/upload') && posted++));
    await page.getByTestId('media-upload-input').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(15 * 1024 * 1024 + 1) });
    expect(await page.getByTestId('media-upload-error').textContent({ timeout: 3_000 })).toBe('Ошибка 413');
    // The interface says why itself: no server words came, as nothing was sent.
    await page.getByTestId('notification').filter({ hasText: 'huge.jpg' }).filter({ hasText: 'The file is larger than 15 MB' }).waitFor();
    expect(posted).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows where a photo is used once a tour uses it, filters by that tour, and refuses to delete it saying where', async () => {
    const db = stack.app.get<Knex>(KNEX);
    await seedDemo(stack.app);
    await seedLanguages(stack.app.get(CommandBus), db);
    const head = await stack.store.headPosition();
    if (head) await waitForProjection(db, stack.store, 'languages', head, 30_000);
    const languageId = ((await db('languages').select('id').where({ is_offers: true, is_deleted: false }).orderBy('id').first()) as { id: number }).id;
    const token = await tokenFor(['admin'], { supplierId: (await registerTenants(stack.app)).supplierId });
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${stackUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { Content: { id: number; position: string } }).Content;
    };
    const used = (await call('POST', '/api/photos/upload', { guid: randomUUID(), data: (await picture(1, 'jpeg')).toString('base64') })).id;
    const spare = (await call('POST', '/api/photos/upload', { guid: randomUUID(), data: (await picture(3, 'jpeg')).toString('base64') })).id;
    const tile = (page: Page, id: number) => page.locator(`[data-testid=media-tile][data-photo-id="${id}"]`);
    const usage = (page: Page) => page.getByTestId('media-usage');

    const { context, page, errors } = await openApp(web.browser, stackUrl, '/mediamanager', { token });
    await tile(page, used).locator('.media-tile__open').click();
    await page.locator(`[data-testid=media-preview-photo][data-photo-id="${used}"]`).waitFor();
    expect(await usage(page).textContent()).toContain('Not used in any tour, offer, country or widget.');

    const tour = await call('POST', '/api/tours', { id: 0, nameInternal: 'Sunset dunes', nameDisplay: 'Sunset dunes', languageId, toursCategories: [1], photos: [used], heroImageId: used });
    expect(await waitForProjection(db, stack.store, 'photo_usage', tour.position, 10_000)).toBe(true);
    await page.reload();
    await tile(page, used).locator('.media-tile__open').click();
    await page.getByTestId('media-usage-tours').waitFor();
    expect(await page.getByTestId('media-usage-tours').textContent()).toContain('Sunset dunes');
    expect(await usage(page).textContent()).not.toContain('Not used');
    expect(await tile(page, used).textContent()).toContain('In use');
    await shot(page, 'media-real-usage');

    // The tours filter offers the tour and narrows the grid to its photos.
    await page.locator('.media-filter__tours button.tbo-combo').click();
    const popover = page.locator('.tbo-popover.tbo-ms');
    await popover.locator('.tbo-ms__item', { hasText: 'Sunset dunes' }).locator('input').check();
    await page.keyboard.press('Escape');
    await waitFor(async () => (await tiles(page).count()) === 1 && (await tile(page, spare).count()) === 0, 'the grid filtered by the tour');
    expect(await tiles(page).first().getAttribute('data-photo-id')).toBe(String(used));

    // Delete is refused with the server's words, and the photo stays.
    await page.getByTestId('media-preview-delete').click();
    await page.getByTestId('media-delete-confirm').click();
    await page.getByTestId('media-delete-error').getByText("The photo cannot be deleted: it is used in tours 'Sunset dunes'. Remove it there first.").waitFor();
    await page.getByTestId('media-delete-cancel').click();
    expect(await tile(page, used).count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
